// The catalogue's SPEC rules that SQL needs too (facets, filters, sorts), run both ways on the
// same rows: what a card or the cart says must be what a facet counts and a filter matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { discountPercent, discountPercentSql, packSize, packSizeSql } from './format.ts';

/** [price, MRP] in paise. */
const PRICES: Array<[number, number]> = [
  [7100, 10000],
  [9500, 10000],
  [9501, 10000],
  [10000, 10000],
  [12000, 10000],
  [0, 10000],
  [100, 0],
  [6667, 10000],
  [19_900, 30_000_000],
  [33_333, 99_999],
];

const PACKS: Array<[string | null, string | null]> = [
  ['500', 'gram'],
  ['1', 'kilogram'],
  ['0.50', 'kilogram'],
  ['1.0', 'litre'],
  ['200', 'millilitre'],
  ['2', 'Kilograms'],
  ['1', 'unit'],
  ['6', 'unit'],
  ['6.00', 'unit'],
  ['12', 'dozen'],
  ['1', 'tonne'],
  ['750', 'Millilitres'],
  [null, 'gram'],
  ['5', null],
];

describe.each(testDatabases())('catalogue rules in TypeScript and SQL on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('SPEC §5 units: a pack size reads the same on a card, in the cart and in the pack-size facet', async () => {
    const rows = await database.query<{ n: number; size: string | null }>(
      `SELECT i.n, ${packSizeSql('i')} AS size
       FROM unnest($1::numeric[], $2::text[]) WITH ORDINALITY AS i(pack_value, pack_unit, n) ORDER BY i.n`,
      [PACKS.map(([value]) => value), PACKS.map(([, unit]) => unit)],
    );
    expect(rows.map((r) => r.size)).toEqual(PACKS.map(([value, unit]) => packSize(value, unit)));
    expect(rows.map((r) => r.size)).toEqual([
      '500 g',
      '1 kg',
      '0.5 kg',
      '1 L',
      '200 ml',
      '2 kg',
      '1 pc',
      '6 pcs',
      '6 pcs',
      '12 dozen',
      '1 tonne',
      '750 ml',
      null,
      null,
    ]);
  });

  it('discount off MRP: the percent a card says is the one the facet buckets and the Offer filter reads', async () => {
    const rows = await database.query<{ n: number; percent: string }>(
      `SELECT i.n, ${discountPercentSql('i')}::text AS percent
       FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS i(price_paise, mrp_paise, n) ORDER BY i.n`,
      [PRICES.map(([price]) => price), PRICES.map(([, mrp]) => mrp)],
    );
    expect(rows.map((r) => Number(r.percent))).toEqual(PRICES.map(([price, mrp]) => discountPercent(price, mrp)));
    expect(rows.map((r) => Number(r.percent))).toEqual([29, 5, 4, 0, 0, 100, 0, 33, 99, 66]);
  });
});
