// What ONDC's log validator checks of the sellers' messages (issue 11), held in CI where the
// validator itself cannot run: each rule here is one the validator reported against us.
import { describe, expect, it } from 'vitest';
import { buildOnSearchCatalog, NP_TYPE } from './catalogue/on-search.ts';
import { generateNetwork, providerItems, type GroceryStore } from './catalogue/generate.ts';
import { createNetworkClock } from './clock.ts';
import { minutesIn as at, orderOf, providerById, steadyItems } from './fixtures/orders.ts';
import { onInitMessage, onSelectMessage, orderMessage, storeProfile } from './order-messages.ts';
import { bapTermsOf, cancelOrder, timelineOf } from './orders.ts';
import { STEP } from './order-clock.ts';
import { priceOrder } from './quote.ts';
import { checkDelivery } from './serviceability.ts';

/** The delivery as soon as possible, no windows on offer. */
const ASAP = { slot: null, offered: [], toWire: (ms: number) => ms };

const quick = providerById('bengaluru-quick-basket-store');
const [tea, rice] = steadyItems(quick);
const order = () =>
  orderOf(quick, [
    [tea!, 2],
    [rice!, 1],
  ]);
const catalog = buildOnSearchCatalog(quick, {
  bppId: 'quick-basket.sellers.kirana.local',
  bppUri: 'http://sellers.localhost:5321/sellers/quick-basket.sellers.kirana.local',
});
const items = catalog['bpp/providers'][0]!.items;

describe('on_search as ONDC’s validator reads it', () => {
  it('states the seller app’s np_type in bpp/descriptor and an image on every offer', () => {
    expect(catalog['bpp/descriptor'].tags).toEqual([{ code: 'bpp_terms', list: [{ code: 'np_type', value: NP_TYPE }] }]);
    for (const offer of catalog['bpp/providers'][0]!.offers) expect(offer.descriptor.images?.length).toBe(1);
  });

  it('gives every item a time, a return window, and the statutory block its category needs', () => {
    const generated = new Map([...providerItems(quick)].map((i) => [i.id, i]));
    for (const item of items) {
      expect(item.time).toEqual({ label: 'enable', timestamp: expect.any(String) });
      expect(item['@ondc/org/return_window']).toMatch(/^P/);
      const source = generated.get(item.id);
      if (source?.kind !== 'grocery') continue;
      if (source.statutory === 'prepackaged_food') {
        const food = item['@ondc/org/statutory_reqs_prepackaged_food'];
        for (const field of [
          'nutritional_info',
          'additives_info',
          'brand_owner_FSSAI_license_no',
          'other_FSSAI_license_no',
          'importer_FSSAI_license_no',
        ] as const) {
          expect(food?.[field], `${item.id} ${field}`).toMatch(/\S/);
        }
      }
      if (source.statutory === 'packaged_commodities') expect(item['@ondc/org/statutory_reqs_packaged_commodities']).toBeDefined();
    }
  });
});

