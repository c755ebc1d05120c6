import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '#/lib/money.ts';
import { findProviderItem, generateNetwork, providerItems, type CatalogueItem, type Provider } from './catalogue/generate.ts';
import { hasPriceDrift } from './price-drift.ts';
import { priceOrder, wireQuote, type ItemLine, type QuoteInput, type RequestedLine } from './quote.ts';
import type { Tag } from './requests.ts';
import { checkDelivery } from './serviceability.ts';

const providers = generateNetwork().sellers.flatMap((s) => s.providers);
function provider(id: string): Provider {
  const found = providers.find((p) => p.id === id);
  if (!found) throw new Error(`missing ${id}`);
  return found;
}

/** An instant whose Indian wall-clock time is `hhmm` (IST is UTC+05:30). */
const ist = (hhmm: number) => new Date(`2026-01-05T${String(Math.floor(hhmm / 100)).padStart(2, '0')}:${String(hhmm % 100).padStart(2, '0')}:00+05:30`);

const quick = provider('bengaluru-quick-basket-store'); // free delivery from ₹99, fee ₹15
const quickItems = [...providerItems(quick)];
const steady = quickItems.filter((i) => i.stock >= 20 && !hasPriceDrift(i) && i.kind === 'grocery');
const pizza = provider('bengaluru-dine-two-pizza');

function firstOf(items: readonly CatalogueItem[], test: (item: CatalogueItem) => boolean): CatalogueItem {
  const found = items.find(test);
  if (!found) throw new Error('no such item');
  return found;
}

function line(item: CatalogueItem, count: number, extra: Partial<RequestedLine> = {}): RequestedLine {
  return { id: item.id, quantity: { count }, item, stock: item.stock, ...extra };
}

function input(overrides: Partial<QuoteInput> & { lines: RequestedLine[] }): QuoteInput {
  const home = overrides.provider ?? quick;
  return {
    provider: home,
    offers: [],
    delivery: checkDelivery(home.locations[0]!, home.locations[0]!.pincode),
    store: 'open',
    now: ist(1200),
    ...overrides,
  };
}

function itemLines(lines: ReturnType<typeof priceOrder>['quote']['lines']): ItemLine[] {
  return lines.filter((l): l is ItemLine => l.titleType === 'item');
}

const cheap = firstOf(steady, (i) => i.pricePaise < 3_000);
const dear = firstOf(steady, (i) => i.pricePaise >= 15_000);

describe('quote total (ondc-notes §1: quote.price equals the breakup, to the paisa)', () => {
  it('adds up on the wire for grocery and restaurant orders', () => {
    const margherita = findProviderItem(pizza, `${pizza.id}-d1`)!;
    const regular = findProviderItem(pizza, `${pizza.id}-c1`)!;
    const classic = findProviderItem(pizza, `${pizza.id}-c4`)!;
    const olives = findProviderItem(pizza, `${pizza.id}-c11`)!;
    const orders = [
      priceOrder(input({ lines: [line(cheap, 3), line(dear, 1)], offers: [{ id: quick.offers[0]!.code }] })),
      priceOrder(
        input({
          provider: pizza,
          lines: [
            line(margherita, 2, { parent_item_id: 'P1' }),
            line(regular, 2, { parent_item_id: 'P1' }),
            line(classic, 2, { parent_item_id: 'P1' }),
            line(olives, 2, { parent_item_id: 'P1' }),
          ],
          offers: [{ id: pizza.offers[0]!.code }],
        }),
      ),
    ];
    for (const order of orders) {
      const wire = wireQuote(order.quote);
      const sum = wire.breakup.reduce((n, l) => n + rupeesToPaise(l.price.value), 0);
      expect(rupeesToPaise(wire.price.value)).toBe(sum);
      expect(order.totalPaise).toBe(sum);
      expect(order.error).toBeNull();
    }
  });

  it('keeps item lines, the delivery line, and only non-zero other lines', () => {
    const order = priceOrder(input({ lines: [line(dear, 1)] }));
    expect(order.quote.lines.map((l) => l.titleType)).toEqual(['item', 'delivery']);
    const wire = wireQuote(order.quote, 'select');
    expect(wire.breakup[0]).toMatchObject({
      '@ondc/org/item_id': dear.id,
      '@ondc/org/item_quantity': { count: 1 },
      '@ondc/org/title_type': 'item',
      // On the wire, available is "99" (in stock) or "0", never the stock itself.
      item: { quantity: { available: { count: '99' }, maximum: { count: String(dear.kind === 'grocery' ? dear.maxPerOrder : 0) } } },
    });
    // After on_select the quote carries no stock figures.
    expect(wireQuote(order.quote).breakup[0]).not.toHaveProperty('item.quantity');
  });
});

