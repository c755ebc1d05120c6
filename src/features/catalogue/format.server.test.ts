// The catalogue's SPEC rules that SQL needs too (facets, filters, sorts), run both ways on the
// same rows: what a card or the cart says must be what a facet counts and a filter matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testDatabases } from '../../db/testing.ts';
import { packSize, packSizeSql } from './format.ts';

const PACKS: Array<[string | null, string | null]> = [
  ['500', 'gram'], ['1', 'kilogram'], ['0.50', 'kilogram'], ['1.0', 'litre'], ['200', 'millilitre'], ['2', 'Kilograms'],
  ['1', 'unit'], ['6', 'unit'], ['6.00', 'unit'], ['12', 'dozen'], ['1', 'tonne'], ['750', 'Millilitres'], [null, 'gram'], ['5', null],
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
      '500 g', '1 kg', '0.5 kg', '1 L', '200 ml', '2 kg', '1 pc', '6 pcs', '6 pcs', '12 dozen', '1 tonne', '750 ml', null, null,
    ]);
  });
});
