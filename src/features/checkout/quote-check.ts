// SPEC §5 "Cart quote checks": the seller's quote read against the cart it was built from. Run
// by the server when it answers the select and init polls (session.server.ts, issue 23); the
// island only shows the problems on the affected lines.
import { z } from 'zod';
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';

// Rupees as ONDC writes them, a decimal string; ONDC's own Workbench seller also writes a plain
// number (a free delivery as 0), read as the same string (issue 25: liberal receiver).
const rupeesSchema = z.union([
  z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'Expected rupees such as 245.00'),
  z
    .number()
    .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Expected rupees such as 245.00')
    .transform((n) => n.toFixed(2)),
]);
const countSchema = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number);

/** SPEC §3 quote breakup entry, the fields read. */
const breakupEntrySchema = z.object({
  title: z.string(),
  price: z.object({ value: rupeesSchema }),
  '@ondc/org/title_type': z.string(),
  '@ondc/org/item_id': z.string().optional(),
  '@ondc/org/item_quantity': z.object({ count: countSchema }).optional(),
  item: z
    .object({
      parent_item_id: z.string().optional(),
      quantity: z
        .object({ available: z.object({ count: countSchema }), maximum: z.object({ count: countSchema }) })
        .partial()
        .optional(),
      price: z.object({ value: rupeesSchema }).optional(),
    })
    .optional(),
});
export type BreakupEntry = z.infer<typeof breakupEntrySchema>;

/**
 * A quote as a seller may send it (ONDC's published 1.2.0 examples): a breakup line without a
 * price carries no money and is left out (the freebie example describes its gift item so), and a
 * line without a title is named by its title type.
 */
export const quoteSchema = z.object({
  price: z.object({ value: rupeesSchema }),
  breakup: z
    .array(z.looseObject({ price: z.unknown().optional() }))
    .transform((lines) => lines.filter((line) => line.price !== undefined).map((line) => ({ ...line, title: line['title'] ?? line['@ondc/org/title_type'] })))
    .pipe(z.array(breakupEntrySchema)),
});
export type Quote = z.infer<typeof quoteSchema>;

/** SPEC §4 item error states in a quote. */
const ITEM_ERRORS = ['ITEM_UNAVAILABLE', 'ITEM_QUANTITY_MISMATCH', 'ONLY_X_AVAILABLE', 'MAX_LIMIT_REACHED', 'ITEM_PRICE_CHANGED', 'INFO_NOT_FOUND'] as const;
type ItemErrorCode = (typeof ITEM_ERRORS)[number];

/** A cart line as the select sent it: unit price in paise, quantity asked for. */
export interface CheckedLine {
  itemId: string;
  parentItemId?: string | undefined;
  name: string;
  quantity: number;
  unitPricePaise: number;
}

/** SPEC §8 item errors: the ITEM_PRICE_MISMATCH error event, prices in rupees to 2 decimals. */
export interface PriceMismatchEvent {
  label: 'ITEM_PRICE_MISMATCH';
  cart_price: string;
  on_select_price: string;
  item_name: string;
  item_id: string;
}

export interface ItemProblem {
  itemId: string;
  parentItemId?: string | undefined;
  code: ItemErrorCode;
  message: string;
}

export interface QuoteCheck {
  problems: ItemProblem[];
  events: PriceMismatchEvent[];
  /** SPEC §5: after select, a price change tells the shopper to look at the summary. */
  priceChanged: boolean;
}

const ITEM_UNAVAILABLE_MESSAGE = 'Item unavailable';
const ISSUE_WITH_ITEM_MESSAGE = 'Issue with item';
/** SPEC §5 cart and checkout: after select, a price change. */
export const PRICE_UPDATE_MESSAGE = 'There is an update in price. Please check order summary';

function quoteLineFor(breakup: readonly BreakupEntry[], line: CheckedLine): BreakupEntry | undefined {
  return breakup.find(
    (entry) =>
      entry['@ondc/org/title_type'] === 'item' &&
      entry['@ondc/org/item_id'] === line.itemId &&
      (line.parentItemId === undefined || entry.item?.parent_item_id === undefined || entry.item.parent_item_id === line.parentItemId),
  );
}

