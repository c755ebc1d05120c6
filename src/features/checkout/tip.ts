// Issue 29: the tips a shopper picks from at checkout, in whole rupees. The server states the
// chosen one to the seller (ondc/tip.ts); the seller quotes it and the server charges the quote,
// so the browser names a choice and never an amount to pay.
import { z } from 'zod';

export const TIP_CHOICES_RUPEES = [0, 20, 30, 50] as const;

// The message is made when a tip is refused: a module-level call would keep the
// schema, and classic zod with it, in the checkout's browser bundle (astro.config.mjs, issue 30).
export const tipChoiceSchema = z
  .number()
  .refine((rupees) => (TIP_CHOICES_RUPEES as readonly number[]).includes(rupees), {
    error: () => `A tip is one of ${TIP_CHOICES_RUPEES.map((r) => `₹${r}`).join(', ')}`,
  })
  .transform((rupees) => rupees * 100);
