// Issue 29: what the shopper wants when the store finds something of the order has run out.
// ONDC 1.2 has no substitution: a seller may cut the units it cannot supply (a part cancel,
// reason 002) but never add others, so "replace it with something similar" cannot be carried.
// What can be: leave the missing units out and refund them (what every seller does), or place
// no order at all. Both sides agree on this, as on the tip (ondc/tip.ts): a store states in its
// catalogue's `kirana` tag (`if_short`) which choices it honours, and the buyer app states the
// shopper's choice as an order tag in init and confirm (the validator reads only bpp_terms and
// bap_terms among order tags). A store that honours "cancel" refuses such a confirm (40002)
// rather than take part of it; the buyer app then refunds the payment in full.
import { z } from 'zod';

export const ifShortChoiceSchema = z.enum(['leave_out', 'cancel_order']);
export type IfShortChoice = z.infer<typeof ifShortChoiceSchema>;

/** The tag code, in the catalogue's `kirana` tag and among an order's tags. */
export const IF_SHORT_TAG = 'if_short';

/** What a store honours, as its catalogue lists it: leaving out is what every store does. */
export function ifShortCatalogueValue(cancelsIfShort: boolean): string {
  return cancelsIfShort ? 'leave_out,cancel_order' : 'leave_out';
}

/** Whether a store's catalogue value says it cancels an order it cannot supply whole. */
export function honoursCancelIfShort(value: string | null): boolean {
  return (value ?? '').split(',').some((choice) => choice.trim() === 'cancel_order');
}

type Tag = { code: string; list: Array<{ code: string; value: string }> };

/** The order tag stating the shopper's choice; none for leaving out, what a store does unasked. */
export function ifShortTags(choice: IfShortChoice): Tag[] {
  return choice === 'cancel_order' ? [{ code: IF_SHORT_TAG, list: [{ code: 'choice', value: choice }] }] : [];
}

/** The choice an order's tags state: leaving out unless they state another a store knows. */
export function ifShortOfTags(tags: ReadonlyArray<{ code?: unknown; list?: unknown }> | undefined): IfShortChoice {
  const tag = tags?.find((t) => t.code === IF_SHORT_TAG);
  const list = Array.isArray(tag?.list) ? (tag.list as Array<{ code?: unknown; value?: unknown }>) : [];
  const choice = ifShortChoiceSchema.safeParse(list.find((e) => e.code === 'choice')?.value);
  return choice.success ? choice.data : 'leave_out';
}
