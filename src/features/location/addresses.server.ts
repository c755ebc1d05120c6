// Saved addresses on the server (SPEC §6/§7.1), for a signed-in native-app user only. Every query
// names the user id taken from that user's own cookie, so one user never reads or changes
// another's addresses.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '#/db/client.ts';
import { savedAddresses } from '#/db/schema.ts';
import { addressSchema, applySavedAddress, type Address } from './address.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function listSavedAddresses(database: Database, userId: string): Promise<Address[]> {
  return readList(database.db, userId);
}

/** SPEC §7.1 save: one address, with the SPEC §5 replace rules. Answers the whole list. */
export async function saveAddress(database: Database, userId: string, address: Address): Promise<Address[]> {
  return syncAddresses(database, userId, [address]);
}

/**
 * SPEC §7.1 sync: the device's addresses (newest first) merged into the user's, oldest first, so
 * that by the replace rules the device's newest HOME/WORK wins. Answers the whole list.
 */
export async function syncAddresses(database: Database, userId: string, addresses: readonly Address[]): Promise<Address[]> {
  return database.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const before = await readList(tx, userId);
    let after = before;
    for (const address of [...addresses].reverse()) after = applySavedAddress(after, { ...address, userId });
    const kept = new Set(after.map((a) => a.id));
    const incoming = new Set(addresses.map((a) => a.id));
    const gone = before.filter((a) => !kept.has(a.id) || incoming.has(a.id)).map((a) => a.id);
    if (gone.length > 0) await tx.delete(savedAddresses).where(and(eq(savedAddresses.userId, userId), inArray(savedAddresses.id, gone)));
    // Inserted oldest first, so the sequence puts the newest on top.
    const fresh = after.filter((a) => incoming.has(a.id)).reverse();
    if (fresh.length > 0) {
      await tx.insert(savedAddresses).values(
        fresh.map(({ distance: _distance, ...a }) => ({
          userId,
          id: a.id,
          addressType: a.address_type,
          latitude: a.latitude,
          longitude: a.longitude,
          city: a.city,
          pinCode: a.pin_code,
          body: a,
        })),
      );
    }
    return readList(tx, userId);
  });
}

/** SPEC §5: delete by id. Answers the remaining list; an id the user does not have changes nothing. */
export async function deleteAddress(database: Database, userId: string, id: string): Promise<Address[]> {
  return database.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(savedAddresses).where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)));
    return readList(tx, userId);
  });
}

// Two saves for one user at once (two tabs, a retry) would each see the old list; the lock makes
// the second wait for the first, on PGlite and PostgreSQL alike.
async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

async function readList(db: Db | Tx, userId: string): Promise<Address[]> {
  const rows = await db.select({ body: savedAddresses.body }).from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(desc(savedAddresses.seq));
  return rows.map((row) => addressSchema.parse(row.body));
}
