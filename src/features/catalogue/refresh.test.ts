import { describe, expect, it } from 'vitest';
import { catalogueSource, incrementalSearchIntent, keepsLearnedCatalogue, refreshDue, refreshTickMs } from './refresh.ts';

const MIN = 60_000;
const every = { fullMs: 60 * MIN, incMs: 5 * MIN };
const t = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 3, 0) + minutes * MIN);

describe('catalogue refresh schedule', () => {
  it('starts with a full refresh', () => {
    expect(refreshDue(t(0), { full: null, any: null }, every)).toEqual({ kind: 'full' });
  });
  it('asks only for changes between full refreshes, from the last refresh of either kind', () => {
    expect(refreshDue(t(4), { full: t(0), any: t(0) }, every)).toBeNull();
    expect(refreshDue(t(5), { full: t(0), any: t(0) }, every)).toEqual({ kind: 'incremental', since: t(0) });
    expect(refreshDue(t(11), { full: t(0), any: t(5) }, every)).toEqual({ kind: 'incremental', since: t(5) });
  });
  it('makes a full refresh again when one is due', () => {
    expect(refreshDue(t(60), { full: t(0), any: t(55) }, every)).toEqual({ kind: 'full' });
  });
  it('with incremental refresh off, only full refreshes', () => {
    expect(refreshDue(t(30), { full: t(0), any: t(0) }, { fullMs: 60 * MIN, incMs: 0 })).toBeNull();
    expect(refreshTickMs({ fullMs: 60 * MIN, incMs: 0 })).toBe(60 * MIN);
    expect(refreshTickMs({ fullMs: 0, incMs: 0 })).toBe(0);
    expect(refreshTickMs(every)).toBe(5 * MIN);
  });
});

describe('a start keeps the catalogue it learned', () => {
  const learned = { source: 'network A, build 1', at: t(0) };
  it('keeps it within the full-refresh period, from the same sellers read the same way', () => {
    expect(keepsLearnedCatalogue(t(3), learned, 'network A, build 1', false, every)).toBe(true);
    expect(keepsLearnedCatalogue(t(59), learned, 'network A, build 1', false, every)).toBe(true);
  });
  it('learns again once a full refresh is due, or when the clock went back', () => {
    expect(keepsLearnedCatalogue(t(60), learned, 'network A, build 1', false, every)).toBe(false);
    expect(keepsLearnedCatalogue(t(-1), learned, 'network A, build 1', false, every)).toBe(false);
  });
  it('learns again from other sellers, another build or other settings', () => {
    expect(keepsLearnedCatalogue(t(3), learned, 'network B, build 1', false, every)).toBe(false);
    expect(keepsLearnedCatalogue(t(3), learned, 'network A, build 2', false, every)).toBe(false);
  });
  it('learns when nothing was learned to the end, or a full refresh was left half done', () => {
    expect(keepsLearnedCatalogue(t(3), null, 'network A, build 1', false, every)).toBe(false);
    expect(keepsLearnedCatalogue(t(3), learned, 'network A, build 1', true, every)).toBe(false);
  });
  it('learns at every start when sellers are never asked for changes, or refresh is only at start', () => {
    expect(keepsLearnedCatalogue(t(3), learned, 'network A, build 1', false, { fullMs: 60 * MIN, incMs: 0 })).toBe(false);
    expect(keepsLearnedCatalogue(t(3), learned, 'network A, build 1', false, { fullMs: 0, incMs: 5 * MIN })).toBe(false);
  });
});

describe('where a catalogue is learned from', () => {
  const embedded = { embedded: true as const, url: 'http://127.0.0.1:5321', build: 'network-1' };
  const base = catalogueSource(embedded, 'storefront-1', {});
  it('is the same for the same builds and settings, whatever else the environment holds', () => {
    expect(catalogueSource(embedded, 'storefront-1', { PORT: '4321', NETWORK_CLOCK_SPEED: '60' })).toBe(base);
  });
  it('changes with the sellers’ address, whose URIs and photos the catalogue keeps', () => {
    expect(catalogueSource({ ...embedded, url: 'http://127.0.0.1:5322' }, 'storefront-1', {})).not.toBe(base);
  });
  it('changes with either build', () => {
    expect(catalogueSource({ ...embedded, build: 'network-2' }, 'storefront-1', {})).not.toBe(base);
    expect(catalogueSource(embedded, 'storefront-2', {})).not.toBe(base);
  });
  it.each(['CATALOGUE_SCALE', 'CATALOGUE_SEED', 'NETWORK_CORE_VERSION', 'ONDC_SEARCH_CORE_VERSION', 'PREFERRED_SELLER_ID'])('changes with %s', (name) => {
    expect(catalogueSource(embedded, 'storefront-1', { [name]: 'x' })).not.toBe(base);
  });
  it('names the gateway when the sellers are not ours, and not the embedded network’s settings', () => {
    const gateway = catalogueSource({ embedded: false, gatewayUrl: 'https://gw.example' }, 'storefront-1', {});
    expect(gateway).not.toBe(catalogueSource({ embedded: false, gatewayUrl: 'https://other.example' }, 'storefront-1', {}));
    expect(catalogueSource({ embedded: false, gatewayUrl: 'https://gw.example' }, 'storefront-1', { CATALOGUE_SCALE: '100k' })).toBe(gateway);
  });
});

describe('incremental search intent (ONDC catalog_inc)', () => {
  it('names the window with start_time before end_time, and our finder fee', () => {
    const intent = incrementalSearchIntent(t(0), t(5)).intent;
    expect(intent.tags).toEqual([
      {
        code: 'catalog_inc',
        list: [
          { code: 'start_time', value: t(0).toISOString() },
          { code: 'end_time', value: t(5).toISOString() },
        ],
      },
    ]);
    expect(intent.payment['@ondc/org/buyer_app_finder_fee_amount']).toBe('3');
  });
});
