// Ratings of delivered orders over ONDC 1.2.0 `rating` / `on_rating` (issue 29). Each thing rated
// is written with the message id it travels under and claimed by this process before it leaves:
// one a killed process left unsent is sent again by the sweep as it was (same message id, which
// the seller keys its rating by), never as a second rating; one the seller could not be reached
// for waits for the sweep too. The seller's on_rating says whether it recorded it.
import { randomUUID } from 'node:crypto';
import { claimAbandoned, type Database } from '#/db/client.ts';
import type { CallbackEnvelope } from '#/ondc/message-store.server.ts';
import { ratingMessage, type RatingCategory } from '#/ondc/rating.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { findOrderDetail, sendToSeller } from './orders.server.ts';
import { ratingProblem, ratingTargets, thingRated, type GivenRating, type RateOrderRequest } from './ratings.ts';

type Claim = {
  order_id: string;
  category: RatingCategory;
  rated_id: string;
  value: number;
  comment: string | null;
  message_id: string;
  transaction_id: string;
  shopper_key: string;
};

type SentRating = { rating_category: RatingCategory; id: string; value: number; state: 'sent' | 'sending' | 'refused'; error?: string };
export type RateOutcome =
  | { ok: true; ratings: SentRating[] }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string; reason: 'not-found' | 'not-delivered' | 'not-in-order' | 'already-rated' | 'refused' };

class AlreadyRated extends Error {}

/** The ratings the shopper gave this order, each as the seller last answered it. */
export async function ratingsOf(database: Database, orderId: string): Promise<GivenRating[]> {
  const rows = await database.query<{
    category: RatingCategory;
    rated_id: string;
    value: number;
    comment: string | null;
    state: GivenRating['state'];
    error: string | null;
  }>('SELECT category, rated_id, value, comment, state, error FROM order_ratings WHERE order_id = $1 ORDER BY category, rated_id', [orderId]);
  return rows.map((r) => ({ category: r.category, id: r.rated_id, value: Number(r.value), comment: r.comment, state: r.state, error: r.error }));
}

/**
 * The shopper rates their delivered order: each thing once. The ratings are written together or
 * not at all, so a second submit (or a double tap) that names anything already rated changes
 * nothing; ONDC 1.2.0 has no way to tell a seller a rating replaces an earlier one, so a second
 * rating would count twice in the seller's books (README "Ratings"). One the seller refused may be
 * given again.
 */
export async function rateOrder(database: Database, app: BuyerApp, shopper: string, request: RateOrderRequest): Promise<RateOutcome> {
  const order = await findOrderDetail(database, shopper, request.order_id);
  if (!order) return { ok: false, status: 404, message: 'No such order', reason: 'not-found' };
  if (order.status !== 'delivered') return { ok: false, status: 409, message: 'An order can be rated once it is delivered', reason: 'not-delivered' };
  const problem = ratingProblem(request.ratings, ratingTargets(order));
  if (problem) return { ok: false, status: 400, message: problem, reason: 'not-in-order' };
  let claims: Claim[];
  try {
    claims = await database.transaction(async (tx) => {
      const messageIds = new Map<string, string>();
      // Written in one order whatever the request's, so two submits at once never hold rows the
      // other waits for (a deadlock on PostgreSQL).
      for (const rating of [...request.ratings].sort((a, b) => thingRated(a).localeCompare(thingRated(b)))) {
        const [row] = await tx.query<{ message_id: string }>(
          `INSERT INTO order_ratings (order_id, category, rated_id, value, comment, message_id, claimed_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (order_id, category, rated_id) DO UPDATE SET value = EXCLUDED.value, comment = EXCLUDED.comment, message_id = EXCLUDED.message_id,
             state = 'SENDING', claimed_by = EXCLUDED.claimed_by, error_code = NULL, error = NULL, created_at = clock_timestamp(), updated_at = clock_timestamp()
           WHERE order_ratings.state = 'REFUSED'
           RETURNING message_id`,
          [order.orderId, rating.rating_category, rating.id, rating.value, rating.comment || null, randomUUID(), database.boot],
        );
        if (!row) throw new AlreadyRated();
        messageIds.set(thingRated(rating), row.message_id);
      }
      return request.ratings.map((rating) => ({
        order_id: order.orderId,
        category: rating.rating_category,
        rated_id: rating.id,
        value: rating.value,
        comment: rating.comment || null,
        message_id: messageIds.get(thingRated(rating)) ?? '',
        transaction_id: order.transactionId,
        shopper_key: shopper,
      }));
    });
  } catch (error) {
    if (error instanceof AlreadyRated) return { ok: false, status: 409, message: 'You have already rated this', reason: 'already-rated' };
    throw error;
  }
  const ratings: SentRating[] = [];
  for (const claim of claims) ratings.push(await sendRating(database, app, claim));
  if (ratings.every((r) => r.state === 'refused'))
    return { ok: false, status: 502, message: ratings[0]?.error ?? 'The store did not take the rating', reason: 'refused' };
  return { ok: true, ratings };
}