describe('delivery fee and the free-delivery threshold', () => {
  it('charges the provider fee below the threshold', () => {
    const order = priceOrder(input({ lines: [line(cheap, 1)] }));
    expect(cheap.pricePaise).toBeLessThan(quick.freeDeliveryAbovePaise!);
    expect(order.quote.lines.find((l) => l.titleType === 'delivery')?.pricePaise).toBe(quick.deliveryFeePaise);
  });

  it('delivers free at or above the threshold, still with its delivery line (ONDC wants one)', () => {
    const order = priceOrder(input({ lines: [line(dear, 1)] }));
    expect(order.itemsTotalPaise).toBeGreaterThanOrEqual(quick.freeDeliveryAbovePaise!);
    expect(order.quote.lines.filter((l) => l.titleType === 'delivery').map((l) => l.pricePaise)).toEqual([0]);
  });
});

describe('business errors in on_select (ondc-notes §1, §2)', () => {
  it('30009: a pincode outside the circle is Non-serviceable and has no delivery line', () => {
    const order = priceOrder(input({ lines: [line(cheap, 1)], delivery: checkDelivery(quick.locations[0]!, '560064') }));
    expect(order.serviceable).toBe(false);
    expect(order.error).toMatchObject({ type: 'DOMAIN-ERROR', code: '30009' });
    expect(order.quote.lines.some((l) => l.titleType === 'delivery')).toBe(false);
  });

  it('30011: no delivery partner for a served pincode beyond rider range', () => {
    const freshmart = provider('bengaluru-grocer-one-store');
    const item = [...providerItems(freshmart)].find((i) => i.stock > 5)!;
    const order = priceOrder(input({ provider: freshmart, lines: [line(item, 1)], delivery: checkDelivery(freshmart.locations[0]!, '560024') }));
    expect(order.error?.code).toBe('30011');
    expect(order.serviceable).toBe(false);
  });

  it('30017: a closed or disabled store, before any other error', () => {
    const closed = priceOrder(input({ lines: [line(cheap, 1)], store: 'closed', delivery: checkDelivery(quick.locations[0]!, '560064') }));
    expect(closed.error?.code).toBe('30017');
    expect(priceOrder(input({ lines: [line(cheap, 1)], store: 'temporarily-closed' })).error?.code).toBe('30017');
  });

  it('30023: items below the minimum order value', () => {
    const mumbai = provider('mumbai-grocer-one-store');
    const item = firstOf(
      [...providerItems(mumbai)],
      (i) => i.stock > 5 && i.pricePaise < mumbai.minOrderPaise! / 2 && i.pricePaise > mumbai.minOrderPaise! / 5,
    );
    const below = priceOrder(input({ provider: mumbai, lines: [line(item, 1)] }));
    expect(below.error).toMatchObject({ code: '30023', message: expect.stringContaining('199.00') });
    const enough = Math.ceil(mumbai.minOrderPaise! / item.pricePaise);
    expect(priceOrder(input({ provider: mumbai, lines: [line(item, enough, { stock: 99 })] })).error).toBeNull();
  });

  it('40002: a count above stock drops to what is left, with the item list as the message', () => {
    const order = priceOrder(input({ lines: [line(dear, 3, { stock: 2 }), line(cheap, 1)] }));
    expect(itemLines(order.quote.lines).map((l) => [l.itemId, l.count, l.available])).toEqual([
      [dear.id, 2, 99],
      [cheap.id, 1, 99],
    ]);
    expect(order.error).toEqual({ type: 'DOMAIN-ERROR', code: '40002', message: JSON.stringify([{ item_id: dear.id, error: '40002' }]) });
  });

  it('40002: an item out of stock is quoted at 0 and still listed', () => {
    const order = priceOrder(input({ lines: [line(dear, 1, { stock: 0 })] }));
    expect(itemLines(order.quote.lines)[0]).toMatchObject({ count: 0, pricePaise: 0, available: 0 });
    expect(order.error?.code).toBe('40002');
  });

  it('40002 counts stock once across lines of the same item', () => {
    const order = priceOrder(input({ lines: [line(dear, 2, { stock: 3 }), line(dear, 2, { stock: 3 })] }));
    expect(itemLines(order.quote.lines).map((l) => l.count)).toEqual([2, 1]);
    expect(order.error?.code).toBe('40002');
  });

  it('40009: a count above the per-order maximum is quoted at the maximum', () => {
    const limited = firstOf(steady, (i) => i.kind === 'grocery' && i.maxPerOrder < 10);
    const maximum = limited.kind === 'grocery' ? limited.maxPerOrder : 0;
    const order = priceOrder(input({ lines: [line(limited, maximum + 1, { stock: 50 })] }));
    expect(itemLines(order.quote.lines)[0]?.count).toBe(maximum);
    expect(order.error?.code).toBe('40009');
  });

  it('30004: an unknown item gets no line', () => {
    const order = priceOrder(input({ lines: [line(cheap, 1), { id: 'no-such-item', quantity: { count: 1 }, item: null, stock: 0 }] }));
    expect(itemLines(order.quote.lines).map((l) => l.itemId)).toEqual([cheap.id]);
    expect(order.error).toMatchObject({ code: '30004', message: JSON.stringify([{ item_id: 'no-such-item', error: '30004' }]) });
  });

  it('an item of another provider is unknown here', () => {
    const elsewhere = [...providerItems(provider('bengaluru-grocer-two-store'))][0]!;
    expect(priceOrder(input({ lines: [line(elsewhere, 1)] })).error?.code).toBe('30004');
  });
});

