import { describe, expect, it } from 'vitest';
import { testDatabases } from '#/db/testing.ts';
import { moveDeviceCartToUser } from './identity.server.ts';

// Carts and lines as rows: the move is about ownership, not about the catalogue.
async function cart(database: Awaited<ReturnType<ReturnType<typeof testDatabases>[number]['open']>>, shopper: string, city: string, lines: string[]) {
  await database.query(
    "INSERT INTO carts (shopper_key, city_code, cart_reference_id, bpp_id, provider_id) VALUES ($1, $2, gen_random_uuid()::text, 'bpp', 'p1')",
    [shopper, city],
  );
  for (const line of lines) {
    await database.query(
      'INSERT INTO cart_lines (shopper_key, city_code, line_id, item_id, customisation_ids, quantity, added_at) VALUES ($1, $2, $3, $3, $4, 1, now())',
      [shopper, city, line, []],
    );
  }
}
const linesOf = async (database: Parameters<typeof cart>[0], shopper: string) =>
  (
    await database.query<{ city_code: string; line_id: string }>(
      'SELECT city_code, line_id FROM cart_lines WHERE shopper_key = $1 ORDER BY city_code, line_id',
      [shopper],
    )
  ).map((r) => `${r.city_code}/${r.line_id}`);

describe.each(testDatabases())('issue 24: the device cart moves to the user once, on $name', ({ open }) => {
  it('moves city by city where the user’s cart is empty, keeps the user’s own, and never twice', async () => {
    const database = await open();
    try {
      await cart(database, 'device:d1', 'std:080', ['a', 'b']);
      await cart(database, 'device:d1', 'std:011', ['c']);
      await cart(database, 'user:u1', 'std:011', ['mine']);
      await cart(database, 'user:u1', 'std:022', []);
      expect(await moveDeviceCartToUser(database, 'device:d1', 'user:u1')).toBe(true);
      expect(await linesOf(database, 'user:u1')).toEqual(['std:011/mine', 'std:080/a', 'std:080/b']);
      expect(await linesOf(database, 'device:d1')).toEqual(['std:011/c']);
      await cart(database, 'device:d1', 'std:022', ['later']);
      expect(await moveDeviceCartToUser(database, 'device:d1', 'user:u1')).toBe(false);
      expect(await linesOf(database, 'user:u1')).toEqual(['std:011/mine', 'std:080/a', 'std:080/b']);
      // Two first arrivals at once: one moves, the other finds it done.
      await cart(database, 'device:d2', 'std:080', ['x']);
      const both = await Promise.all([moveDeviceCartToUser(database, 'device:d2', 'user:u2'), moveDeviceCartToUser(database, 'device:d2', 'user:u2')]);
      expect(both.sort()).toEqual([false, true]);
      expect(await linesOf(database, 'user:u2')).toEqual(['std:080/x']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
