// ONDC retail 1.2.0 rating and on_rating, transcribed from ONDC's own schema (ONDC-RET-Specifications
// branch draft-1.x, api/build/build.yaml, the same in py-protocol-layer schemas/v1_2_0.yaml): a
// `rating` message is one Rating (rating_category, id, value 1–5, an optional feedback_form of
// FeedbackFormElements, feedback_id), and `on_rating` answers it with a RatingAck (rating_ack,
// feedback_ack). One thing is rated per message; the rating of an order's items, store and rider
// is one message each.
import { z } from 'zod';

/**
 * What a buyer app rates after a delivery. 1.2.0 leaves rating_category a free string; these are
 * the categories ONDC's later schema enumerates for retail (Support is rated in IGM, not here).
 */
export const RATING_CATEGORIES = ['Order', 'Item', 'Provider', 'Agent', 'Fulfillment'] as const;
export const ratingCategorySchema = z.enum(RATING_CATEGORIES, {
  error: 'Unsupported rating category: rate the Order, an Item, the Provider, the Agent or the Fulfillment',
});
export type RatingCategory = z.infer<typeof ratingCategorySchema>;

/** "1 - Poor; 2 - Needs improvement; 3 - Satisfactory; 4 - Good; 5 - Excellent" (the Rating schema). */
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export const ratingValueSchema = z
  .number({ error: 'Invalid rating value: a rating is 1 to 5 stars' })
  .int('Invalid rating value: a rating is whole stars')
  .min(1, 'Invalid rating value: a rating is 1 to 5 stars')
  .max(5, 'Invalid rating value: a rating is 1 to 5 stars');

/** A shopper's comment is short: what fits a line under the stars. */
export const RATING_COMMENT_MAX = 200;

const text = z.string().min(1);
const feedbackFormElement = z.looseObject({
  id: text,
  parent_id: z.string().optional(),
  question: z.string().optional(),
  answer: z.string().optional(),
  answer_type: z.enum(['radio', 'checkbox', 'text']).optional(),
});

/** The `message` of a rating, as we send it. */
const ratingMessageSchema = z.looseObject({
  rating_category: ratingCategorySchema,
  id: text,
  value: ratingValueSchema,
  feedback_form: z.array(feedbackFormElement).optional(),
  feedback_id: z.string().optional(),
});
export type RatingMessage = z.infer<typeof ratingMessageSchema>;

/** The `message` of an on_rating, as the embedded sellers send it: both acknowledgements said. */
const onRatingMessageSchema = z.looseObject({ rating_ack: z.boolean(), feedback_ack: z.boolean() });

// The comment travels as a FeedbackFormElement question and its text answer (parent_id ties them).
const COMMENT_QUESTION = { id: 'comment', question: 'Anything to tell the store?' } as const;

/** The rating message for one thing rated, a comment (if any) as a text answer in feedback_form. */
export function ratingMessage(input: { category: RatingCategory; id: string; value: number; comment?: string | null }): RatingMessage {
  const comment = input.comment?.trim();
  return {
    rating_category: input.category,
    id: input.id,
    value: input.value,
    ...(comment
      ? { feedback_form: [COMMENT_QUESTION, { id: 'comment-answer', parent_id: COMMENT_QUESTION.id, answer: comment, answer_type: 'text' as const }] }
      : {}),
  };
}

/** The text answers of a rating's feedback form (what the shopper wrote), joined; null without any. */
export function feedbackText(feedbackForm: ReadonlyArray<{ answer?: string | undefined; answer_type?: string | undefined }> | undefined): string | null {
  const answers = (feedbackForm ?? []).filter((e) => e.answer_type === 'text' && e.answer?.trim()).map((e) => e.answer?.trim() ?? '');
  return answers.length > 0 ? answers.join('\n') : null;
}

/** Where a message breaks ONDC 1.2.0's rating or on_rating schema, as "path: message" lines. */
export function ratingMessageProblems(action: 'rating' | 'on_rating', message: unknown): string[] {
  const parsed = (action === 'rating' ? ratingMessageSchema : onRatingMessageSchema).safeParse(message);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`);
}
