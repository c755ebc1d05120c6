// What a seller speaking retail core 1.2.5 says differently from 1.2.0 in its order callbacks
// (issue 25): the messages are built once, as 1.2.0, and a 1.2.5 seller's are fitted here, so the
// two versions cannot drift apart anywhere else. The rules are ONDC's log validator's for 1.2.5
// (Retail_.1.2.5 at 4d13362); the catalogue's own differences are in catalogue/on-search.ts.
import type { CoreVersion } from '#/ondc/context.ts';

type Message = Record<string, unknown>;

/** The callback `message` as a seller speaking `coreVersion` sends it. */
export function inCoreVersion(coreVersion: CoreVersion, action: string, message: Message): Message {
  if (coreVersion === '1.2.0') return message;
  const order = message['order'] as Message | undefined;
  if (!order) return message;
  const payment = order['payment'] as Message | undefined;
  // 1.2.5's on_init names who collects only when the seller does: a prepaid order's buyer app
  // collecting is what 1.2.5 takes for granted there.
  if (action === 'on_init' && payment?.['collected_by'] === 'BAP') {
    const { collected_by: _bap, ...rest } = payment;
    return { ...message, order: { ...order, payment: rest } };
  }
  const fulfillments = order['fulfillments'] as Message[] | undefined;
  if (ORDER_CALLBACKS.has(action) && fulfillments) return { ...message, order: { ...order, fulfillments: fulfillments.map(routed) } };
  return message;
}

/** The callbacks that state the order's fulfillments after it is placed (on_cancel's schema allows the routing tag no place). */
const ORDER_CALLBACKS: ReadonlySet<string> = new Set(['on_confirm', 'on_status', 'on_update']);

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
