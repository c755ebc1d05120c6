// How an embedded seller takes a buyer's rating (ONDC 1.2.0 rating → on_rating): a category it
// does not rate is refused with 50003, stars outside 1–5 with 30015, a thing that is not part of
// the order with the not-found code for its kind. What it takes it keeps, one rating per thing of
// an order: the same message again (a buyer app's retry after a crash) changes nothing.
import { z } from 'zod';
import type { ProtocolError } from '#/ondc/context.ts';
import { feedbackText, RATING_CATEGORIES, type RatingCategory } from '#/ondc/rating.ts';
import { deliveryIdOf, type OrderRecord } from './orders.ts';
import type { MessageOf } from './requests.ts';
import { sellerError } from './seller-errors.ts';

export const ratingRecordSchema = z.object({
  orderId: z.string(),
  category: z.enum(RATING_CATEGORIES),
  id: z.string(),
  value: z.number().int().min(1).max(5),
  feedback: z.string().nullable(),
  messageId: z.string(),
  /** network time the seller took it */
  at: z.iso.datetime(),
});
export type RatingRecord = z.infer<typeof ratingRecordSchema>;

/** The key a seller files a rating under: one per thing of an order. */
export const ratingKey = (orderId: string, category: string, id: string) => `${orderId}|${category}|${id}`;

const isCategory = (category: string): category is RatingCategory => (RATING_CATEGORIES as readonly string[]).includes(category);

/** The stars as a whole number 1–5 (a number, or digits as text as some buyer apps send), else null. */
function starsOf(value: number | string): number | null {
  const stars = typeof value === 'number' ? value : /^\s*\d+(\.0+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null;
}

/** Whether `id` names something of this order that `category` rates, or the error saying what is not found. */
function targetError(order: OrderRecord, category: RatingCategory, id: string): ProtocolError | null {
  switch (category) {
    case 'Order':
      return id === order.id ? null : sellerError('30018', `Order ${id} is not this transaction's order`);
    case 'Provider':
      return id === order.providerId ? null : sellerError('30001', `Provider ${id} did not serve order ${order.id}`);
    case 'Item':
      return order.quote.lines.some((l) => l.titleType === 'item' && l.itemId === id) ? null : sellerError('30004', `Item ${id} is not in order ${order.id}`);
    case 'Agent':
    case 'Fulfillment':
      // The rider has no id of his own in ONDC 1.2.0: he is rated by the delivery he made.
      return id === deliveryIdOf(order) ? null : sellerError('50007', `Fulfillment ${id} is not order ${order.id}'s delivery`);
  }
}

/**
 * The seller's verdict on one rating of `order` (the order of the rating's transaction, or none):
 * the record to keep, or the error its on_rating carries.
 */
export function judgeRating(
  order: OrderRecord | undefined,
  rating: MessageOf<'rating'>,
  meta: { messageId: string; at: Date },
): { record: RatingRecord } | { error: ProtocolError } {
  if (!isCategory(rating.rating_category))
    return { error: sellerError('50003', `Unsupported rating category ${rating.rating_category}: rate the ${RATING_CATEGORIES.join(', ')}`) };
  const value = starsOf(rating.value);
  if (value === null) return { error: sellerError('30015', `Invalid rating value ${JSON.stringify(rating.value)}: ratings are 1 to 5`) };
  if (!order) return { error: sellerError('30018', 'No order of ours in this transaction') };
  const error = targetError(order, rating.rating_category, rating.id);
  if (error) return { error };
  return {
    record: {
      orderId: order.id,
      category: rating.rating_category,
      id: rating.id,
      value,
      feedback: feedbackText(rating.feedback_form),
      messageId: meta.messageId,
      at: meta.at.toISOString(),
    },
  };
}

/** The on_rating message: whether the rating, and the feedback form with it, were recorded. */
export function onRatingMessage(record: RatingRecord | null): { rating_ack: boolean; feedback_ack: boolean } {
  return { rating_ack: record !== null, feedback_ack: record?.feedback !== null && record?.feedback !== undefined };
}
