// SPEC §5 coins: a ledger per shopper. Placed orders earn and burn; a payment under way holds the
// coins it burns (a reservation) so a second checkout cannot spend them, and the hold becomes the
// burn when the order stands or lapses when the checkout ends without one. The balance a shopper
// may spend (SPEC §3 available_coins_balance) is the ledger less what live payments hold, so the
// ledger never goes below zero.
import type { Queryable } from '#/db/client.ts';
import { coinBurnOn, coinsReward, type CoinConfig } from './coins.ts';
import { readUiConfig } from '#/features/platform/ui-config.ts';
import { PAYMENT_RECORDS } from '#/features/payment/payment.server.ts';

/** The storefront's coin programme (SPEC §3 coin config; its values are ours: the SPEC does not show them). */
export const COIN_PROGRAMME: { name: string; config: CoinConfig } = {
  name: 'Kirana Coins',
  config: { OneCoinConversionRate: 1, coinBurnLimitInPercent: 10, coinBurnValue: 1, enableCoinsFeature: readUiConfig(process.env).enableCoinsFeature },
};

/** The ledger's sum: every reward, burn and reversal written for this shopper. */
export async function ledgerBalance(q: Queryable, shopper: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>('SELECT coalesce(sum(coins), 0)::int AS balance FROM coin_ledger WHERE shopper_key = $1', [shopper]);
  return row?.balance ?? 0;
}

/** What the shopper may spend now: the ledger less the coins payments under way hold. */
export async function coinBalance(q: Queryable, shopper: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>(
    `SELECT (SELECT coalesce(sum(coins), 0) FROM coin_ledger WHERE shopper_key = $1)
          - (SELECT coalesce(sum(r.coins), 0) FROM coin_reservations r JOIN ${PAYMENT_RECORDS} p ON p.payment_id = r.payment_id
             WHERE r.shopper_key = $1 AND r.state = 'held' AND p.status IN ('PENDING', 'PAID', 'ON-DELIVERY'))::int AS balance`,
    [shopper],
  );
  return Math.max(0, Number(row?.balance ?? 0));
}

/**
 * Holds what the shopper burns on a payment of `valuePaise` being made, inside the transaction
 * that writes the payment row (`insertPayment`, given the coins and their discount): two checkouts
 * at once take turns on the shopper's lock, and the second sees the first one's hold.
 */
export async function reserveCoins<T>(
  tx: Queryable,
  shopper: string,
  valuePaise: number,
  insertPayment: (burn: { coins: number; discountPaise: number }) => Promise<{ paymentId: string; row: T } | null>,
  config: CoinConfig = COIN_PROGRAMME.config,
): Promise<T | null> {
  await tx.query('SELECT pg_advisory_xact_lock(727276, hashtext($1))', [shopper]);
  const burn = coinBurnOn(valuePaise, await coinBalance(tx, shopper), config);
  const inserted = await insertPayment(burn);
  if (inserted && burn.coins > 0) {
    await tx.query('INSERT INTO coin_reservations (payment_id, shopper_key, coins) VALUES ($1, $2, $3)', [inserted.paymentId, shopper, burn.coins]);
  }
  return inserted?.row ?? null;
}

/**
 * SPEC §5 coins of an order that stands, inside the transaction that records it: the reward on
 * what the shopper paid, and the burn its payment held, once each however often it is recorded.
 */
export async function settleOrderCoins(
  tx: Queryable,
  order: { shopper: string; orderId: string; paymentId: string; totalPaise: number },
  config: CoinConfig = COIN_PROGRAMME.config,
): Promise<void> {
  await rewardOrder(tx, order.shopper, order.orderId, order.totalPaise, config);
  const burned = await tx.query<{ coins: number }>("UPDATE coin_reservations SET state = 'burned' WHERE payment_id = $1 AND state = 'held' RETURNING coins", [
    order.paymentId,
  ]);
  const coins = burned[0]?.coins ?? 0;
  if (coins > 0) {
    await tx.query(
      `INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, $2, 'burn', $3)
       ON CONFLICT (shopper_key, reason, order_id) DO NOTHING`,
      [order.shopper, -coins, order.orderId],
    );
  }
}

/** The coins a payment held go back to the shopper: its checkout ended without an order. */
export async function releaseCoins(tx: Queryable, paymentId: string): Promise<void> {
  await tx.query("UPDATE coin_reservations SET state = 'released' WHERE payment_id = $1 AND state = 'held'", [paymentId]);
}

/** Credits the reward for a placed order once, however often its confirmation is recorded. */
export async function rewardOrder(
  q: Queryable,
  shopper: string,
  orderId: string,
  totalPaise: number,
  config: CoinConfig = COIN_PROGRAMME.config,
): Promise<number> {
  const coins = coinsReward(totalPaise, config.OneCoinConversionRate);
  if (coins <= 0) return 0;
  const inserted = await q.query<{ coins: number }>(
    `INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, $2, 'reward', $3)
     ON CONFLICT (shopper_key, reason, order_id) DO NOTHING RETURNING coins`,
    [shopper, coins, orderId],
  );
  return inserted[0]?.coins ?? 0;
}

/**
 * An order that stood was cancelled in full and its money went back (issue 28): the coins it
 * burned return and the reward it earned is taken back, once each. What the shopper already spent
 * of that reward cannot be taken back, so the reversal is capped by what they may spend now: the
 * ledger never goes below zero.
 */
export async function reverseOrderCoins(tx: Queryable, order: { shopper: string; orderId: string }): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(727276, hashtext($1))', [order.shopper]);
  const entries = await tx.query<{ reason: string; coins: number }>('SELECT reason, coins FROM coin_ledger WHERE shopper_key = $1 AND order_id = $2', [
    order.shopper,
    order.orderId,
  ]);
  const of = (reason: string) => entries.find((entry) => entry.reason === reason)?.coins ?? 0;
  if (of('burn') < 0) {
    await tx.query(
      "INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, $2, 'refund', $3) ON CONFLICT (shopper_key, reason, order_id) DO NOTHING",
      [order.shopper, -of('burn'), order.orderId],
    );
  }
  if (of('reward') > 0 && of('reversal') === 0) {
    const coins = Math.min(of('reward'), await coinBalance(tx, order.shopper));
    if (coins > 0) {
      await tx.query(
        "INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, $2, 'reversal', $3) ON CONFLICT (shopper_key, reason, order_id) DO NOTHING",
        [order.shopper, -coins, order.orderId],
      );
    }
  }
}
