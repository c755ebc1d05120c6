import type { Database } from '#/db/client.ts';

/**
 * Issue 5 serviceability: whether any seller on the network delivers to a pincode, from the
 * pincodes sellers list in their on_search catalogues (catalogue_providers.serves_pincodes).
 */
export async function isPincodeServed(database: Database, pincode: string): Promise<boolean> {
  // `@>` rather than `= ANY` so the GIN index on serves_pincodes answers it.
  const [row] = await database.query<{ served: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM catalogue_providers WHERE serves_pincodes @> ARRAY[$1]::text[]) AS served',
    [pincode],
  );
  return row?.served ?? false;
}
