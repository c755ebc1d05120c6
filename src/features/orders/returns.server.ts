// Returns of delivered orders (issue 10): what may go back now, the shopper's photos (kept in the
// database, so any storefront process serves them, under unguessable names, shown to the order's
// shopper and, through a signed expiring link, to the seller), and the signed ONDC update that
// asks the seller to take goods back.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '#/config.server.ts';
import type { Database } from '#/db/client.ts';
import { itemTerms } from '#/features/catalogue/catalogue.server.ts';
import { findTransaction } from '#/ondc/stored-messages.server.ts';
import { linkIsSigned, signedLink } from '#/lib/http/signed-link.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { findOrderDetail, sendToSeller, type OrderDetail } from './orders.server.ts';
import {
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_MAX_EDGE,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  returnableLines,
  returnRequestProblem,
  sniffImageType,
  type ReturnableLine,
  type ReturnRequest,
} from './returns.ts';

/** How long the seller's link to a return photo works (its reverse QC takes up to P3D). */
const PHOTO_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

type Tag = { code?: string; list?: Array<{ code?: string; value?: string }> };
type Fulfillment = { type?: string; state?: { descriptor?: { code?: string } }; tags?: Tag[] };
type QuoteLine = { '@ondc/org/item_id'?: string; '@ondc/org/title_type'?: string; '@ondc/org/item_quantity'?: { count?: number }; title?: string };

/** Where photos taken before they moved into the database (migration 20) still are. */
const photoDir = () => path.join(readConfig().dataDir, 'return-photos');

/** Units of each item already asked back (every return the seller has not refused). */
function alreadyReturned(order: OrderDetail): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of (order.currentOrder.fulfillments ?? []) as Fulfillment[]) {
    if (f.type !== 'Return' || f.state?.descriptor?.code === 'Return_Rejected') continue;
    const request = f.tags?.find((t) => t.code === 'return_request')?.list ?? [];
    const itemId = request.find((e) => e.code === 'item_id')?.value;
    const quantity = Number(request.find((e) => e.code === 'item_quantity')?.value ?? 0);
    if (itemId) counts.set(itemId, (counts.get(itemId) ?? 0) + quantity);
  }
  return counts;
}

export type ReturnEligibility = { eligible: boolean; reason?: string; items: ReturnableLine[] };

/** What of this order may go back now, with the seller's own return terms from our catalogue. */
export async function returnEligibility(database: Database, order: OrderDetail, now = Date.now()): Promise<ReturnEligibility> {
  if (order.status !== 'delivered') return { eligible: false, reason: 'Items can be returned once the order is delivered', items: [] };
  const deliveredAt = Math.min(Date.parse(order.events.find((e) => e.status === 'delivered')?.sellerAt ?? order.placedAt), now);
  const breakup = ((order.sellerOrder.quote?.breakup ?? []) as QuoteLine[]).filter(
    (l) => l['@ondc/org/title_type'] === 'item' && (l['@ondc/org/item_quantity']?.count ?? 0) > 0,
  );
  const ids = breakup.map((l) => l['@ondc/org/item_id'] ?? '');
  const bppId = (await findTransaction(database, order.transactionId))?.bppId ?? '';
  const terms = await itemTerms(database, { bppId, providerId: (order.sellerOrder as { provider?: { id?: string } }).provider?.id ?? '' }, ids);
  const returned = alreadyReturned(order);
  const items = returnableLines(
    breakup.map((l) => {
      const itemId = l['@ondc/org/item_id'] ?? '';
      const term = terms.find((t) => t.item_id === itemId);
      return {
        itemId,
        title: l.title ?? 'Item',
        count: l['@ondc/org/item_quantity']?.count ?? 0,
        returnable: term?.returnable ?? false,
        returnWindow: term?.return_window ?? null,
        alreadyReturned: returned.get(itemId) ?? 0,
      };
    }),
    deliveredAt,
    now,
  );
  if (order.returnPending) return { eligible: false, reason: 'A return is already with the store', items };
  if (!items.some((i) => i.reasons.length > 0)) return { eligible: false, reason: 'The return window of this order has closed', items };
  return { eligible: true, items };
}

export type PhotoOutcome = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409 | 413; message: string };

/** Keeps one return photo of the shopper's delivered order: an image by its bytes, at most 2 MB. */
export async function saveReturnPhoto(database: Database, shopper: string, orderId: string, bytes: Uint8Array): Promise<PhotoOutcome> {
  const order = await findOrderDetail(database, shopper, orderId);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  if (order.status !== 'delivered') return { ok: false, status: 409, message: 'Photos go with a return, once the order is delivered' };
  if (bytes.byteLength > RETURN_PHOTO_MAX_BYTES) return { ok: false, status: 413, message: 'The photo is larger than 2 MB' };
  const photo = sniffImageType(bytes) ? await reencodePhoto(bytes) : null;
  if (!photo) return { ok: false, status: 400, message: 'The photo must be a JPEG, PNG or WebP image' };
  const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM return_photos WHERE order_id = $1 AND created_at > clock_timestamp() - interval '1 day'",
    [orderId],
  );
  if (n >= RETURN_PHOTOS_MAX * 5) return { ok: false, status: 409, message: 'Too many photos for this order today' };
  const id = randomBytes(24).toString('base64url');
  await database.query('INSERT INTO return_photos (id, order_id, shopper_key, content_type, bytes, data) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    orderId,
    shopper,
    'image/jpeg',
    photo.byteLength,
    photo,
  ]);
  return { ok: true, id };
}

