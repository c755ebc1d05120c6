// What the confirmation and the order page tell a shopper about an order, read from the order the
// seller confirmed (issue 29: the store, when it arrives, where, and how it is paid). Pure: the
// pages hand in the order as stored.
import { durationParts, type DurationParts } from '#/ondc/context.ts';
import { isTipLine } from '#/ondc/tip.ts';
import { rupeesToPaise } from '#/lib/money.ts';

type Fulfillment = {
  type?: string;
  start?: { location?: { descriptor?: { name?: string } } };
  '@ondc/org/TAT'?: string;
  end?: { location?: { address?: Record<string, string | undefined> }; person?: { name?: string }; instructions?: { long_desc?: unknown } };
};
export type ConfirmedOrder = { provider?: { descriptor?: { name?: string } }; fulfillments?: Fulfillment[]; payment?: { type?: string; status?: string } };

export type DeliveryPromise = { within: DurationParts; expectedBy: Date };

/** Issue 29: a window the shopper chose is the promise instead, as long as it has not ended. */
export function windowPromise(window: { start: string; end: string } | null, now: Date): { start: string; end: string } | null {
  return window && Date.parse(window.end) > now.getTime() ? window : null;
}

function delivery(order: ConfirmedOrder | null | undefined): Fulfillment | undefined {
  return order?.fulfillments?.find((f) => f.type === 'Delivery') ?? order?.fulfillments?.[0];
}

/**
 * SPEC §9 time estimate: the seller's TAT for the delivery (order to door, ondc-notes §1), else the
 * store's own TAT from its listing, counted from when the order was placed; null when neither reads.
 */
export function deliveryPromise(order: ConfirmedOrder | null | undefined, placedAt: string | Date, storeTat: string | null = null): DeliveryPromise | null {
  const within = durationParts(delivery(order)?.['@ondc/org/TAT'] ?? '') ?? (storeTat ? durationParts(storeTat) : null);
  const placed = new Date(placedAt).getTime();
  if (!within || Number.isNaN(placed)) return null;
  const ms = (((within.days * 24 + within.hours) * 60 + within.minutes) * 60 + within.seconds) * 1000;
  return { within, expectedBy: new Date(placed + ms) };
}

/** The delivery address as one line (door, building, locality, city, pincode), with whom it is for. */
export function deliveryAddress(
  order: ConfirmedOrder | null | undefined,
  cityName: (city: string) => string = (c) => c,
): { name: string | null; line: string } | null {
  const end = delivery(order)?.end;
  const address = end?.location?.address;
  if (!address) return null;
  const line = [address['door'], address['building'], address['locality'], address['city'] && cityName(address['city']), address['area_code']]
    .filter(Boolean)
    .join(', ');
  return line ? { name: end?.person?.name ?? null, line } : null;
}

/** Issue 29: the shopper's delivery instructions as the seller's order carries them (the end's `instructions`), or null. */
export function deliveryInstructions(order: ConfirmedOrder | null | undefined): string | null {
  const text = delivery(order)?.end?.instructions?.long_desc;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/** Issue 29: the rider's tip in the order as the seller confirmed it (its "Tip" line), in paise. */
export function riderTipPaise(
  order: { quote?: { breakup?: Array<{ title?: unknown; '@ondc/org/title_type'?: unknown; price?: { value?: unknown } }> } } | null | undefined,
): number {
  return (order?.quote?.breakup ?? []).filter(isTipLine).reduce((total, line) => {
    const value = line.price?.value;
    return total + (typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) ? rupeesToPaise(value) : 0);
  }, 0);
}

/** The store's name as the seller wrote it into the order: the provider, or the pickup location. */
export function storeNameOf(order: ConfirmedOrder | null | undefined): string | null {
  return order?.provider?.descriptor?.name ?? order?.fulfillments?.find((f) => f.start?.location?.descriptor?.name)?.start?.location?.descriptor?.name ?? null;
}

/** Cash on delivery is ONDC's ON-FULFILLMENT payment; everything else is paid before (UPI). */
export function paysOnDelivery(order: ConfirmedOrder | null | undefined): boolean {
  return order?.payment?.type === 'ON-FULFILLMENT';
}