/** Sends one claimed rating under its own message id; the seller's word (or none) is written back. */
async function sendRating(database: Database, app: BuyerApp, claim: Claim): Promise<SentRating> {
  const release = "UPDATE order_ratings SET claimed_by = NULL, updated_at = clock_timestamp() WHERE message_id = $1 AND state = 'SENDING'";
  let sent: Awaited<ReturnType<typeof sendToSeller>>;
  try {
    sent = await sendToSeller(database, app, {
      shopper: claim.shopper_key,
      transactionId: claim.transaction_id,
      action: 'rating',
      messageId: claim.message_id,
      message: ratingMessage({ category: claim.category, id: claim.rated_id, value: claim.value, comment: claim.comment }),
    });
  } catch (error) {
    // A live process's claim is never taken over: one that failed half-way lets the sweep in.
    await database.query(release, [claim.message_id]).catch(() => undefined);
    throw error;
  }
  const rated = { rating_category: claim.category, id: claim.rated_id, value: claim.value };
  if (sent && !sent.reached) {
    // Not reached: left for the sweep (claimed by nobody, it is taken up after a while).
    await database.query(release, [claim.message_id]);
    return { ...rated, state: 'sending' };
  }
  if (sent?.ack === 'ACK') {
    // The seller's on_rating may have come before its ACK reached us: its word stands.
    await database.query(
      "UPDATE order_ratings SET state = 'SENT', claimed_by = NULL, updated_at = clock_timestamp() WHERE message_id = $1 AND state = 'SENDING'",
      [claim.message_id],
    );
    return { ...rated, state: 'sent' };
  }
  const error = sent?.error?.message ?? 'No seller for this order';
  await database.query(
    "UPDATE order_ratings SET state = 'REFUSED', claimed_by = NULL, error_code = $2, error = $3, updated_at = clock_timestamp() WHERE message_id = $1 AND state = 'SENDING'",
    [claim.message_id, sent?.error?.code ?? null, error],
  );
  return { ...rated, state: 'refused', error };
}

/**
 * The sweep: ratings written but not sent, whose sender died or could not reach the seller, are
 * claimed by this process and sent again under their message id. Returns how many went.
 */
export async function resendRatings(database: Database, app: BuyerApp): Promise<number> {
  const claims = await database.query<Claim>(
    `UPDATE order_ratings r SET claimed_by = $1, updated_at = clock_timestamp()
     FROM orders o
     WHERE o.order_id = r.order_id AND r.state = 'SENDING' AND ${claimAbandoned('r.')}
     RETURNING r.order_id, r.category, r.rated_id, r.value, r.comment, r.message_id, o.transaction_id, o.shopper_key`,
    [database.boot],
  );
  let sent = 0;
  for (const claim of claims) if ((await sendRating(database, app, { ...claim, value: Number(claim.value) })).state !== 'sending') sent++;
  return sent;
}

const NO = new Set<unknown>([false, 'false', 'no']);

/**
 * Records a seller's on_rating (after the receiver verified it and matched it to our rating, sent
 * to that seller in that order's transaction): recorded, or refused with the seller's reason.
 */
export async function recordRatingAnswer(database: Database, envelope: CallbackEnvelope): Promise<void> {
  if (envelope.context.action !== 'on_rating') return;
  const refused = envelope.error ?? (NO.has(envelope.message?.['rating_ack']) ? { code: undefined, message: 'The store did not record the rating' } : null);
  await database.query(
    `UPDATE order_ratings SET state = $3, error_code = $4, error = $5, claimed_by = NULL, updated_at = clock_timestamp()
     WHERE message_id = $1 AND state IN ('SENDING', 'SENT') AND order_id IN (SELECT order_id FROM orders WHERE transaction_id = $2)`,
    [
      envelope.context.message_id,
      envelope.context.transaction_id,
      refused ? 'REFUSED' : 'RECORDED',
      refused?.code ?? null,
      refused ? (refused.message ?? refused.code ?? 'Refused') : null,
    ],
  );
}
