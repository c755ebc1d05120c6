// Issue 24: what happens around the shopper's identity on every request: the device's cart moving
// to the user who signs in on it, and the per-shopper request limits, both in the database so they
// hold however many storefront processes serve the shop.
import type { Database } from '#/db/client.ts';
import { pruneAllowances, takeAllowance, type Limit } from '#/lib/rate-limit.server.ts';
import { runPeriodically } from '#/lib/process/periodic.server.ts';
import { moveCartsToUser } from '#/features/cart/cart.server.ts';
import { SIGN_IN_LIMITS } from '#/features/sign-in/sign-in.server.ts';

/**
 * The first time a signed-in user arrives on a device, the device shopper's carts become the
 * user's (`moveCartsToUser` says which). One transaction, with the record that it happened: a
 * crash moves all or nothing, and a repeat moves nothing.
 * The device's saved addresses live on the device and reach the user by SPEC §7.1's sync.
 */
export async function moveDeviceCartToUser(database: Database, deviceKey: string, userKey: string): Promise<boolean> {
  return database.transaction(async (q) => {
    const fresh = await q.query('INSERT INTO identity_merges (device_key, user_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING device_key', [
      deviceKey,
      userKey,
    ]);
    if (fresh.length === 0) return false;
    await moveCartsToUser(q, deviceKey, userKey);
    return true;
  });
}

// Pairs this process has seen merged: the database is asked once per pair and process.
const merged = new Set<string>();
const MERGED_REMEMBERED = 10_000;

/** Moves the device's cart to the user on the first request that carries both (see above). */
export async function settleDeviceForUser(database: Database, deviceKey: string, userKey: string): Promise<void> {
  const pair = `${deviceKey}\n${userKey}`;
  if (merged.has(pair)) return;
  await moveDeviceCartToUser(database, deviceKey, userKey);
  if (merged.size >= MERGED_REMEMBERED) merged.clear();
  merged.add(pair);
}

// ---- per-shopper request limits ----

/** Where a shopper changes something: carts, checkout, payment, orders, returns, addresses. */
const WRITES = new Set([
  '/cart/add',
  '/cart/update',
  '/cart/reorder',
  '/ondc/cart',
  '/ondc/clear-cart',
  '/ondc/select',
  '/ondc/init',
  '/ondc/confirm',
  '/ondc/payment',
  '/ondc/offer/apply',
  '/ondc/offer/remove',
  '/ondc/order/update',
  '/ondc/order/rating',
  '/ondc/order/return-photo',
  '/save/unified/address',
  '/sync/unified/address',
]);

/** Where a shopper reads what is theirs (JSON calls; pages are limited by what they call). */
const READS = [
  /^\/ondc\/cart$/,
  /^\/get\/unified\/address$/,
  /^\/ondc\/status$/,
  /^\/ondc\/fetchMessage$/,
  /^\/ondc\/payment\/status$/,
  /^\/ondc\/order\//,
  /^\/ondc\/offer\/list$/,
  /^\/kong-api\/package_api\/v3\/payment\/getInstrumentDetails$/,
  /^\/return-photos\//,
  /^\/complaint-details\//,
];

/**
 * Writes a shopper may make a minute (SHOPPER_WRITE_LIMIT; `0` turns the limits off for load
 * tests). A person tapping + and − makes a few a second at most, briefly; a script makes
 * hundreds. Reads of their own data (status polls every second) get five times as many.
 */
function shopperLimits(env: NodeJS.ProcessEnv = process.env): { writes: Limit; reads: Limit } | null {
  const perMinute = env['SHOPPER_WRITE_LIMIT'] ? Number(env['SHOPPER_WRITE_LIMIT']) : 240;
  if (!Number.isFinite(perMinute) || perMinute <= 0) return null;
  return {
    writes: { bucket: 'shopper-writes', perWindow: perMinute, windowMs: 60_000 },
    reads: { bucket: 'shopper-reads', perWindow: perMinute * 5, windowMs: 60_000 },
  };
}

/**
 * Where a request with no shopper becomes one (its device is made on this first write, never on
 * a read): the cart's add (form and JSON) and select.
 */
const CREATES = new Set(['/cart/add', '/ondc/cart', '/ondc/select']);

/**
 * New device shoppers one address may start a minute (NEW_DEVICE_LIMIT; `0` turns it off, as
 * SHOPPER_WRITE_LIMIT=0 turns all these limits off for load tests). Each
 * is a cart in the database: a script sending cookieless adds would otherwise make one per
 * request. Many shoppers share an address behind a carrier's NAT, and each starts a device once,
 * so the allowance is generous for people and small for a flood.
 */
function newDeviceLimit(env: NodeJS.ProcessEnv = process.env): Limit | null {
  const perMinute = env['NEW_DEVICE_LIMIT'] ? Number(env['NEW_DEVICE_LIMIT']) : 60;
  if (!Number.isFinite(perMinute) || perMinute <= 0 || !shopperLimits(env)) return null;
  return { bucket: 'new-devices', perWindow: perMinute, windowMs: 60_000 };
}

let limits: ReturnType<typeof shopperLimits> | undefined;
let deviceLimit: Limit | null | undefined;

/**
 * Counts one request against its shopper's minute when it reads or writes what is theirs, or,
 * with no shopper yet, against its address's new devices when it would make one; the seconds to
 * wait when over. Other requests with no shopper can read nothing private and write nothing.
 */
export async function takeShopperAllowance(database: Database, method: string, path: string, shopper: string | { address: string }): Promise<number | null> {
  const write = method !== 'GET' && method !== 'HEAD';
  if (typeof shopper !== 'string') {
    deviceLimit = deviceLimit === undefined ? newDeviceLimit() : deviceLimit;
    return deviceLimit && write && CREATES.has(path) ? takeAllowance(database, deviceLimit, shopper.address, 1) : null;
  }
  limits = limits === undefined ? shopperLimits() : limits;
  if (!limits) return null;
  if (write ? !WRITES.has(path) : !READS.some((r) => r.test(path))) return null;
  return takeAllowance(database, write ? limits.writes : limits.reads, shopper, 1);
}

/** Forgets finished windows now and then (one row per shopper otherwise stays). */
export function startShopperLimitPruning(database: Database): () => void {
  const prune = async () => {
    const current = shopperLimits();
    for (const limit of [current?.writes, current?.reads, newDeviceLimit(), ...SIGN_IN_LIMITS]) if (limit) await pruneAllowances(database, limit);
  };
  return runPeriodically('rate limit pruning', prune, { firstMs: 10 * 60_000, everyMs: 10 * 60_000 });
}
