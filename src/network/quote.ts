// A seller's quote for an order (ondc-notes §1 on_select): one `item` line per requested line
// (always, even at count 0), the `delivery` line wherever the store delivers (0.00 when free),
// then only the non-zero `packing`, `discount`, `tax` and `misc` lines; quote.price is the sum of the breakup, to the paisa. The same pricing answers
// select, init and confirm, so the three can never disagree.
//
// The business errors a select can meet come out of here too, one per callback (the `error`
// object holds one), the most fundamental first: a closed store before an unserviceable pincode
// before item problems before the order value.
import { z } from 'zod';
import { apportion, paiseToRupees } from '#/lib/money.ts';
import type { ProtocolError } from '#/ondc/context.ts';
import type { CatalogueItem, Offer, Provider } from './catalogue/generate.ts';
import { formatHHMM } from './catalogue/hours.ts';
import { RESTAURANT_SERVICE } from './catalogue/tax.ts';
import { currentPricePaise } from './price-drift.ts';
import { tagSchema, tagValue, type OrderItem, type Tag } from './requests.ts';
import { TIP_TITLE } from '#/ondc/tip.ts';
import { itemsError, sellerError } from './seller-errors.ts';
import type { DeliveryCheck } from './serviceability.ts';
import { istHHMM, type StoreOpenState } from './store-hours.ts';

/** The delivery as soon as the store can (its TAT); a store may also deliver in windows (delivery-slots.ts). */
export const DELIVERY_ID = 'F1';

// Restaurant food carries 5 % GST (restaurant service, catalogue/tax.ts) on top of the menu price;
// grocery prices are MRP-based and include tax, so grocery quotes have no tax lines.
const RESTAURANT_GST_PERCENT = RESTAURANT_SERVICE.ratePercent;
const PACKING_PER_DISH_PAISE = 1_000;
const PACKING_CAP_PAISE = 5_000;
const RESTAURANT_CONVENIENCE_FEE_PAISE = 500;
// Available counts are "99" (in stock) or "0" on the wire, in the catalogue and in on_select
// alike (ondc-notes §1; ONDC's validator allows nothing else): a shortage shows as a quoted
// count below the one asked for, with error 40002.
const AVAILABLE_CEILING = 99;
const ADD_ON_MAXIMUM = 99;

const itemLineSchema = z.object({
  titleType: z.literal('item'),
  itemId: z.string(),
  title: z.string(),
  count: z.number().int().min(0),
  unitPaise: z.number().int(),
  available: z.number().int().min(0),
  maximum: z.number().int().min(0),
  pricePaise: z.number().int(),
  parentItemId: z.string().optional(),
  tags: z.array(tagSchema).optional(),
});

/** A tax or discount on one item line; `line` is that line's index in the breakup. */
const itemChargeLineSchema = z.object({
  titleType: z.enum(['tax', 'discount']),
  itemId: z.string(),
  title: z.string(),
  line: z.number().int().min(0),
  pricePaise: z.number().int(),
});

const fulfillmentChargeLineSchema = z.object({
  titleType: z.enum(['delivery', 'packing', 'misc']),
  itemId: z.string(),
  title: z.string(),
  pricePaise: z.number().int(),
});

const quoteLineSchema = z.discriminatedUnion('titleType', [itemLineSchema, itemChargeLineSchema, fulfillmentChargeLineSchema]);
export const quoteSchema = z.object({ ttl: z.string(), lines: z.array(quoteLineSchema) });
export type QuoteLine = z.infer<typeof quoteLineSchema>;
export type ItemLine = z.infer<typeof itemLineSchema>;
export type Quote = z.infer<typeof quoteSchema>;

export type RequestedLine = OrderItem & {
  /** the provider's catalogue item with this id, or null when it has none */
  item: CatalogueItem | null;
  /** units of the item the seller still has */
  stock: number;
};

export type QuoteInput = {
  provider: Provider;
  lines: readonly RequestedLine[];
  /** offer ids the buyer asked for (order.offers); the first one selected is tried */
  offers: ReadonlyArray<{ id: string; tags?: Tag[] | undefined }>;
  delivery: DeliveryCheck;
  store: StoreOpenState;
  /** The seller's clock: an offer with a time window applies only inside it (issue 28). */
  now: Date;
  /** What the full delivery address adds to the delivery line (init and confirm only; serviceability.ts). */
  dropSurchargePaise?: number;
  /** Issue 29: the buyer's tip for the rider, quoted as the seller passes it on, whole (ondc/tip.ts). */
  tipPaise?: number;
  /** Issue 29: the delivery the items go with, which the fulfillment-level lines name (DELIVERY_ID, or a window). */
  fulfillmentId?: string;
  /** Issue 29: why the window the buyer named cannot be had (30013), when it cannot. */
  fulfillmentError?: ProtocolError | null;
};

