import type { Database } from '#/db/client.ts';
import { anyStoreServes } from '#/features/catalogue/catalogue.server.ts';

/**
 * Issue 5 serviceability: whether any seller on the network delivers to a pincode, from the
 * pincodes sellers list in their on_search catalogues (catalogue_providers.serves_pincodes).
 */
export function isPincodeServed(database: Database, pincode: string): Promise<boolean> {
  return anyStoreServes(database, pincode);
}
