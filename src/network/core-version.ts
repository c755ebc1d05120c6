// What a seller speaking retail core 1.2.5 says differently from 1.2.0 in its order callbacks
// (issue 25): the messages are built once, as 1.2.0, and a 1.2.5 seller's are fitted here, so the
// two versions cannot drift apart anywhere else. The rules are ONDC's log validator's for 1.2.5
// (Retail_.1.2.5 at 4d13362); the catalogue's own differences are in catalogue/on-search.ts.
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import type { CoreVersion } from '#/ondc/context.ts';

type Message = Record<string, unknown>;

/** The callback `message` as a seller speaking `coreVersion` sends it. */
export function inCoreVersion(coreVersion: CoreVersion, action: string, message: Message): Message {
  if (coreVersion === '1.2.0') return message;
  const order = message['order'] as Message | undefined;
  if (!order) return message;
  let fitted = order;
  const payment = order['payment'] as Message | undefined;
  // 1.2.5's on_init names who collects only when the seller does: a prepaid order's buyer app
  // collecting is what 1.2.5 takes for granted there.
  if (action === 'on_init' && payment?.['collected_by'] === 'BAP') {
    const { collected_by: _bap, ...rest } = payment;
    fitted = { ...fitted, payment: rest };
  }
  const fulfillments = order['fulfillments'] as Message[] | undefined;
  if (fulfillments && (ORDER_CALLBACKS.has(action) || (action === 'on_cancel' && ridesBack(fulfillments))))
    fitted = { ...fitted, fulfillments: fulfillments.map(routed) };
  const quote = order['quote'] as Message | undefined;
  const delivery = deliveryOf(order);
  if (quote && delivery) fitted = { ...fitted, quote: onTheDelivery(quote, delivery) };
  return fitted === order ? message : { ...message, order: fitted };
}

/** The fulfillment the order's items ride with. */
function deliveryOf(order: Message): string | undefined {
  const items = (order['items'] as Message[] | undefined) ?? [];
  const named = items.map((item) => item['fulfillment_id']).find((id) => typeof id === 'string');
  if (typeof named === 'string') return named;
  const delivery = ((order['fulfillments'] as Message[] | undefined) ?? []).find((f) => f['type'] === 'Delivery')?.['id'];
  return typeof delivery === 'string' ? delivery : undefined;
}

/**
 * 1.2.5 states tax and discount on the fulfillment, not on each item (Retail_.1.2.5 on_select: a
 * tax or discount line's `@ondc/org/item_id` must be a fulfillment the items are mapped to): the
 * items' lines of each become one line of their sum, where the first of them stood. The total is
 * the same; the buyer shares the tax back over the items by value for its invoice.
 */
function onTheDelivery(quote: Message, deliveryId: string): Message {
  const breakup = quote['breakup'] as Message[] | undefined;
  if (!breakup) return quote;
  const sums = new Map<unknown, number>();
  for (const line of breakup) {
    const type = line['@ondc/org/title_type'];
    if (type === 'tax' || type === 'discount') sums.set(type, (sums.get(type) ?? 0) + rupeesToPaise((line['price'] as { value: string }).value));
  }
  if (sums.size === 0) return quote;
  const placed = new Set<unknown>();
  const merged = breakup.flatMap((line) => {
    const type = line['@ondc/org/title_type'];
    const sum = sums.get(type);
    if (sum === undefined) return [line];
    // The first line of its type stands for them all; the rest are in its sum.
    if (placed.has(type)) return [];
    placed.add(type);
    return [{ ...line, '@ondc/org/item_id': deliveryId, price: { ...(line['price'] as Message), value: paiseToRupees(sum) } }];
  });
  return { ...quote, breakup: merged };
}

/** The callbacks that state the order's fulfillments after it is placed (on_cancel: see ridesBack). */
const ORDER_CALLBACKS: ReadonlySet<string> = new Set(['on_confirm', 'on_status', 'on_update']);

/**
 * A cancel after pickup sends the goods back on the same ride (an RTO fulfillment), so the
 * delivery's routing still stands: 1.2.5's schema for that on_cancel lists routing among the
 * delivery's tags (Retail_1.2.5/Cancel/on_cancel_rto.ts), and its RTO on_status wants the delivery
 * exactly as on_cancel stated it. A cancel before pickup ends the delivery, and that on_cancel's
 * schema (Cancel/onCancel.ts) allows routing no place.
 */
const ridesBack = (fulfillments: readonly Message[]) => fulfillments.some((f) => f['type'] === 'RTO');

/**
 * 1.2.5's delivery names its routing from the order's start (Retail_.1.2.5's routingValidator: P2P
 * or P2H2P): our riders go from the store straight to the shopper.
 */
function routed(fulfillment: Message): Message {
  if (fulfillment['type'] !== 'Delivery') return fulfillment;
  const tags = (fulfillment['tags'] as Message[] | undefined) ?? [];
  if (tags.some((t) => t['code'] === 'routing')) return fulfillment;
  return { ...fulfillment, tags: [...tags, { code: 'routing', list: [{ code: 'type', value: 'P2P' }] }] };
}
