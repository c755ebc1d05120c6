// Issue 29: when the order arrives, where the store offers a choice. A store that delivers in
// windows lists each as a Delivery fulfillment of its own in on_select, with its time range, after
// the as-soon-as-possible one (src/network/delivery-slots.ts); the items say which one the quote is
// for. The server reads the choice from the seller's answer and words it for the shopper.
import { z } from 'zod';
import { IST_OFFSET_MS } from '#/lib/ist.ts';
import { durationParts } from '#/ondc/context.ts';
import { messagesFor } from '#/features/i18n/catalogue.ts';
import { durationText } from '#/features/i18n/labels.ts';
import { clockFormat, INTL_LOCALE, type Locale } from '#/features/i18n/locale.ts';
import { fill } from '#/features/i18n/text.ts';

const rangeSchema = z.object({ start: z.iso.datetime(), end: z.iso.datetime() });
const onSelectSchema = z.looseObject({
  items: z.array(z.looseObject({ fulfillment_id: z.string().optional() })).optional(),
  fulfillments: z
    .array(
      z.looseObject({
        id: z.string(),
        type: z.string().optional(),
        '@ondc/org/TAT': z.string().optional(),
        end: z.looseObject({ time: z.looseObject({ range: rangeSchema.optional() }).optional() }).optional(),
      }),
    )
    .optional(),
});

type DeliveryOption = { id: string; label: string; start: string | null; end: string | null };
/** The deliveries on offer and the one the quote is for; null when the store offers no choice. */
export type DeliveryChoice = { chosen: string; options: DeliveryOption[] };

const DAY_MS = 24 * 60 * 60 * 1000;
const istDay = (ms: number) => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);

/** "Today, 6:00 pm – 8:00 pm" (Indian time), "Tomorrow, …", else the weekday and date. */
export function windowLabel(range: { start: string; end: string }, now: Date, locale: Locale): string {
  const t = messagesFor(locale).checkout;
  const start = Date.parse(range.start);
  const clock = clockFormat(locale);
  const times = { from: clock.format(start), to: clock.format(Date.parse(range.end)) };
  const days = istDay(start) - istDay(now.getTime());
  if (days === 0) return fill(t.windowToday, times);
  if (days === 1) return fill(t.windowTomorrow, times);
  const day = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    numberingSystem: 'latn',
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  return fill(t.windowOn, { day: day.format(start), ...times });
}

type OnSelectOrder = z.infer<typeof onSelectSchema>;
const itemsFulfillment = (order: OnSelectOrder): string | null => order.items?.[0]?.fulfillment_id || null;

/** The delivery an on_select's quote is for: the fulfillment its items go with, or null. */
export function quotedFulfillmentId(order: unknown): string | null {
  const parsed = onSelectSchema.safeParse(order);
  return parsed.success ? itemsFulfillment(parsed.data) : null;
}

/**
 * The delivery choice in an on_select: null unless the store offers at least one window. The
 * as-soon-as-possible delivery reads with its TAT; a window that has ended is not offered.
 */
export function deliveryChoice(order: unknown, now: Date, locale: Locale): DeliveryChoice | null {
  const parsed = onSelectSchema.safeParse(order);
  if (!parsed.success) return null;
  const t = messagesFor(locale).checkout;
  const deliveries = (parsed.data.fulfillments ?? []).filter((f) => f.type === undefined || f.type === 'Delivery');
  const options = deliveries.flatMap((f): DeliveryOption[] => {
    const range = f.end?.time?.range;
    if (range) return Date.parse(range.end) > now.getTime() ? [{ id: f.id, label: windowLabel(range, now, locale), start: range.start, end: range.end }] : [];
    const within = durationParts(f['@ondc/org/TAT'] ?? '');
    return [{ id: f.id, label: within ? fill(t.soonestWithin, { duration: durationText(within, locale) }) : t.soonest, start: null, end: null }];
  });
  const chosen = itemsFulfillment(parsed.data);
  if (!options.some((o) => o.start !== null) || !chosen || !options.some((o) => o.id === chosen)) return null;
  return { chosen, options };
}
