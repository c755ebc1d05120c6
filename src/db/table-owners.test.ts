// Issue 27: one owner per table. Each table is written by one part of the code (a feature, the
// protocol layer or the database layer); the others call the owner's exported service. The test
// reads the source as it is, so a second writer fails it the day it is written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations.ts';
import * as schema from './schema.ts';

const src = fileURLToPath(new URL('..', import.meta.url));

/** Who writes each table: `features/<area>`, `ondc` or `db`. */
const OWNERS: Record<string, string> = {
  analytics_events: 'features/analytics',
  applied_offers: 'features/checkout',
  cart_lines: 'features/cart',
  carts: 'features/cart',
  catalogue_dedupe_pending: 'features/catalogue',
  catalogue_items: 'features/catalogue',
  catalogue_providers: 'features/catalogue',
  catalogue_sellers: 'features/catalogue',
  catalogue_words: 'features/catalogue',
  checkout_contacts: 'features/checkout',
  checkout_requests: 'features/checkout',
  checkout_store_offers: 'features/checkout',
  coin_ledger: 'features/coins',
  coin_reservations: 'features/coins',
  coupon_attempts: 'features/checkout',
  identity_merges: 'features/platform',
  kirana_meta: 'db',
  leases: 'db',
  offers: 'features/checkout',
  ondc_inbox: 'ondc',
  ondc_messages: 'ondc',
  ondc_transactions: 'ondc',
  order_events: 'features/orders',
  order_issues: 'features/issues',
  order_ratings: 'features/orders',
  orders: 'features/orders',
  payment_notices: 'features/payment',
  payment_refunds: 'features/payment',
  payments: 'features/payment',
  phone_accounts: 'features/sign-in',
  rate_windows: 'lib',
  return_photos: 'features/orders',
  saved_addresses: 'features/location',
  schema_migrations: 'db',
  settlement_instruction_orders: 'features/settlement',
  settlement_instructions: 'features/settlement',
  settlement_recon_orders: 'features/settlement',
  settlement_recons: 'features/settlement',
  shopper_consents: 'features/checkout',
  sign_in_codes: 'features/sign-in',
  simulated_upi: 'features/payment',
  simulated_upi_refunds: 'features/payment',
  tax_documents: 'features/orders',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** features/<area>, or the top folder of src (ondc, db, lib, network …), or the file itself. */
function areaOf(file: string): string {
  const [top, second] = path.relative(src, file).split(path.sep);
  if (top === 'features' && second) return `features/${second}`;
  return second === undefined ? path.relative(src, file) : top!;
}

const drizzleNames = new Map(Object.entries(schema).flatMap(([name, value]) => (isTable(value) ? [[name, getTableName(value)] as const] : [])));

/** Every table each source file writes: SQL INSERT/UPDATE/DELETE, and Drizzle's insert/update/delete. */
function writes(): Array<{ table: string; area: string; file: string }> {
  const found = [];
  for (const file of sourceFiles(src)) {
    if (file === path.join(src, 'db/migrations.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)\b/g))
      found.push({ table: match[1]!, area: areaOf(file), file: path.relative(src, file) });
    for (const match of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      const table = drizzleNames.get(match[1]!);
      if (table) found.push({ table, area: areaOf(file), file: path.relative(src, file) });
    }
  }
  return found;
}

/** The tables a source text reads: SQL FROM/JOIN (and VACUUM), and Drizzle's from. */
function tablesRead(text: string): string[] {
  return [
    ...[...text.matchAll(/\b(?:FROM|JOIN|VACUUM)\s+([a-z_]+)\b/g)].map((match) => match[1]!),
    ...[...text.matchAll(/\.from\((\w+)\)/g)].flatMap((match) => drizzleNames.get(match[1]!) ?? []),
  ];
}

/** Every owned table each source file reads outside its owner. */
function foreignReads(): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  for (const file of sourceFiles(src)) {
    if (file === path.join(src, 'db/migrations.ts')) continue;
    for (const table of tablesRead(readFileSync(file, 'utf8'))) {
      if (OWNERS[table] === undefined || OWNERS[table] === areaOf(file)) continue;
      const name = path.relative(src, file);
      found[name] = new Set([...(found[name] ?? []), table]);
    }
  }
  return Object.fromEntries(
    Object.entries(found)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, tables]) => [file, [...tables].sort()]),
  );
}

const migratedTables = new Set(migrations.flatMap((m) => [...m.sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map((match) => match[1]!)));

describe('issue 27: one owner per table', () => {
  it('names an owner for every table the migrations create, and none for a table they do not', () => {
    expect(
      Object.keys(OWNERS)
        .filter((table) => table !== 'schema_migrations')
        .sort(),
    ).toEqual([...migratedTables].sort());
  });

  it('has every table written only by its owner', () => {
    const strangers = writes().filter(({ table, area }) => area !== OWNERS[table]);
    expect(strangers).toEqual([]);
  });

  // Every read goes through the owner: its service (ondc/stored-messages.server.ts,
  // catalogue/records.server.ts, the features' fronts), or, where one statement must read two
  // owners' rows together (a coin hold with its payment's state, the settlement ledger's
  // snapshot), the relation the owner publishes (PAYMENT_RECORDS, ORDER_RECORDS, …).
  it('has no table read outside its owner (protocol messages only through ondc/)', () => {
    expect(foreignReads()).toEqual({});
  });

  it('sees writes in both styles (the scan itself works)', () => {
    const found = writes();
    expect(found.some((w) => w.table === 'orders' && w.file === 'features/orders/orders.server.ts')).toBe(true);
    expect(found.some((w) => w.table === 'saved_addresses' && w.file === 'features/location/addresses.server.ts')).toBe(true);
  });

  it('sees reads in SQL and Drizzle (the read scan itself works)', () => {
    const text = "SELECT o.id FROM orders o JOIN payments p ON true, x; VACUUM ondc_inbox; db.select().from(savedAddresses); import { a } from './b.ts'";
    expect(tablesRead(text)).toEqual(['orders', 'payments', 'ondc_inbox', 'saved_addresses']);
  });
});