describe('catalogues outside grocery as ONDC’s validator reads them (constants/category.ts)', () => {
  // The mandatory attributes per category, as log-validation-utility 4d13362 lists them.
  const MANDATORY: Record<string, Record<string, string[]>> = {
    'ONDC:RET13': { '*': ['brand'] },
    'ONDC:RET16': { 'Cleaning Supplies': ['brand', 'colour', 'colour_name', 'material'], '*': ['brand', 'material'] },
    'ONDC:RET18': { '*': ['brand', 'prescription_required'] },
  };
  const stores = generateNetwork()
    .sellers.flatMap((s) => s.providers)
    .filter((p): p is GroceryStore => p.kind === 'grocery' && p.domain !== 'ONDC:RET10' && p.cityId === 'bengaluru');

  it('gives every item an origin and the attributes its domain and category make mandatory', () => {
    expect(new Set(stores.map((p) => p.domain))).toEqual(new Set(['ONDC:RET13', 'ONDC:RET16', 'ONDC:RET18']));
    for (const store of stores) {
      const listed = buildOnSearchCatalog(store, { bppId: 'x.sellers.kirana.local', bppUri: 'http://sellers.localhost/x' })['bpp/providers'][0]!.items;
      expect(listed.length).toBeGreaterThan(0);
      for (const item of listed) {
        const tags = item.tags ?? [];
        expect(
          tags.some((t) => t.code === 'origin'),
          item.id,
        ).toBe(true);
        const attributes = new Map((tags.find((t) => t.code === 'attribute')?.list ?? []).map((e) => [e.code, e.value]));
        const wanted = MANDATORY[store.domain]![item.category_id ?? ''] ?? MANDATORY[store.domain]!['*']!;
        for (const code of wanted) expect(attributes.get(code), `${item.id} ${code}`).toMatch(/\S/);
        if (attributes.has('colour')) expect(attributes.get('colour')).toMatch(/^#[a-fA-F0-9]{6}$/);
      }
    }
  });

  it('states one serviceability per category its items name, add-ons included (restaurants too)', () => {
    const restaurants = generateNetwork()
      .sellers.flatMap((s) => s.providers)
      .filter((p) => p.kind === 'restaurant' && p.cityId === 'bengaluru');
    for (const store of [...stores, ...restaurants]) {
      const provider = buildOnSearchCatalog(store, { bppId: 'x.sellers.kirana.local', bppUri: 'http://sellers.localhost/x' })['bpp/providers'][0]!;
      const served = (provider.tags ?? []).filter((t) => t.code === 'serviceability').map((t) => t.list.find((e) => e.code === 'category')?.value);
      expect(new Set(served), store.id).toEqual(new Set(provider.items.map((i) => i.category_id)));
      expect(served.length, store.id).toBe(new Set(served).size);
    }
  });

  it('lists variant groups in every store, however small its shelf ("Support for variants is mandatory")', () => {
    for (const store of stores) {
      const provider = buildOnSearchCatalog(store, { bppId: 'x.sellers.kirana.local', bppUri: 'http://sellers.localhost/x' })['bpp/providers'][0]!;
      expect(provider.categories?.length, store.id).toBeGreaterThan(0);
      const groups = new Set(provider.categories?.map((c) => c.id));
      for (const item of provider.items) if (item.parent_item_id) expect(groups.has(item.parent_item_id), item.id).toBe(true);
    }
  });
});

describe('order messages as ONDC’s validator reads them', () => {
  const priced = priceOrder({
    provider: quick,
    lines: [{ id: tea!.id, quantity: { count: 1 }, item: tea!, stock: 3 }],
    offers: [],
    delivery: checkDelivery(quick.locations[0]!, '560102'),
    store: 'open',
    now: new Date(),
  });

  it('on_select tells stock only as "99" or "0"; later quotes carry no stock figures', () => {
    const line = onSelectMessage(quick, priced, ASAP).order.quote.breakup[0] as { item: { quantity: { available: { count: string } } } };
    expect(line.item.quantity.available.count).toBe('99');
    const billing = { name: 'Asha Rao', phone: '9876543210', address: {} } as never;
    const init = onInitMessage(quick, priced, { billing, end: {} as never, paymentType: 'ON-ORDER', payment: undefined, slot: null, toWire: (ms) => ms });
    expect(init.order.quote.breakup[0]).not.toHaveProperty('item.quantity');
    expect(init.order).not.toHaveProperty('cancellation_terms');
    expect(init.order).not.toHaveProperty('provider_location');
  });

  it('cash on delivery: the seller collects, within a settlement window in hours or minutes', () => {
    const billing = { name: 'Asha Rao', phone: '9876543210', address: {} } as never;
    for (const paymentType of ['ON-FULFILLMENT', 'ON-ORDER'] as const) {
      const payment = onInitMessage(quick, priced, { billing, end: {} as never, paymentType, payment: undefined, slot: null, toWire: (ms) => ms }).order
        .payment;
      expect(payment['@ondc/org/settlement_window']).toMatch(/^PT\d+[MH]$/);
      // Pramaan: a cash-on-delivery confirm names the bank account the money settles to.
      const [details] = payment['@ondc/org/settlement_details'] as Array<Record<string, string>>;
      const wanted =
        paymentType === 'ON-FULFILLMENT'
          ? ['bank_name', 'branch_name', 'settlement_bank_account_no', 'settlement_ifsc_code', 'beneficiary_name']
          : ['upi_address', 'beneficiary_name'];
      for (const field of wanted) expect(details?.[field], `${paymentType} ${field}`).toMatch(/\S/);
    }
  });

  it('states np_type, a marketplace tax number unlike the store’s PAN, and echoes the buyer’s bap_terms', () => {
    const bap = { code: 'bap_terms', list: [{ code: 'tax_number', value: '29AAACK0000K1Z5' }] };
    const message = orderMessage({ ...order(), ...bapTermsOf([bap]) }, at(0));
    const terms = message.order.tags?.find((t) => t.code === 'bpp_terms');
    const value = (code: string) => terms?.list.find((e) => e.code === code)?.value;
    expect(value('np_type')).toBe(NP_TYPE);
    expect(value('tax_number')).toHaveLength(15);
    expect(value('tax_number')!.slice(2, 12)).not.toBe(value('provider_tax_number'));
    expect(value('provider_tax_number')).toBe(storeProfile(quick).taxNumber.slice(2, 12));
    expect(message.order.tags).toContainEqual(bap);
  });

  it('carries the invoice from pick-up on, routing on the delivery, and a pickup long_desc', () => {
    const invoiceUrl = 'http://sellers.localhost/sellers/x/invoice/O1';
    const timeline = timelineOf(order());
    const before = orderMessage(order(), timeline[STEP.packed]!, { invoiceUrl });
    const after = orderMessage(order(), timeline[STEP.pickedUp]!, { invoiceUrl });
    expect(before.order).not.toHaveProperty('documents');
    expect(after.order).toMatchObject({ documents: [{ url: invoiceUrl, label: 'Invoice' }] });
    const delivery = after.order.fulfillments[0] as unknown as { tags: unknown[]; start: { instructions: { long_desc: string } } };
    expect(delivery.tags).toEqual([{ code: 'routing', list: [{ code: 'type', value: 'P2P' }] }]);
    expect(delivery.start.instructions.long_desc).toMatch(/\S/);
  });

  it('a cancelled delivery carries cancel_request and precancel_state, not routing', () => {
    const cancelled = orderMessage(cancelOrder(order(), { reasonId: '010', by: 'kirana.localhost', at: new Date(at(5)) }), at(6));
    const delivery = cancelled.order.fulfillments.find((f) => f.type === 'Delivery') as { tags: Array<{ code: string }> };
    expect(delivery.tags.map((t) => t.code)).toEqual(['cancel_request', 'precancel_state']);
  });

  it('on a fast clock, every time that has happened is on the wire at or before the message’s real time', () => {
    let real = Date.parse('2026-11-24T10:00:00Z');
    const clock = createNetworkClock({ speed: 300, realNow: () => real });
    const placed = { ...orderOf(quick, [[tea!, 1]]), createdAt: clock.now().toISOString() };
    // Twenty real seconds at 300×: 100 network minutes, long past the delivery.
    real += 20_000;
    const message = orderMessage(placed, clock.now().getTime(), { toWire: clock.toReal });
    const happened = [
      message.order.updated_at,
      ...message.order.fulfillments.flatMap((f) => [
        (f as { start?: { time?: { timestamp?: string } } }).start?.time?.timestamp,
        (f as { end?: { time?: { timestamp?: string } } }).end?.time?.timestamp,
      ]),
    ].filter((t): t is string => typeof t === 'string');
    expect(happened.length).toBeGreaterThan(1);
    for (const time of happened) expect(Date.parse(time)).toBeLessThanOrEqual(real);
  });
});
