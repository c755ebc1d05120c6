// SPEC §5 coins: a ledger per shopper. Confirmed orders earn; the balance is what the cart offers
// to burn (SPEC §3 available_coins_balance).
import type { Queryable } from '../../db/client.ts';
import { burnableCoins, burnDiscountPaise, coinsReward, type CoinConfig } from './coins.ts';
import { readUiConfig } from '../platform/ui-config.ts';

/** The storefront's coin programme (SPEC §3 coin config; its values are ours: the SPEC does not show them). */
export const COIN_PROGRAMME: { name: string; config: CoinConfig } = {
  name: 'Kirana Coins',
  config: { OneCoinConversionRate: 1, coinBurnLimitInPercent: 10, coinBurnValue: 1, enableCoinsFeature: readUiConfig(process.env).enableCoinsFeature },
};

export async function coinBalance(q: Queryable, shopper: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>('SELECT coalesce(sum(coins), 0)::int AS balance FROM coin_ledger WHERE shopper_key = $1', [shopper]);
  return row?.balance ?? 0;
}

/** Credits the reward for a confirmed order once, however often its confirmation is read. */
export async function rewardOrder(q: Queryable, shopper: string, orderId: string, totalPaise: number, config: CoinConfig = COIN_PROGRAMME.config): Promise<number> {
  const coins = coinsReward(totalPaise, config.OneCoinConversionRate);
  if (coins <= 0) return 0;
  const inserted = await q.query<{ coins: number }>(
    `INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, $2, 'reward', $3)
     ON CONFLICT (shopper_key, reason, order_id) DO NOTHING RETURNING coins`,
    [shopper, coins, orderId],
  );
  return inserted[0]?.coins ?? 0;
}

/** SPEC §5: what the shopper may burn on an order of `valuePaise` now, and what it takes off. */
export async function coinBurn(q: Queryable, shopper: string, valuePaise: number, config: CoinConfig = COIN_PROGRAMME.config) {
  const coins = burnableCoins(valuePaise, config.coinBurnLimitInPercent, await coinBalance(q, shopper));
  return { coins, discountPaise: Math.min(burnDiscountPaise(coins, config.coinBurnValue), valuePaise) };
}

/** Takes the coins a confirmed order burned off the balance, once. */
export async function burnForOrder(q: Queryable, shopper: string, orderId: string, coins: number): Promise<void> {
  if (coins <= 0) return;
  await q.query(
    `INSERT INTO coin_ledger (shopper_key, coins, reason, order_id) VALUES ($1, $2, 'burn', $3)
     ON CONFLICT (shopper_key, reason, order_id) DO NOTHING`,
    [shopper, -coins, orderId],
  );
}