/** One cart line against its quote line, in the order SPEC §5 lists the rules; the first that fails wins. */
function checkLine(line: CheckedLine, entry: BreakupEntry | undefined): { problem: ItemProblem | null; event: PriceMismatchEvent | null } {
  const problem = (code: ItemErrorCode, message: string) => ({
    problem: { itemId: line.itemId, ...(line.parentItemId === undefined ? {} : { parentItemId: line.parentItemId }), code, message },
    event: null,
  });
  // Items missing from the quote are unavailable.
  if (!entry) return problem('ITEM_UNAVAILABLE', ITEM_UNAVAILABLE_MESSAGE);
  const info = entry.item;
  const available = info?.quantity?.available?.count;
  const maximum = info?.quantity?.maximum?.count;
  // No info, an available count of zero or a maximum of 0: unavailable.
  if (!info || available === undefined || maximum === undefined) return problem('INFO_NOT_FOUND', ITEM_UNAVAILABLE_MESSAGE);
  if (available === 0 || maximum === 0) return problem('ITEM_UNAVAILABLE', ITEM_UNAVAILABLE_MESSAGE);
  const quoted = entry['@ondc/org/item_quantity']?.count ?? line.quantity;
  if (quoted === 0) return problem('ITEM_UNAVAILABLE', ITEM_UNAVAILABLE_MESSAGE);
  if (line.quantity > quoted) return problem('ONLY_X_AVAILABLE', `Only ${quoted} available`);
  if (line.quantity !== quoted) return problem('ITEM_QUANTITY_MISMATCH', ISSUE_WITH_ITEM_MESSAGE);
  if (line.quantity > available) return problem('ONLY_X_AVAILABLE', `Only ${available} ${entry.title} available`);
  if (line.quantity > maximum) return problem('MAX_LIMIT_REACHED', `Max ${maximum} ${entry.title} can be ordered`);
  // Prices compared to 2 decimals: both sides are whole paise.
  const quotedUnit = info.price ? rupeesToPaise(info.price.value) : line.unitPricePaise;
  if (quotedUnit !== line.unitPricePaise) {
    return {
      problem: problem('ITEM_PRICE_CHANGED', ISSUE_WITH_ITEM_MESSAGE).problem,
      event: {
        label: 'ITEM_PRICE_MISMATCH',
        cart_price: paiseToRupees(line.unitPricePaise),
        on_select_price: paiseToRupees(quotedUnit),
        item_name: line.name,
        item_id: line.itemId,
      },
    };
  }
  return { problem: null, event: null };
}

/** SPEC §4: the quote rechecked against the cart quantities, line by line. */
export function checkQuote(lines: readonly CheckedLine[], quote: Quote): QuoteCheck {
  const problems: ItemProblem[] = [];
  const events: PriceMismatchEvent[] = [];
  for (const line of lines) {
    const { problem, event } = checkLine(line, quoteLineFor(quote.breakup, line));
    if (problem) problems.push(problem);
    if (event) events.push(event);
  }
  return { problems, events, priceChanged: events.length > 0 };
}

/** The store a select or init asked: the provider and the locations it named (the provider's and its items'). */
export interface AskedStore {
  providerId: string;
  locationIds: readonly string[];
}

/** A seller's answer for a store other than the one asked, in the SPEC §8 network error table's words. */
export type StoreMismatch = { code: '20003' | '20004'; message: 'Provider not found' | 'Provider location not found' };

type AnsweredOrder = { provider?: { id?: unknown; locations?: Array<{ id?: unknown }> }; items?: Array<{ location_id?: unknown }> } | null | undefined;

/**
 * Issue 23: an on_select or on_init speaks for the store that was asked, or it is refused (buyer
 * app codes 20003 "Provider not found" and 20004 "Provider location not found"): a quote for
 * another provider or location is never shown as this cart's, and never charged. A location the
 * seller leaves out is not a mismatch (ONDC makes it optional); one it names must be ours.
 */
export function storeMismatch(asked: AskedStore, order: unknown): StoreMismatch | null {
  const answered = order as AnsweredOrder;
  if (answered?.provider?.id !== asked.providerId) return { code: '20003', message: 'Provider not found' };
  const named = [...(answered.provider.locations ?? []).map((l) => l.id), ...(answered.items ?? []).map((i) => i.location_id)].filter((id) => id !== undefined);
  return named.every((id) => typeof id === 'string' && asked.locationIds.includes(id)) ? null : { code: '20004', message: 'Provider location not found' };
}
