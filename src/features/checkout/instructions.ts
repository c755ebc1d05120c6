// Issue 29: the shopper's delivery instructions ("Ring twice, leave with the guard"), carried to
// the seller in the ONDC order as the delivery end's `instructions` (ONDC 1.2.0 retail: a
// descriptor; its `short_desc` codes are the logistics pickup/delivery codes, so free text for the
// rider goes in `long_desc`, as ONDC's examples write "additional instructions for delivery").
import { z } from 'zod';

/** Long enough for a landmark and a request, short enough for a rider's screen. */
export const INSTRUCTIONS_MAX_CHARS = 200;

// Line breaks and tabs are how people lay out a second request; other control characters are never text.
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** What a shopper may write: trimmed, at most 200 characters, no control characters but line breaks and tabs. */
export const deliveryInstructionsSchema = z
  .string()
  .trim()
  .max(INSTRUCTIONS_MAX_CHARS, `Delivery instructions may be at most ${INSTRUCTIONS_MAX_CHARS} characters`)
  .refine((text) => !CONTROL.test(text), 'Delivery instructions may not contain control characters');

/** The delivery end's `instructions` as ONDC carries them; none when the shopper wrote nothing. */
export function endInstructions(text: string | undefined): { instructions: { name: string; long_desc: string } } | Record<string, never> {
  return text ? { instructions: { name: 'Delivery instructions', long_desc: text } } : {};
}

/**
 * The on_init's fulfillments with the delivery's end carrying the shopper's instructions as the
 * init stated them: what the shopper wrote is ours to send, whatever a seller's echo kept of it.
 */
export function withShopperInstructions(fulfillments: unknown, instructions: unknown): unknown {
  if (!instructions || !Array.isArray(fulfillments)) return fulfillments;
  return fulfillments.map((f: Record<string, unknown>) =>
    f['type'] === 'Delivery' ? { ...f, end: { ...(f['end'] as Record<string, unknown> | undefined), instructions } } : f,
  );
}