describe('price change between catalogue and quote (SPEC §5 ITEM_PRICE_CHANGED)', () => {
  it('quotes a drifting item above its catalogue price', () => {
    const drifting = firstOf(quickItems, (i) => hasPriceDrift(i) && i.stock > 0);
    const [quoted] = itemLines(priceOrder(input({ lines: [line(drifting, 1)] })).quote.lines);
    expect(quoted?.unitPaise).toBeGreaterThan(drifting.pricePaise);
  });
});

describe('offers (SPEC §5 offers)', () => {
  const percent = quick.offers.find((o) => o.kind === 'percent')!;
  const apply = (id: string, value = 'yes'): { id: string; tags: Tag[] } => ({ id, tags: [{ code: 'selection', list: [{ code: 'apply', value }] }] });

  it('spreads the discount over the item lines, capped by the offer', () => {
    const lines = [line(dear, 2), line(cheap, 5)];
    const order = priceOrder(input({ lines, offers: [apply(percent.code)] }));
    const discount = -order.quote.lines.filter((l) => l.titleType === 'discount').reduce((n, l) => n + l.pricePaise, 0);
    const expected = percent.kind === 'percent' ? Math.min(Math.floor((order.itemsTotalPaise * percent.percent) / 100), percent.maxDiscountPaise) : 0;
    expect(order.itemsTotalPaise).toBeGreaterThanOrEqual(percent.minOrderPaise);
    expect(discount).toBe(expected);
    expect(order.offer?.code).toBe(percent.code);
  });

  it('ignores an offer the buyer did not apply', () => {
    const order = priceOrder(input({ lines: [line(dear, 2)], offers: [apply(percent.code, 'no')] }));
    expect(order.quote.lines.some((l) => l.titleType === 'discount')).toBe(false);
    expect(order.error).toBeNull();
  });

  it('30006 for an unknown code, 30007 below the offer minimum', () => {
    expect(priceOrder(input({ lines: [line(dear, 1)], offers: [apply('NOPE')] })).error?.code).toBe('30006');
    const small = priceOrder(input({ lines: [line(cheap, 1)], offers: [apply(percent.code)] }));
    expect(small.error?.code).toBe('30007');
    expect(small.quote.lines.some((l) => l.titleType === 'discount')).toBe(false);
  });
});

