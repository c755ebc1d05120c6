// What a seller speaking retail core 1.2.5 says differently from 1.2.0 in its order callbacks
// (issue 25): the messages are built once, as 1.2.0, and a 1.2.5 seller's are fitted here, so the
// two versions cannot drift apart anywhere else. The rules are ONDC's log validator's for 1.2.5
// (Retail_.1.2.5 at 4d13362); the catalogue's own differences are in catalogue/on-search.ts.
import type { CoreVersion } from '../ondc/context.ts';

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
  return message;
}
