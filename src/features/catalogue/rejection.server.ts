// Telling a seller which of its items the storefront will not list (ONDC catalog_rejection):
// one signed message per on_search that had rejects, naming each item and ONDC's reason codes, in
// the on_search's own transaction and city, so the seller can fix its catalogue and send it again.
import { buildContext, type Context } from '#/ondc/context.ts';
import { catalogErrors, catalogRejectionSchema, type Rejection } from '#/ondc/catalog-rejection.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';

export function catalogRejectionMessage(app: Pick<BuyerApp, 'identity' | 'bapUri'>, onSearch: Context, rejected: readonly Rejection[], now = new Date()) {
  const context = buildContext({
    action: 'catalog_rejection',
    domain: onSearch.domain,
    city: onSearch.city,
    transactionId: onSearch.transaction_id,
    bapId: app.identity.subscriberId,
    bapUri: app.bapUri,
    ...(onSearch.bpp_id ? { bppId: onSearch.bpp_id } : {}),
    ...(onSearch.bpp_uri ? { bppUri: onSearch.bpp_uri } : {}),
    // In the version the catalogue came in: the seller's own (issue 25).
    coreVersion: onSearch.core_version,
    now,
  });
  return catalogRejectionSchema.parse({ context, errors: catalogErrors(rejected) });
}

export async function sendCatalogRejection(app: BuyerApp, onSearch: Context, rejected: readonly Rejection[]) {
  if (rejected.length === 0 || !onSearch.bpp_uri) return;
  const body = catalogRejectionMessage(app, onSearch, rejected);
  const result = await app.client.post(onSearch.bpp_uri, 'catalog_rejection', body);
  if (!result.ok) console.warn(`catalog_rejection to ${onSearch.bpp_id ?? ''} not delivered (${result.error.kind})`);
}
