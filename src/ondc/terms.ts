// What the buyer app commits to on the network, the same in every message of a transaction:
// ONDC's validator refuses a finder fee that changes between search and confirm (ondc-notes §1).

/** Our finder fee, as the search intent states it and init and confirm repeat it. */
export const BUYER_FINDER_FEE = {
  '@ondc/org/buyer_app_finder_fee_type': 'percent',
  '@ondc/org/buyer_app_finder_fee_amount': '3',
} as const;

type Tag = { code: string; list: Array<{ code: string; value: string }> };

/** confirm's bap_terms tag: our GST number (15 characters, ONDC's validator checks it). */
export function bapTerms(taxNumber: string): Tag {
  return { code: 'bap_terms', list: [{ code: 'tax_number', value: taxNumber }] };
}

/**
 * A quote as the buyer sends it back in confirm: the seller's quote without the stock figures
 * (`item.quantity`), which belong to on_select only.
 */
export function confirmQuote(quote: unknown): unknown {
  const q = quote as { breakup?: Array<Record<string, unknown>> } | null;
  if (!q || !Array.isArray(q.breakup)) return quote;
  return {
    ...q,
    breakup: q.breakup.map((line) => {
      const item = line['item'] as Record<string, unknown> | undefined;
      if (!item || !('quantity' in item)) return line;
      const { quantity: _stock, ...rest } = item;
      return { ...line, item: rest };
    }),
  };
}