describe('restaurant orders (ondc-notes §4 RET11 customisation)', () => {
  const [margherita, regular, medium, classic, olives] = ['d1', 'c1', 'c2', 'c4', 'c11'].map((suffix) => findProviderItem(pizza, `${pizza.id}-${suffix}`)!);

  it('quotes add-ons under their dish with parent_item_id and type/parent tags, plus tax, packing and a convenience fee', () => {
    const order = priceOrder(
      input({
        provider: pizza,
        lines: [line(margherita!, 1, { parent_item_id: 'X1' }), line(medium!, 1, { parent_item_id: 'X1' }), line(classic!, 1, { parent_item_id: 'X1' })],
      }),
    );
    expect(order.error).toBeNull();
    const wire = wireQuote(order.quote);
    expect(wire.breakup[1]).toMatchObject({
      '@ondc/org/item_id': medium!.id,
      item: {
        parent_item_id: 'X1',
        tags: [
          { code: 'type', list: [{ code: 'type', value: 'customization' }] },
          { code: 'parent', list: [{ code: 'id', value: 'CG1' }] },
        ],
      },
    });
    // ONDC's validator: a quoted item's tags, when it has any, are at least two.
    expect(wire.breakup[0]).toMatchObject({
      item: {
        tags: [
          { code: 'type', list: [{ code: 'type', value: 'item' }] },
          { code: 'veg_nonveg', list: [{ code: margherita!.vegNonVeg, value: 'yes' }] },
        ],
      },
    });
    for (const line of wire.breakup) expect((line as { item?: { tags?: unknown[] } }).item?.tags?.length ?? 2).toBeGreaterThanOrEqual(2);
    const types = order.quote.lines.map((l) => l.titleType);
    expect(types).toEqual(expect.arrayContaining(['packing', 'tax', 'misc']));
    const tax = order.quote.lines.filter((l) => l.titleType === 'tax').reduce((n, l) => n + l.pricePaise, 0);
    expect(tax).toBe(Math.round((margherita!.pricePaise * 5) / 100) + Math.round((medium!.pricePaise * 5) / 100));
    expect(wireQuote(order.quote).ttl).toBe('PT1H');
  });

  it('40002 names a restaurant line by its parent_item_id too (the validator’s dynamic_item_id)', () => {
    const order = priceOrder(
      input({
        provider: pizza,
        lines: [
          line(margherita!, 2, { parent_item_id: 'X1', stock: 1 }),
          line(medium!, 2, { parent_item_id: 'X1' }),
          line(classic!, 2, { parent_item_id: 'X1' }),
        ],
      }),
    );
    expect(order.error).toMatchObject({ code: '40002' });
    expect(JSON.parse(order.error!.message ?? '[]')).toEqual([{ dynamic_item_id: 'X1', item_id: margherita!.id, error: '40002' }]);
  });

  it('30000 when a required group gets no choice', () => {
    const order = priceOrder(input({ provider: pizza, lines: [line(margherita!, 1, { parent_item_id: 'X1' }), line(regular!, 1, { parent_item_id: 'X1' })] }));
    expect(order.error).toMatchObject({ code: '30000', message: expect.stringContaining('Crust') });
  });

  it('30000 when an add-on does not belong to the dish or has no dish', () => {
    const burger = findProviderItem(pizza, `${pizza.id}-d6`)!;
    expect(
      priceOrder(input({ provider: pizza, lines: [line(burger, 1, { parent_item_id: 'B1' }), line(olives!, 1, { parent_item_id: 'B1' })] })).error?.code,
    ).toBe('30000');
    expect(priceOrder(input({ provider: pizza, lines: [line(olives!, 1, { parent_item_id: 'Z9' })] })).error?.code).toBe('30000');
  });
});

