// SPEC §5 "Coins" and §3 "Coin config": the loyalty coins a shopper earns and burns.
import { z } from 'zod';

/** SPEC §3 coin config: rates in percent, coinBurnValue in rupees per coin. */
const coinConfigSchema = z.object({
  OneCoinConversionRate: z.number().nonnegative(),
  coinBurnLimitInPercent: z.number().min(0).max(100),
  coinBurnValue: z.number().nonnegative(),
  enableCoinsFeature: z.boolean(),
});
export type CoinConfig = z.infer<typeof coinConfigSchema>;

/** SPEC §5: the reward on an order of `valuePaise` is floor(value × conversion rate %), value in rupees. */
export function coinsReward(valuePaise: number, conversionRatePercent: number): number {
  return Math.floor((valuePaise * conversionRatePercent) / 10000);
}

/** SPEC §5: burnable coins are floor(value × burn limit %), capped by the shopper's balance. */
export function burnableCoins(valuePaise: number, burnLimitPercent: number, balance: number): number {
  return Math.max(0, Math.min(Math.floor((valuePaise * burnLimitPercent) / 10000), balance));
}

/** SPEC §5: the burn discount is coins × coin value, in paise. */
export function burnDiscountPaise(coins: number, coinValueRupees: number): number {
  return Math.round(coins * coinValueRupees * 100);
}

/** SPEC §5: coins are on only with uiConfig.enableCoinsFeature and the isCoinEnabled cookie 'true'. */
export function coinsEnabled(uiConfig: { enableCoinsFeature?: boolean | undefined }, isCoinEnabledCookie: string | undefined): boolean {
  return uiConfig.enableCoinsFeature === true && isCoinEnabledCookie === 'true';
}

/**
 * SPEC §5: the coins burned on an order worth `valuePaise` (what is left to pay after the
 * storefront's offer: the one base every burn is figured on) and what they take off, never more
 * than the value.
 */
export function coinBurnOn(
  valuePaise: number,
  balance: number,
  config: Pick<CoinConfig, 'coinBurnLimitInPercent' | 'coinBurnValue'>,
): { coins: number; discountPaise: number } {
  const coins = burnableCoins(valuePaise, config.coinBurnLimitInPercent, balance);
  return { coins, discountPaise: Math.min(burnDiscountPaise(coins, config.coinBurnValue), valuePaise) };
}
