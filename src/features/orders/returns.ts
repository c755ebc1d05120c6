// Returns after delivery (SPEC §4 cancel or return, §8 return reasons; ondc-notes §1 update):
// which items may go back, for which reasons and until when, and what a request must carry.
import { z } from 'zod';
import { ttlToMs } from '#/ondc/context.ts';

/**
 * SPEC §8 return reasons. Items the seller does not take back (`@ondc/org/returnable` false) may
 * still go back damaged or wrong (003–005), and those three need photos.
 */
export const RETURN_REASONS = [
  { id: '001', text: 'No longer needed', anyItem: false },
  { id: '002', text: 'Lower price elsewhere', anyItem: false },
  { id: '003', text: 'Damaged or unusable', anyItem: true },
  { id: '004', text: 'Wrong quantity', anyItem: true },
  { id: '005', text: 'Wrong product', anyItem: true },
] as const;
export type ReturnReasonId = (typeof RETURN_REASONS)[number]['id'];
const REASON_IDS = RETURN_REASONS.map((r) => r.id) as [ReturnReasonId, ...ReturnReasonId[]];

/** Reasons that need the shopper's photos of the goods. */
export const needsPhotos = (reason: ReturnReasonId) => RETURN_REASONS.find((r) => r.id === reason)?.anyItem ?? false;

export const RETURN_PHOTOS_MAX = 4;
/** After the phone's resize to RETURN_PHOTO_MAX_EDGE px (a 1280 px JPEG is ~200–400 KB). */
export const RETURN_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const RETURN_PHOTO_MAX_EDGE = 1280;

/** How long after delivery damaged or wrong goods may be reported, whatever the item's window. */
const CLAIM_WINDOW_MS = 24 * 3600 * 1000;

export type ReturnableLine = {
  itemId: string;
  title: string;
  /** units bought less units already asked back */
  quantity: number;
  /** reasons the item may go back for now (none when its windows have closed) */
  reasons: ReturnReasonId[];
};

export type OrderLine = { itemId: string; title: string; count: number; returnable: boolean; returnWindow: string | null; alreadyReturned: number };

function windowMs(window: string | null): number {
  if (!window) return 0;
  try {
    return ttlToMs(window);
  } catch {
    return 0;
  }
}

/** What of a delivered order may go back at `nowMs`, item by item. */
export function returnableLines(lines: readonly OrderLine[], deliveredAtMs: number, nowMs: number): ReturnableLine[] {
  const since = nowMs - deliveredAtMs;
  return lines
    .map((line) => {
      const quantity = line.count - line.alreadyReturned;
      const anyReason = line.returnable && since <= windowMs(line.returnWindow);
      const claim = since <= CLAIM_WINDOW_MS;
      const reasons = quantity <= 0 ? [] : RETURN_REASONS.filter((r) => anyReason || (r.anyItem && claim)).map((r) => r.id);
      return { itemId: line.itemId, title: line.title, quantity: Math.max(0, quantity), reasons };
    })
    .filter((line) => line.quantity > 0);
}

export const returnRequestSchema = z.object({
  type: z.literal('return'),
  order_id: z.string().min(1, 'order_id is required').max(40),
  reason_id: z.enum(REASON_IDS, { error: 'Choose one of the return reasons' }),
  items: z
    .array(z.object({ item_id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(1000) }), { error: 'Choose the items to return' })
    .min(1, 'Choose at least one item to return')
    .max(50),
  photo_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unknown photo'))
    .max(RETURN_PHOTOS_MAX, `At most ${RETURN_PHOTOS_MAX} photos`)
    .default([]),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The first reason a request cannot go to the seller as it stands, or null. */
export function returnRequestProblem(request: ReturnRequest, lines: readonly ReturnableLine[]): string | null {
  const seen = new Set<string>();
  for (const wanted of request.items) {
    if (seen.has(wanted.item_id)) return 'Each item once, please';
    seen.add(wanted.item_id);
    const line = lines.find((l) => l.itemId === wanted.item_id);
    if (!line) return 'That item cannot be returned';
    if (wanted.quantity > line.quantity) return `At most ${line.quantity} of ${line.title} can be returned`;
    if (!line.reasons.includes(request.reason_id)) return `${line.title} cannot be returned for this reason`;
  }
  if (needsPhotos(request.reason_id) && request.photo_ids.length === 0) return 'Add a photo of the item for this reason';
  return null;
}

/** Image types a return photo may be, by their first bytes (the upload's own type is not trusted). */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
