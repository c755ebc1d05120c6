// ONDC 1.2.0 rating as we send it: one thing rated, 1–5 whole stars, a category ONDC rates, the
// shopper's comment as a text answer in feedback_form (RET-Spec draft-1.x Rating, FeedbackFormElement).
import { describe, expect, it } from 'vitest';
import { feedbackText, ratingMessage, ratingMessageProblems } from './rating.ts';

describe('the rating message', () => {
  it('names the category, the id and the stars, and passes ONDC’s schema', () => {
    const message = ratingMessage({ category: 'Provider', id: 'store-1', value: 5 });
    expect(message).toEqual({ rating_category: 'Provider', id: 'store-1', value: 5 });
    expect(ratingMessageProblems('rating', message)).toEqual([]);
  });

  it('carries a comment as a question and its text answer, which the seller reads back', () => {
    const message = ratingMessage({ category: 'Order', id: 'KO1', value: 2, comment: '  Late and cold  ' });
    expect(message.feedback_form).toEqual([
      { id: 'comment', question: 'Anything to tell the store?' },
      { id: 'comment-answer', parent_id: 'comment', answer: 'Late and cold', answer_type: 'text' },
    ]);
    expect(ratingMessageProblems('rating', message)).toEqual([]);
    expect(feedbackText(message.feedback_form)).toBe('Late and cold');
    expect(ratingMessage({ category: 'Order', id: 'KO1', value: 2, comment: '   ' })).not.toHaveProperty('feedback_form');
    expect(feedbackText(undefined)).toBeNull();
  });

  it('refuses stars outside 1–5 or not whole (30015’s words), and a category ONDC does not rate (50003’s)', () => {
    for (const value of [0, 6, 3.5])
      expect(ratingMessageProblems('rating', { rating_category: 'Order', id: 'KO1', value }), String(value)).toEqual([
        expect.stringMatching(/^value: Invalid rating value/),
      ]);
    expect(ratingMessageProblems('rating', { rating_category: 'Order', id: 'KO1', value: '4' })).toEqual([
      expect.stringMatching(/^value: Invalid rating value/),
    ]);
    expect(ratingMessageProblems('rating', { rating_category: 'Support', id: 'KO1', value: 4 })).toEqual([
      expect.stringMatching(/^rating_category: Unsupported rating category/),
    ]);
  });
});
