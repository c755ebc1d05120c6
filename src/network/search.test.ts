import { describe, expect, it } from 'vitest';
import { generateNetwork, type Provider } from './catalogue/generate.ts';
import { PAGE_RETRY, pageOutcome, pageRetryDelay, searchPages, type SearchScope } from './search.ts';

const network = generateNetwork({ scale: 20_000 });
const providers: Provider[] = network.sellers.flatMap((s) => s.providers);
const scope = (overrides: Partial<SearchScope> = {}): SearchScope => ({
  city: 'std:080',
  domain: 'ONDC:RET10',
  intent: {},
  stockLeft: (item) => item.stock,
  ...overrides,
});

describe('search answers (ondc-notes §1 on_search)', () => {
  it('lists every provider of the city and domain, in pages of at most 500 items', () => {
    const pages = [...searchPages(providers, scope())];
    const expected = providers.filter((p) => p.cityCode === 'std:080' && p.domain === 'ONDC:RET10');
    expect(new Set(pages.map((p) => p.provider.id))).toEqual(new Set(expected.map((p) => p.id)));
    expect(pages.every((p) => p.items.length > 0 && p.items.length <= 500)).toBe(true);
    for (const provider of expected) {
      const listed = pages.filter((p) => p.provider === provider).reduce((n, p) => n + p.items.length, 0);
      expect(listed).toBe(provider.itemCount);
    }
    expect(pages.length).toBeGreaterThan(expected.length);
  });

  it('narrows to one provider, an item name or a category', () => {
    const onlyOne = [...searchPages(providers, scope({ intent: { provider: { id: 'bengaluru-quick-basket-store' } } }))];
    expect(new Set(onlyOne.map((p) => p.provider.id))).toEqual(new Set(['bengaluru-quick-basket-store']));
    const atta = [...searchPages(providers, scope({ intent: { item: { descriptor: { name: 'atta' } } } }))].flatMap((p) => p.items);
    expect(atta.length).toBeGreaterThan(0);
    expect(atta.every((i) => i.name.toLowerCase().includes('atta'))).toBe(true);
    const oil = [...searchPages(providers, scope({ intent: { category: { id: 'Oil & Ghee' } } }))].flatMap((p) => p.items);
    expect(oil.every((i) => i.kind !== 'customization' && i.ondcCategory === 'Oil & Ghee')).toBe(true);
  });

  it('says what stock is left', () => {
    const [page] = [...searchPages(providers, scope({ stockLeft: () => 0 }))];
    expect(page?.items.every((i) => i.stock === 0)).toBe(true);
  });

  it('lists nothing for another city or domain', () => {
    expect([...searchPages(providers, scope({ city: 'std:999' }))]).toEqual([]);
  });
});

describe('an on_search page the buyer app did not take (streaming ingestion)', () => {
  const nack = (code: string) => ({
    ok: true as const,
    status: 503,
    response: { message: { ack: { status: 'NACK' as const } }, error: { type: 'CORE-ERROR' as const, code, message: 'x' } },
  });
  it('is taken on an ACK, sent again when undelivered or NACKed as busy (23001), and not when refused for what it says', () => {
    expect(pageOutcome({ ok: true, status: 200, response: { message: { ack: { status: 'ACK' } } } })).toBe('taken');
    expect(pageOutcome({ ok: false, error: { kind: 'unreachable', message: 'ECONNREFUSED', attempts: 3 } })).toBe('again');
    expect(pageOutcome({ ok: false, error: { kind: 'timeout', attempts: 3 } })).toBe('again');
    expect(pageOutcome(nack('23001'))).toBe('again');
    expect(pageOutcome(nack('20006'))).toBe('refused');
  });
  it('waits 0.5 s, doubling to 5 s, and gives up after 3 minutes', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempt) => pageRetryDelay(attempt, 0))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(pageRetryDelay(40, PAGE_RETRY.giveUpAfterMs - 1)).toBe(5000);
    expect(pageRetryDelay(41, PAGE_RETRY.giveUpAfterMs)).toBeNull();
  });
});
