// Rating a delivered order (issue 29, ONDC 1.2.0 rating): what of an order may be rated, the
// shopper's request as the page's form or a script sends it, and the rules it must meet.
import { z } from 'zod';
import { RATING_COMMENT_MAX, ratingCategorySchema, ratingValueSchema, type RatingCategory } from '#/ondc/rating.ts';

/** One thing of the order the shopper may rate, with the words the page names it by. */
export type RatingTarget = { category: RatingCategory; id: string; name: string };

type Tag = { code?: string; list?: Array<{ code?: string; value?: string }> };
type RatedOrder = {
  orderId: string;
  storeName: string;
  sellerOrder: {
    provider?: object;
    items?: Array<{ id: string; tags?: Tag[] }>;
    fulfillments?: Array<{ id?: string; type?: string }>;
    quote?: { breakup?: Array<{ '@ondc/org/item_id'?: string; '@ondc/org/title_type'?: string; title?: string }> };
  };
  currentOrder: { fulfillments?: Array<{ type?: string; agent?: { name?: string } }> };
};

/** A restaurant's add-on (ONDC RET11: item tag type = customization) is rated with its dish, not alone. */
const isCustomisation = (item: { tags?: Tag[] }) =>
  (item.tags ?? []).some((t) => t.code === 'type' && t.list?.some((e) => e.code === 'type' && e.value === 'customization'));

/**
 * What of this order may be rated: the order itself, the store (the provider), the delivery (its
 * rider as the Agent, the delivery as the Fulfillment, both by the delivery fulfillment's id, since
 * ONDC's agent carries no id of its own) and each item bought, once however many lines it is on.
 */
export function ratingTargets(order: RatedOrder): RatingTarget[] {
  const targets: RatingTarget[] = [{ category: 'Order', id: order.orderId, name: order.orderId }];
  const providerId = (order.sellerOrder.provider as { id?: string } | undefined)?.id;
  if (providerId) targets.push({ category: 'Provider', id: providerId, name: order.storeName });
  const deliveryId = order.sellerOrder.fulfillments?.find((f) => f.type === 'Delivery')?.id;
  if (deliveryId) {
    const rider = order.currentOrder.fulfillments?.find((f) => f.type === 'Delivery')?.agent?.name;
    targets.push({ category: 'Agent', id: deliveryId, name: rider ?? '' }, { category: 'Fulfillment', id: deliveryId, name: '' });
  }
  const titles = new Map(
    (order.sellerOrder.quote?.breakup ?? []).filter((b) => b['@ondc/org/title_type'] === 'item').map((b) => [b['@ondc/org/item_id'] ?? '', b.title ?? '']),
  );
  const items = (order.sellerOrder.items ?? []).filter((item) => !isCustomisation(item)).map((item) => item.id);
  for (const id of new Set(items)) targets.push({ category: 'Item', id, name: titles.get(id) || id });
  return targets;
}

const ratingInputSchema = z.object({
  rating_category: ratingCategorySchema,
  id: z.string().min(1, 'id names what is rated').max(255),
  value: ratingValueSchema,
  comment: z.string().trim().max(RATING_COMMENT_MAX, `A comment is at most ${RATING_COMMENT_MAX} characters`).optional(),
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** The page's form: `<category>:<id>` = stars, and the comment that goes with the order's stars. */
const FORM_FIELD = /^([A-Za-z_]+):(.+)$/s;

/**
 * A form post (flat fields) as the JSON body a script sends; a JSON body passes as it is. Stars
 * come as text from a form and stay text when they are not digits, so zod names the bad value.
 */
function fromRatingForm(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'ratings' in body) return body;
  const fields = body as Record<string, unknown>;
  const comment = typeof fields['comment'] === 'string' && fields['comment'].trim() ? fields['comment'] : undefined;
  const ratings = Object.entries(fields).flatMap(([name, value]) => {
    const field = FORM_FIELD.exec(name);
    if (!field) return [];
    const stars = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
    return [{ rating_category: field[1], id: field[2], value: stars, ...(field[1] === 'Order' && comment ? { comment } : {}) }];
  });
  return { order_id: fields['order_id'], ratings };
}

/** What a rating is of: its category and id, as one key. */
export const thingRated = (rating: { rating_category: string; id: string }) => `${rating.rating_category}:${rating.id}`;

/** POST /ondc/order/rating: stars for one or more things of one order, each rated once. */
export const rateOrderSchema = z.preprocess(
  fromRatingForm,
  z.object({
    order_id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'order_id is required'),
    ratings: z
      .array(ratingInputSchema)
      .min(1, 'Choose at least one star rating')
      .max(50)
      .refine((ratings) => new Set(ratings.map(thingRated)).size === ratings.length, 'Each thing is rated once per request'),
  }),
);
export type RateOrderRequest = z.infer<typeof rateOrderSchema>;

/** Why these ratings do not fit the order (a thing it does not have), or null when they do. */
export function ratingProblem(ratings: readonly RatingInput[], targets: readonly RatingTarget[]): string | null {
  const stray = ratings.find((r) => !targets.some((t) => t.category === r.rating_category && t.id === r.id));
  return stray ? `${stray.rating_category} ${stray.id} is not part of this order` : null;
}

/** A rating as kept: sent (or being sent) counts as given; one the store refused may be given again. */
export type GivenRating = {
  category: RatingCategory;
  id: string;
  value: number;
  comment: string | null;
  state: 'SENDING' | 'SENT' | 'RECORDED' | 'REFUSED';
  error: string | null;
};

/** Whether the target still waits for the shopper's stars. */
export function awaitsRating(target: RatingTarget, given: readonly GivenRating[]): boolean {
  return !given.some((g) => g.category === target.category && g.id === target.id && g.state !== 'REFUSED');
}