describe('offers with a time window (issue 28)', () => {
  const evening = quick.offers.find((o) => o.window)!;
  const apply = [{ id: evening.code, tags: [{ code: 'selection', list: [{ code: 'apply', value: 'yes' }] }] }];
  const enough = () => [line(dear, Math.ceil(evening.minOrderPaise / dear.pricePaise))];
  const discountOf = (order: ReturnType<typeof priceOrder>) =>
    order.quote.lines.filter((l) => l.titleType === 'discount').reduce((n, l) => n - l.pricePaise, 0);

  it('a grocery store advertises one, 4 pm to 7 pm', () => {
    expect(evening).toMatchObject({ code: 'EVENING50', window: { timeFrom: 1600, timeTo: 1900 } });
  });

  it.each([1600, 1730, 1900])('applies inside its window (%i)', (hhmm) => {
    const order = priceOrder(input({ lines: enough(), offers: apply, now: ist(hhmm) }));
    expect(order.error).toBeNull();
    expect(order.offer?.code).toBe(evening.code);
    expect(discountOf(order)).toBeGreaterThan(0);
  });

  it.each([1200, 1559, 1901])('is refused outside it with 30007, and the quote has no discount (%i)', (hhmm) => {
    const order = priceOrder(input({ lines: enough(), offers: apply, now: ist(hhmm) }));
    expect(order.error).toMatchObject({ code: '30007', message: 'EVENING50 applies 1600–1900 only' });
    expect(order.offer).toBeNull();
    expect(order.quote.lines.some((l) => l.titleType === 'discount')).toBe(false);
  });
});

describe('issue 29: the buyer’s tip for the rider', () => {
  it('is quoted whole as the delivery’s misc line "Tip", and in the total', () => {
    const without = priceOrder(input({ lines: [line(dear, 1)] }));
    const tipped = priceOrder(input({ lines: [line(dear, 1)], tipPaise: 3_000 }));
    expect(tipped.quote.lines.filter((l) => l.title === 'Tip')).toEqual([{ titleType: 'misc', itemId: 'F1', title: 'Tip', pricePaise: 3_000 }]);
    expect(tipped.totalPaise).toBe(without.totalPaise + 3_000);
    const wire = wireQuote(tipped.quote);
    expect(wire.breakup).toContainEqual({
      '@ondc/org/item_id': 'F1',
      title: 'Tip',
      '@ondc/org/title_type': 'misc',
      price: { currency: 'INR', value: '30.00' },
    });
    expect(rupeesToPaise(wire.price.value)).toBe(tipped.totalPaise);
  });

  it('is no line without a tip, nor where the store does not deliver', () => {
    expect(priceOrder(input({ lines: [line(dear, 1)] })).quote.lines.some((l) => l.title === 'Tip')).toBe(false);
    const far = priceOrder(input({ lines: [line(dear, 1)], tipPaise: 3_000, delivery: checkDelivery(quick.locations[0]!, '110001') }));
    expect(far.serviceable).toBe(false);
    expect(far.quote.lines.some((l) => l.title === 'Tip')).toBe(false);
  });
});