export type PricedOrder = {
  quote: Quote;
  totalPaise: number;
  itemsTotalPaise: number;
  serviceable: boolean;
  /** the offer whose discount is in the quote */
  offer: Offer | null;
  error: ProtocolError | null;
};

// The order the errors are reported in, when several apply.
const ERROR_PRIORITY = ['30017', '30009', '30011', '30013', '30004', '30000', '40002', '40009', '30023', '30006', '30007'];

export function sumPaise(lines: readonly QuoteLine[]): number {
  return lines.reduce((total, line) => total + line.pricePaise, 0);
}

/** ONDC's quote ttl: a day for stocked goods, an hour for what is cooked to order (ondc-notes §6). */
function quoteTtl(provider: Provider): string {
  return provider.kind === 'restaurant' ? 'PT1H' : 'P1D';
}

export function priceOrder(input: QuoteInput): PricedOrder {
  const { provider } = input;
  const errors = new Map<string, ProtocolError>();
  const report = (error: ProtocolError) => {
    if (!errors.has(error.code)) errors.set(error.code, error);
  };

  if (input.store !== 'open') report(sellerError('30017', storeClosedReason(provider, input.store)));
  if (!input.delivery.serviceable) report(sellerError(input.delivery.code, input.delivery.reason));
  if (input.fulfillmentError) report(input.fulfillmentError);
  const fulfillmentId = input.fulfillmentId ?? DELIVERY_ID;

  const itemLines = quoteItemLines(provider, input.lines);
  if (itemLines.unknown.length > 0) report(itemsError('30004', itemLines.unknown));
  const addOnProblem = provider.kind === 'restaurant' ? customisationProblem(provider, input.lines) : null;
  if (addOnProblem) report(sellerError('30000', addOnProblem));
  if (itemLines.outOfStock.length > 0) report(itemsError('40002', itemLines.outOfStock, itemLines.lineIds));
  if (itemLines.overLimit.length > 0) report(itemsError('40009', itemLines.overLimit));

  const lines: QuoteLine[] = [...itemLines.lines];
  const itemsTotalPaise = sumPaise(itemLines.lines);
  if (provider.minOrderPaise !== null && itemsTotalPaise < provider.minOrderPaise) {
    report(sellerError('30023', `Orders at this store start at ₹${paiseToRupees(provider.minOrderPaise)}`));
  }

  if (input.delivery.serviceable) {
    const free = provider.freeDeliveryAbovePaise !== null && itemsTotalPaise >= provider.freeDeliveryAbovePaise;
    // Where the store delivers, the delivery line is always there, at 0.00 when free (ONDC's rule).
    lines.push({
      titleType: 'delivery',
      itemId: fulfillmentId,
      title: 'Delivery charges',
      pricePaise: (free ? 0 : provider.deliveryFeePaise) + (input.dropSurchargePaise ?? 0),
    });
  }
  if (provider.kind === 'restaurant') {
    const dishes = itemLines.lines.reduce((n, line) => n + (line.tags && tagValue(line.tags, 'type', 'type') === 'customization' ? 0 : line.count), 0);
    pushNonZero(lines, {
      titleType: 'packing',
      itemId: fulfillmentId,
      title: 'Packing charges',
      pricePaise: Math.min(dishes * PACKING_PER_DISH_PAISE, PACKING_CAP_PAISE),
    });
  }

  const chosen = chooseOffer(provider, input.offers, itemsTotalPaise, istHHMM(input.now));
  if (chosen.error) report(chosen.error);
  const discounts =
    chosen.discountPaise > 0
      ? apportion(
          chosen.discountPaise,
          itemLines.lines.map((l) => l.pricePaise),
        )
      : [];
  itemLines.lines.forEach((line, index) => {
    pushNonZero(lines, { titleType: 'discount', itemId: line.itemId, title: 'Discount', line: index, pricePaise: -(discounts[index] ?? 0) });
  });
  if (provider.kind === 'restaurant') {
    itemLines.lines.forEach((line, index) => {
      const taxable = line.pricePaise - (discounts[index] ?? 0);
      pushNonZero(lines, {
        titleType: 'tax',
        itemId: line.itemId,
        title: 'Tax',
        line: index,
        pricePaise: Math.round((taxable * RESTAURANT_GST_PERCENT) / 100),
      });
    });
    pushNonZero(lines, { titleType: 'misc', itemId: fulfillmentId, title: 'Convenience Fee', pricePaise: RESTAURANT_CONVENIENCE_FEE_PAISE });
  }
  // A tip rides with the delivery: none where the store does not deliver.
  if (input.delivery.serviceable) pushNonZero(lines, { titleType: 'misc', itemId: fulfillmentId, title: TIP_TITLE, pricePaise: input.tipPaise ?? 0 });

  const firstError = ERROR_PRIORITY.map((code) => errors.get(code)).find((e) => e !== undefined) ?? null;
  return {
    quote: { ttl: quoteTtl(provider), lines },
    totalPaise: sumPaise(lines),
    itemsTotalPaise,
    serviceable: input.delivery.serviceable,
    offer: chosen.discountPaise > 0 ? chosen.offer : null,
    error: firstError,
  };
}

