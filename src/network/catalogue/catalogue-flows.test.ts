// The catalogue flows as ONDC's log validator reads them (flows 1, 7, 9; issue 11), held in CI
// where the validator cannot run.
import { describe, expect, it } from 'vitest';
import { generateNetwork, providerItems, type Provider } from './generate.ts';
import { RET10_CATEGORIES } from './names.ts';
import { buildIncrementalCatalog, buildOnSearchCatalog } from './on-search.ts';

const network = generateNetwork();
const providers = network.sellers.flatMap((s) => s.providers);
const bppUri = 'http://sellers.localhost:5321/sellers/s1';
const listed = (provider: Provider) => buildOnSearchCatalog(provider, { bppId: 's1', bppUri })['bpp/providers'][0]!;
const tagsOf = (item: { tags: Array<{ code: string; list: Array<{ code: string; value: string }> }> }, code: string) =>
  Object.fromEntries(item.tags.find((t) => t.code === code)?.list.map((e) => [e.code, e.value]) ?? []);

describe('full catalogues by domain', () => {
  it('a RET10 catalogue names only RET10 categories with a statutory rule (no Beauty & Hygiene, Baby Care, Cleaning & Household)', () => {
    for (const store of providers.filter((p) => p.domain === 'ONDC:RET10').slice(0, 6)) {
      for (const item of listed(store).items) expect(RET10_CATEGORIES.has(item.category_id), `${item.id}: ${item.category_id}`).toBe(true);
    }
  });

  it('personal care, home and health listings describe each item by attributes: brand, and for health whether a prescription is needed', () => {
    for (const domain of ['ONDC:RET13', 'ONDC:RET16', 'ONDC:RET18'] as const) {
      const counter = providers.find((p) => p.domain === domain)!;
      for (const item of listed(counter).items) {
        expect(tagsOf(item, 'attribute')['brand'], item.id).toMatch(/\S/);
        expect(tagsOf(item, 'origin')).toEqual({ country: 'IND' });
        if (domain === 'ONDC:RET18') expect(tagsOf(item, 'attribute')['prescription_required']).toBe('no');
      }
    }
  });
});

describe('incremental refresh (on_search_inc_refresh)', () => {
  const restaurant = providers.find((p) => p.kind === 'restaurant')!;
  const dish = [...providerItems(restaurant)].find((i) => i.kind === 'dish')!;
  const delta = buildIncrementalCatalog(restaurant, { bppId: 's1', bppUri, itemsOf: () => [{ ...dish, stock: 0 }] });

  it('carries neither the seller descriptor nor fulfillments, only the provider id and its changed items', () => {
    expect(Object.keys(delta)).toEqual(['bpp/providers']);
    expect(delta['bpp/providers'].map((p) => Object.keys(p))).toEqual([['id', 'items']]);
    expect(delta['bpp/providers'][0]!.items.map((i) => i.id)).toEqual([dish.id]);
  });

  it('sends each changed item whole (descriptor, quantity, price, category_id, tags) but without menu references', () => {
    const [item] = delta['bpp/providers'][0]!.items;
    expect(item).toMatchObject({ descriptor: { name: dish.name }, price: { currency: 'INR' }, category_id: expect.any(String), tags: expect.any(Array) });
    expect(item!.quantity.available.count).toBe('0');
    expect(item && 'category_ids' in item).toBe(false);
  });

  it('differs from the full listing in what changed (a validator refuses an item sent unchanged)', () => {
    const full = listed(restaurant).items.find((i) => i.id === dish.id)!;
    const { category_ids: _menus, ...unchanged } = full;
    expect(delta['bpp/providers'][0]!.items[0]).not.toEqual(unchanged);
  });
});
