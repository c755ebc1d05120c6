// Issue 29: a tip for the rider. ONDC 1.2.0 retail has no field for one, so both sides of an
// order agree on this: the buyer app states the tip as an order tag in init and confirm (the
// validator reads only bpp_terms and bap_terms among order tags, and refuses tags on on_init's
// delivery fulfillment, so neither carries it), and the seller quotes it as a fulfillment-level
// `misc` line titled "Tip", so the quote, the payment and the settlement all hold it.
import { z } from 'zod';
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';

const TIP_TAG = 'tip';
/** The title of the seller's quote line that carries the tip. */
export const TIP_TITLE = 'Tip';
/** No seller takes more than this as a tip: a larger one is a typing slip or an attack. */
const TIP_MAX_PAISE = 100_000;

type Tag = { code: string; list: Array<{ code: string; value: string }> };

/** The order tag stating a tip; none for no tip. */
export function tipTags(tipPaise: number): Tag[] {
  if (tipPaise <= 0) return [];
  return [
    {
      code: TIP_TAG,
      list: [
        { code: 'currency', value: 'INR' },
        { code: 'value', value: paiseToRupees(tipPaise) },
      ],
    },
  ];
}

const tipValue = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,2})?$/)
  .transform(rupeesToPaise)
  .pipe(z.number().int().min(0).max(TIP_MAX_PAISE));

/** The tip an order's tags state, in paise: 0 when they state none or one no seller would take. */
export function tipOfTags(tags: ReadonlyArray<{ code?: unknown; list?: unknown }> | undefined): number {
  const tag = tags?.find((t) => t.code === TIP_TAG);
  const list = Array.isArray(tag?.list) ? (tag.list as Array<{ code?: unknown; value?: unknown }>) : [];
  if (list.find((e) => e.code === 'currency')?.value !== 'INR') return 0;
  const value = tipValue.safeParse(list.find((e) => e.code === 'value')?.value);
  return value.success ? value.data : 0;
}

/** Whether a quote line is the seller's tip line. */
export function isTipLine(line: { title?: unknown; '@ondc/org/title_type'?: unknown }): boolean {
  return line['@ondc/org/title_type'] === 'misc' && line.title === TIP_TITLE;
}