function pushNonZero(lines: QuoteLine[], line: QuoteLine) {
  if (line.pricePaise !== 0) lines.push(line);
}

function storeClosedReason(provider: Provider, state: Exclude<StoreOpenState, 'open'>): string {
  if (state === 'temporarily-closed') return `${provider.name} is not taking orders right now`;
  const { from, to } = provider.openingHours;
  return `${provider.name} is closed; it takes orders ${formatHHMM(from)}–${formatHHMM(to)} IST`;
}

type QuotedItems = { lines: ItemLine[]; unknown: string[]; outOfStock: string[]; overLimit: string[]; lineIds: Map<string, string> };

/**
 * One item line per requested line, in request order. Stock is shared by lines of the same
 * item (two pizzas with the same topping take it twice); a line asking for more than is left
 * is quoted at what is left (ondc-notes §1 out of stock: the count drops, 40002), and one above
 * the per-order maximum at the maximum (40009).
 */
function quoteItemLines(provider: Provider, requested: readonly RequestedLine[]): QuotedItems {
  const result: QuotedItems = { lines: [], unknown: [], outOfStock: [], overLimit: [], lineIds: new Map() };
  const left = new Map<string, number>();
  for (const line of requested) {
    const item = line.item;
    if (!item || item.providerId !== provider.id) {
      result.unknown.push(line.id);
      continue;
    }
    const stockLeft = left.get(item.id) ?? Math.max(0, line.stock);
    const maximum = item.kind === 'customization' ? ADD_ON_MAXIMUM : item.maxPerOrder;
    const allowed = Math.min(line.quantity.count, maximum);
    const count = Math.min(allowed, stockLeft);
    if (allowed < line.quantity.count) result.overLimit.push(item.id);
    if (count < allowed) result.outOfStock.push(item.id);
    if (line.parent_item_id !== undefined) result.lineIds.set(item.id, line.parent_item_id);
    left.set(item.id, stockLeft - count);
    const unitPaise = currentPricePaise(item);
    const tags = lineTags(item, line.parent_item_id);
    result.lines.push({
      titleType: 'item',
      itemId: item.id,
      title: item.name,
      count,
      unitPaise,
      available: stockLeft > 0 ? AVAILABLE_CEILING : 0,
      maximum,
      pricePaise: unitPaise * count,
      ...(line.parent_item_id === undefined ? {} : { parentItemId: line.parent_item_id }),
      ...(tags ? { tags } : {}),
    });
  }
  return result;
}

// ondc-notes §4: RET11 lines say what they are, and an add-on which group it was chosen from.
function lineTags(item: CatalogueItem, parentItemId: string | undefined): Tag[] | null {
  if (item.kind === 'customization') {
    return [
      { code: 'type', list: [{ code: 'type', value: 'customization' }] },
      { code: 'parent', list: [{ code: 'id', value: item.parentGroupId }] },
    ];
  }
  // ONDC's validator wants at least two tags on a quoted item that has any: the dish also says
  // what food it is, as its catalogue entry does (every dish is veg, non_veg or egg).
  if (item.kind === 'dish' && parentItemId !== undefined) {
    return [
      { code: 'type', list: [{ code: 'type', value: 'item' }] },
      ...(item.vegNonVeg ? [{ code: 'veg_nonveg', list: [{ code: item.vegNonVeg, value: 'yes' }] }] : []),
    ];
  }
  return null;
}

/**
 * What is wrong with the add-ons of a restaurant order, or null (ondc-notes §4 RET11): each
 * add-on shares its dish's parent_item_id, comes from a group the dish (or a chosen add-on's
 * child group) offers, and every group open to the dish gets between `min` and `max` choices.
 */
