import { describe, expect, it } from 'vitest';
import { generateNetwork, type Provider } from './catalogue/generate.ts';
import { istHHMM, storeOpenState } from './store-hours.ts';

const providers = generateNetwork().sellers.flatMap((s) => s.providers);
function provider(id: string): Provider {
  const found = providers.find((p) => p.id === id);
  if (!found) throw new Error(`missing ${id}`);
  return found;
}

/** An instant whose Indian wall-clock time is `hhmm` (IST is UTC+05:30). */
function ist(hhmm: string): Date {
  return new Date(`2026-01-05T${hhmm.slice(0, 2)}:${hhmm.slice(2)}:00+05:30`);
}

describe('store open state (SPEC §4)', () => {
  it('reads the Indian wall clock', () => {
    expect(istHHMM(new Date('2026-01-05T18:30:00Z'))).toBe(0);
    expect(istHHMM(new Date('2026-01-05T04:00:00Z'))).toBe(930);
  });

  it('is open inside the hours and closed outside them', () => {
    const store = provider('bengaluru-grocer-one-store'); // 07:00–23:00
    expect(storeOpenState(store, ist('0659'))).toBe('closed');
    expect(storeOpenState(store, ist('0700'))).toBe('open');
    expect(storeOpenState(store, ist('2259'))).toBe('open');
    expect(storeOpenState(store, ist('2300'))).toBe('open');
    expect(storeOpenState(store, ist('2301'))).toBe('closed');
  });

  it('is open round the clock for an all-day store', () => {
    const store = provider('bengaluru-quick-basket-store');
    for (const time of ['0000', '0314', '1200', '2359']) expect(storeOpenState(store, ist(time))).toBe('open');
  });

  it('stays open past midnight when closing comes before opening', () => {
    const pizza = provider('bengaluru-dine-two-pizza'); // 11:00–03:00
    expect(storeOpenState(pizza, ist('0130'))).toBe('open');
    expect(storeOpenState(pizza, ist('0300'))).toBe('open');
    expect(storeOpenState(pizza, ist('0301'))).toBe('closed');
    expect(storeOpenState(pizza, ist('0600'))).toBe('closed');
  });

  it('is temporarily closed when the provider is disabled, whatever the time', () => {
    expect(storeOpenState(provider('chennai-grocer-two-store'), ist('1200'))).toBe('temporarily-closed');
  });
});
