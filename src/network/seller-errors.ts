// The `error` a seller puts in an on_* callback next to a valid message (ondc-notes §1, §2).
import type { NackError } from '#/ondc/context.ts';
import { NETWORK_ERROR_CODES } from '#/ondc/error-codes.ts';

/** A seller-app error; the message is the detail when given, else ONDC's text for the code. */
export function sellerError(code: string, detail?: string): NackError {
  return {
    // 5xxxx are the policy codes of ONDC-RFC-001; the rest a seller sends are business errors.
    type: code.startsWith('5') ? 'POLICY-ERROR' : 'DOMAIN-ERROR',
    code,
    message: detail ?? NETWORK_ERROR_CODES.get(code)?.message ?? 'Business Error',
  };
}

/** An error about some items, its message the list ondc-notes §1 shows for 40002. */
export function itemsError(code: string, itemIds: readonly string[], lineIdOf: ReadonlyMap<string, string> = new Map()): NackError {
  // A restaurant line (parent_item_id) is named too: ONDC's validator wants it as dynamic_item_id.
  return sellerError(
    code,
    JSON.stringify([...new Set(itemIds)].map((id) => ({ ...(lineIdOf.has(id) ? { dynamic_item_id: lineIdOf.get(id) } : {}), item_id: id, error: code }))),
  );
}
