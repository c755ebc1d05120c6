import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { indianClock } from '#/features/catalogue/store-hours.ts';
import { checkStore } from './select.server.ts';

const [pglite] = testDatabases();
let database: Database;

/** HHMM in India `minutes` from now: store hours that exclude or include the present. */
const inIndia = (minutes: number) => indianClock(new Date(Date.now() + minutes * 60_000)).hhmm;

async function store(id: string, row: { status?: string; opens_at: number | null; closes_at: number | null; domain?: string }) {
  await database.query(
    `INSERT INTO catalogue_providers (bpp_id, provider_id, domain, city_code, name, status, location_id, location_status, lat, lng, radius_km, serves_pincodes, opens_at, closes_at)
     VALUES ('seller.test', $1, $2, 'std:080', $1, $3, 'L1', 'enable', 12.9, 77.6, 5, '{560034}', $4, $5)`,
    [id, row.domain ?? 'ONDC:RET10', row.status ?? 'enable', row.opens_at, row.closes_at],
  );
}

beforeAll(async () => {
  database = await pglite!.open();
  await database.query("INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name) VALUES ('seller.test', 'http://127.0.0.1:1/seller', 'Test seller')");
  await store('closed-store', { opens_at: inIndia(120), closes_at: inIndia(240) });
  await store('closed-kitchen', { opens_at: inIndia(120), closes_at: inIndia(240), domain: 'ONDC:RET11' });
  await store('paused-store', { status: 'disable', opens_at: null, closes_at: null });
  await store('open-store', { opens_at: null, closes_at: null });
});
afterAll(async () => database?.close());

const check = (providerId: string) => checkStore(database, { ondcCity: 'bengaluru', bppId: 'seller.test', providerId, items: [{ id: 'I1', quantity: 1 }] });
const clock = (hhmm: number) => `${Math.floor(hhmm / 100)}:${String(hhmm % 100).padStart(2, '0')}`;

describe('select and init refuse a store that is not open (SPEC §8 order-level errors, issue 28)', () => {
  it('a store closed by its hours: STORE_CLOSED in the SPEC §8 words, with the time it opens', async () => {
    expect(await check('closed-store')).toEqual({
      ok: false,
      status: 409,
      code: 'STORE_CLOSED',
      message: `The store is not taking orders right now. Opens at ${clock(inIndia(120))}`,
    });
  });
  it('says "restaurant" for food', async () => {
    expect(await check('closed-kitchen')).toMatchObject({
      code: 'STORE_CLOSED',
      message: expect.stringMatching(/^The restaurant is not taking orders right now\. Opens at /),
    });
  });
  it('a store its seller paused: STORE_TEMPORARILY_CLOSED, with no time', async () => {
    expect(await check('paused-store')).toEqual({
      ok: false,
      status: 409,
      code: 'STORE_TEMPORARILY_CLOSED',
      message: 'The store is not taking orders right now',
    });
  });
  it('an open store goes on to the item checks', async () => {
    expect(await check('open-store')).toEqual({ ok: false, status: 400, message: 'Unknown item I1 for this store' });
  });
});

describe('select reads the city as the cart and the offers do (ondc/cities.ts)', () => {
  const inCity = (ondcCity: string) => checkStore(database, { ondcCity, bppId: 'seller.test', providerId: 'open-store', items: [{ id: 'I1', quantity: 1 }] });
  it('takes a served city by code, id or name', async () => {
    for (const city of ['std:080', 'bengaluru', 'Bengaluru'])
      expect(await inCity(city)).toEqual({ ok: false, status: 400, message: 'Unknown item I1 for this store' });
  });
  it('refuses a well-formed code of a city we do not serve', async () => {
    expect(await inCity('std:999')).toEqual({ ok: false, status: 400, message: 'We do not deliver in std:999 yet' });
  });
});

describe("select speaks to a seller in its catalogue's core version (issue 25)", () => {
  it('answers the version the seller catalogued in, for the transaction the select starts', async () => {
    await database.query("INSERT INTO catalogue_sellers (bpp_id, bpp_uri, name, core_version) VALUES ('seller.v125', 'http://127.0.0.1:1/v125', 'V', '1.2.5')");
    for (const bppId of ['seller.test', 'seller.v125']) {
      await database.query(
        `INSERT INTO catalogue_providers (bpp_id, provider_id, domain, city_code, name, status, location_id, location_status, lat, lng, radius_km, serves_pincodes)
         VALUES ($1, 'versioned', 'ONDC:RET10', 'std:080', 'Versioned', 'enable', 'L1', 'enable', 12.9, 77.6, 5, '{560034}')`,
        [bppId],
      );
      await database.query(
        `INSERT INTO catalogue_items (bpp_id, provider_id, item_id, city_code, location_id, kind, name, ondc_category, price_paise, mrp_paise, in_stock, max_quantity)
         VALUES ($1, 'versioned', 'I1', 'std:080', 'L1', 'item', 'Atta', 'Foodgrains', 10000, 10000, true, 5)`,
        [bppId],
      );
    }
    const versionOf = async (bppId: string) =>
      (await checkStore(database, { ondcCity: 'std:080', bppId, providerId: 'versioned', items: [{ id: 'I1', quantity: 1 }] })) as { coreVersion?: string };
    expect((await versionOf('seller.v125')).coreVersion).toBe('1.2.5');
    expect((await versionOf('seller.test')).coreVersion).toBe('1.2.0');
  });
});