function customisationProblem(provider: Provider & { kind: 'restaurant' }, requested: readonly RequestedLine[]): string | null {
  const groups = new Map(provider.customGroups.map((g) => [g.id, g]));
  const dishes = requested.filter((l) => l.item?.kind === 'dish' && l.item.providerId === provider.id);
  const addOns = requested.filter((l) => l.item?.kind === 'customization' && l.item.providerId === provider.id);
  const seenParents = new Set<string>();
  for (const dishLine of dishes) {
    const parent = dishLine.parent_item_id;
    if (parent !== undefined && seenParents.has(parent)) return `Two dishes share parent_item_id ${parent}`;
    if (parent !== undefined) seenParents.add(parent);
  }
  for (const addOn of addOns) {
    if (addOn.parent_item_id === undefined || !seenParents.has(addOn.parent_item_id)) {
      return `Add-on ${addOn.id} has no dish with its parent_item_id`;
    }
  }

  for (const dishLine of dishes) {
    if (dishLine.item?.kind !== 'dish') continue;
    const dish = dishLine.item;
    const chosen = addOns.flatMap((l) =>
      l.item?.kind === 'customization' && dishLine.parent_item_id !== undefined && l.parent_item_id === dishLine.parent_item_id ? [l.item] : [],
    );
    // Groups open up as choices are made: a size opens its crusts, a crust its toppings.
    const open = new Set(dish.customGroupIds);
    for (let grew = true; grew; ) {
      grew = false;
      for (const option of chosen) {
        if (!open.has(option.parentGroupId)) continue;
        for (const child of option.childGroupIds) {
          if (!open.has(child)) {
            open.add(child);
            grew = true;
          }
        }
      }
    }
    const stray = chosen.find((option) => !open.has(option.parentGroupId));
    if (stray) return `${stray.name} is not an add-on of ${dish.name}`;
    for (const groupId of open) {
      const group = groups.get(groupId);
      if (!group) continue;
      const picks = chosen.filter((o) => o.parentGroupId === groupId).length;
      if (picks < group.min || picks > group.max) {
        return `${dish.name}: choose ${group.min === group.max ? group.min : `${group.min}–${group.max}`} from ${group.name}, not ${picks}`;
      }
    }
  }
  return null;
}

type ChosenOffer = { offer: Offer | null; discountPaise: number; error: ProtocolError | null };

/**
 * The discount of the first offer the buyer selected (tag selection.apply is not "no"; the
 * catalogue names offers by code). An unknown code is 30006; one asked outside its time window
 * (`hhmm`, Indian time), or whose minimum the items do not reach, is 30007, and the quote goes out
 * without it.
 */
function chooseOffer(provider: Provider, requested: QuoteInput['offers'], itemsTotalPaise: number, hhmm: number): ChosenOffer {
  const selected = requested.find((o) => tagValue(o.tags, 'selection', 'apply') !== 'no');
  if (!selected) return { offer: null, discountPaise: 0, error: null };
  const offer = provider.offers.find((o) => o.code === selected.id || o.id === selected.id);
  if (!offer) return { offer: null, discountPaise: 0, error: sellerError('30006', `No offer ${selected.id} at this store`) };
  if (offer.window && (hhmm < offer.window.timeFrom || hhmm > offer.window.timeTo)) {
    return {
      offer,
      discountPaise: 0,
      error: sellerError('30007', `${offer.code} applies ${formatHHMM(offer.window.timeFrom)}–${formatHHMM(offer.window.timeTo)} only`),
    };
  }
  if (itemsTotalPaise < offer.minOrderPaise) {
    return { offer, discountPaise: 0, error: sellerError('30007', `${offer.code} needs items worth ₹${paiseToRupees(offer.minOrderPaise)}`) };
  }
  const discountPaise =
    offer.kind === 'percent'
      ? Math.min(Math.floor((itemsTotalPaise * offer.percent) / 100), offer.maxDiscountPaise)
      : Math.min(offer.amountPaise, itemsTotalPaise);
  return { offer, discountPaise, error: null };
}

const money = (paise: number) => ({ currency: 'INR' as const, value: paiseToRupees(paise) });

/**
 * The quote as it goes on the wire (ondc-notes §1 on_select). The item lines carry their stock
 * figures (`item.quantity`) in on_select only: ONDC's validator refuses them in later messages.
 */
export function wireQuote(quote: Quote, stage: 'select' | 'order' = 'order') {
  return {
    price: money(sumPaise(quote.lines)),
    ttl: quote.ttl,
    breakup: quote.lines.map((line) => {
      const common = { '@ondc/org/item_id': line.itemId, title: line.title, '@ondc/org/title_type': line.titleType, price: money(line.pricePaise) };
      if (line.titleType !== 'item') return common;
      return {
        '@ondc/org/item_id': line.itemId,
        '@ondc/org/item_quantity': { count: line.count },
        title: line.title,
        '@ondc/org/title_type': line.titleType,
        price: money(line.pricePaise),
        item: {
          ...(line.parentItemId === undefined ? {} : { parent_item_id: line.parentItemId }),
          ...(stage === 'select' ? { quantity: { available: { count: String(line.available) }, maximum: { count: String(line.maximum) } } } : {}),
          price: money(line.unitPaise),
          ...(line.tags ? { tags: line.tags } : {}),
        },
      };
    }),
  };
}