/**
 * The photo decoded and written again as a JPEG, upright, at most RETURN_PHOTO_MAX_EDGE px: what
 * the seller and the shopper see is pixels only. Phone cameras write EXIF with the GPS position of
 * the shopper's home, the camera's serial and more; none of it is kept (issue 24). Null when the
 * bytes are not an image sharp can read.
 */
async function reencodePhoto(bytes: Uint8Array): Promise<Uint8Array | null> {
  // Loaded on the first photo: libvips costs memory a storefront that takes no returns need not hold.
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: RETURN_PHOTO_MAX_EDGE, height: RETURN_PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The seller's link to a photo: our origin, signed, working for a week. */
export function signedPhotoUrl(app: BuyerApp, id: string, now = Date.now()): string {
  return signedLink(app.identity.privateKey, 'return-photos', id, `${new URL(app.bapUri).origin}/return-photos/${id}`, PHOTO_LINK_TTL_MS, now);
}

/** A photo for whoever may see it: its shopper, or anyone with an unexpired signed link. */
export async function readReturnPhoto(
  database: Database,
  app: BuyerApp | null,
  id: string,
  viewer: { shopper: string | null; expires?: string | null; sig?: string | null },
): Promise<{ type: string; body: Uint8Array<ArrayBuffer> } | null> {
  const [row] = await database.query<{ shopper_key: string; content_type: string; data: Uint8Array | null }>(
    'SELECT shopper_key, content_type, data FROM return_photos WHERE id = $1',
    [id],
  );
  if (!row) return null;
  if (!linkIsSigned(app?.identity.privateKey ?? null, 'return-photos', id, viewer) && viewer.shopper !== row.shopper_key) return null;
  return { type: row.content_type, body: new Uint8Array(row.data ?? readFileSync(path.join(photoDir(), id))) };
}

export type ReturnOutcome = { ok: true; messageId: string } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/**
 * SPEC §4 return: eligibility first, then the signed update with one Return fulfillment per item
 * (ondc-notes §1 update: return_request tags, photos as signed links). One return at a time.
 */
/** Whether every photo named was taken for this order by this shopper (a return's or a complaint's). */
export async function photosOfOrder(database: Database, input: { orderId: string; shopper: string; photoIds: readonly string[] }): Promise<boolean> {
  if (input.photoIds.length === 0) return true;
  const found = await database.query<{ id: string }>('SELECT id FROM return_photos WHERE id = ANY($1::text[]) AND order_id = $2 AND shopper_key = $3', [
    [...input.photoIds],
    input.orderId,
    input.shopper,
  ]);
  return found.length === new Set(input.photoIds).size;
}

export async function requestReturn(database: Database, app: BuyerApp, shopper: string, request: ReturnRequest): Promise<ReturnOutcome> {
  const order = await findOrderDetail(database, shopper, request.order_id);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  const eligibility = await returnEligibility(database, order);
  if (!eligibility.eligible) return { ok: false, status: 409, message: eligibility.reason ?? 'This order cannot be returned' };
  const problem = returnRequestProblem(request, eligibility.items);
  if (problem) return { ok: false, status: 400, message: problem };
  if (!(await photosOfOrder(database, { orderId: order.orderId, shopper, photoIds: request.photo_ids })))
    return { ok: false, status: 400, message: 'A photo does not belong to this order' };
  const claimed = await database.query(
    `UPDATE orders SET return_message_id = 'SENDING', return_error = NULL, updated_at = clock_timestamp()
     WHERE order_id = $1 AND return_message_id IS DISTINCT FROM 'SENDING'
       AND (return_state IS NULL OR return_state NOT IN ('submitted', 'Return_Initiated') OR return_error IS NOT NULL) RETURNING order_id`,
    [order.orderId],
  );
  if (claimed.length === 0) return { ok: false, status: 409, message: 'A return is already with the store' };
  const reason = RETURN_REASONS.find((r) => r.id === request.reason_id);
  const images = request.photo_ids.map((id) => signedPhotoUrl(app, id)).join(',');
  const stamp = Date.now().toString(36).toUpperCase();
  const sent = await sendToSeller(database, app, {
    shopper,
    transactionId: order.transactionId,
    action: 'update',
    message: {
      update_target: 'item',
      order: {
        id: order.orderId,
        state: 'Completed',
        provider: (order.sellerOrder as { provider?: unknown }).provider,
        items: request.items.map((item) => ({ id: item.item_id, quantity: { count: item.quantity } })),
        fulfillments: request.items.map((item, index) => ({
          type: 'Return',
          tags: [
            {
              code: 'return_request',
              list: [
                { code: 'id', value: `R${stamp}${index + 1}` },
                { code: 'item_id', value: item.item_id },
                { code: 'item_quantity', value: String(item.quantity) },
                { code: 'reason_id', value: request.reason_id },
                { code: 'reason_desc', value: reason?.text ?? '' },
                ...(images ? [{ code: 'images', value: images }] : []),
                { code: 'ttl_approval', value: 'PT24H' },
                { code: 'ttl_reverseqc', value: 'P3D' },
                // Money back, not another item in exchange (ONDC's validator asks which).
                { code: 'exchange', value: 'no' },
              ],
            },
          ],
        })),
      },
    },
  });
  if (!sent) return { ok: false, status: 404, message: 'No seller for this order' };
  if (sent.ack !== 'ACK') {
    await database.query('UPDATE orders SET return_message_id = NULL WHERE order_id = $1', [order.orderId]);
    return { ok: false, status: 502, message: sent.error?.message ?? 'The store did not take the request' };
  }
  await database.query("UPDATE orders SET return_message_id = $2, return_state = 'submitted' WHERE order_id = $1", [order.orderId, sent.messageId]);
  return { ok: true, messageId: sent.messageId };
}
