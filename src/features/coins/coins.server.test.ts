import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#/db/client.ts';
import { testDatabases } from '#/db/testing.ts';
import { coinBalance, ledgerBalance, releaseCoins, reserveCoins, reverseOrderCoins, rewardOrder, settleOrderCoins } from './coins.server.ts';

const config = { OneCoinConversionRate: 2, coinBurnLimitInPercent: 10, coinBurnValue: 1, enableCoinsFeature: true };

describe.each(testDatabases())('SPEC §5 coin ledger on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  /** A payment of `valuePaise` burning what it may, written as startPayment writes it: the hold and the row in one transaction. */
  async function pay(shopper: string, id: string, valuePaise: number) {
    await database.query(
      "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, expires_at) VALUES ($1, $2, 'ONDC:RET10', 'std:080', clock_timestamp() + interval '1 day') ON CONFLICT DO NOTHING",
      [`T${id}`, shopper],
    );
    return database.transaction((tx) =>
      reserveCoins(
        tx,
        shopper,
        valuePaise,
        async (burn) => {
          await tx.query(
            "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status, coins_burned, coin_discount_paise) VALUES ($1, $2, $3, 'm', $4, 'upi', 'a@okaxis', 'PAID', $5, $6)",
            [`P${id}`, `T${id}`, shopper, valuePaise - burn.discountPaise, burn.coins, burn.discountPaise],
          );
          return { paymentId: `P${id}`, row: burn.coins };
        },
        config,
      ),
    );
  }

  it('rewards a confirmed order floor(value × rate %) once, and the balance sums the ledger', async () => {
    expect(await coinBalance(database, 'device:a')).toBe(0);
    expect(await rewardOrder(database, 'device:a', 'KO1', 49999, config)).toBe(9);
    expect(await rewardOrder(database, 'device:a', 'KO1', 49999, config)).toBe(0);
    expect(await rewardOrder(database, 'device:a', 'KO2', 50000, config)).toBe(10);
    expect(await coinBalance(database, 'device:a')).toBe(19);
    expect(await coinBalance(database, 'device:b')).toBe(0);
  });

  it('two checkouts at once cannot spend the same coins: the second sees the first one’s hold', async () => {
    await rewardOrder(database, 'device:c', 'KO3', 50000, config);
    // 10 coins; each payment of ₹500 could burn 50 alone.
    const [first, second] = await Promise.all([pay('device:c', 'c1', 50000), pay('device:c', 'c2', 50000)]);
    expect((first ?? 0) + (second ?? 0)).toBe(10);
    expect(await coinBalance(database, 'device:c')).toBe(0);
    // The first order stands (its hold becomes the burn, its reward is credited); the second ends without one (its hold goes back).
    await database.transaction((tx) =>
      settleOrderCoins(tx, { shopper: 'device:c', orderId: 'KOc1', paymentId: 'Pc1', totalPaise: 50000 - (first ?? 0) * 100 }, config),
    );
    await releaseCoins(database, 'Pc2');
    expect(await ledgerBalance(database, 'device:c')).toBe(10 - (first ?? 0) + Math.floor(((50000 - (first ?? 0) * 100) * 2) / 10000));
    expect(await coinBalance(database, 'device:c')).toBe(await ledgerBalance(database, 'device:c'));
  });

  it('a cancelled order gives its burned coins back and takes its reward back, never below zero', async () => {
    await rewardOrder(database, 'device:d', 'KOd0', 50000, config);
    const burned = await pay('device:d', 'd1', 50000);
    expect(burned).toBe(10);
    await database.transaction((tx) => settleOrderCoins(tx, { shopper: 'device:d', orderId: 'KOd1', paymentId: 'Pd1', totalPaise: 49000 }, config));
    // 10 − 10 burned + 9 earned = 9; cancelled: +10 back, −9 earned.
    expect(await ledgerBalance(database, 'device:d')).toBe(9);
    await database.transaction((tx) => reverseOrderCoins(tx, { shopper: 'device:d', orderId: 'KOd1' }));
    await database.transaction((tx) => reverseOrderCoins(tx, { shopper: 'device:d', orderId: 'KOd1' }));
    expect(await ledgerBalance(database, 'device:d')).toBe(10);
    // A reward already spent is taken back only as far as the balance goes.
    await rewardOrder(database, 'device:e', 'KOe1', 50000, config);
    await pay('device:e', 'e1', 50000);
    await database.transaction((tx) => settleOrderCoins(tx, { shopper: 'device:e', orderId: 'KOe2', paymentId: 'Pe1', totalPaise: 1000 }, config));
    expect(await ledgerBalance(database, 'device:e')).toBe(0);
    await database.transaction((tx) => reverseOrderCoins(tx, { shopper: 'device:e', orderId: 'KOe1' }));
    expect(await ledgerBalance(database, 'device:e')).toBe(0);
  });
});
