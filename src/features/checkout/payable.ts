// Issue 23: what the shopper pays, computed once. A pure function of the seller's latest quote
// (on_init's once it exists, else on_select's), the applied offer and the coins to burn. The
// checkout summary, the "Pay ₹X" button, the payment amount and the order's total all read it,
// so the figure shown is the figure charged.
import { rupeesToPaise } from '#/lib/money.ts';
import { coinBurnOn, type CoinConfig } from '#/features/coins/coins.ts';
import type { Quote } from './quote-check.ts';
import { orderSummary, tipPaise, type SummaryLine } from './summary.ts';

export interface PayableInput {
  quote: Quote;
  /** The storefront's coupon applied to this checkout (SPEC §5 offers). */
  offer: { code: string; discountPaise: number } | null;
  /** SPEC §5 coins: the programme, the shopper's balance, and whether they chose to burn. */
  coins: { programme: string; config: CoinConfig; balance: number; burn: boolean } | null;
}

export interface Payable {
  lines: SummaryLine[];
  /** What is charged (UPI) or collected (cash on delivery), in paise. */
  totalPaise: number;
  /** The seller's quoted total, before the storefront's discounts. */
  quotePaise: number;
  offer: { code: string; discountPaise: number } | null;
  /** Issue 29: the rider's tip in the total (the seller's "Tip" line), passed on free of our fee. */
  tipPaise: number;
  /** Coins the shopper may burn here, those burned, and what they take off. */
  coins: { burnable: number; burned: number; discountPaise: number };
}

export function payable(input: PayableInput): Payable {
  const quotePaise = rupeesToPaise(input.quote.price.value);
  const couponDiscountPaise = input.offer?.discountPaise ?? 0;
  const before = orderSummary({ quote: input.quote, couponDiscountPaise });
  const tip = tipPaise(input.quote);
  // Coins pay for the order, not the rider's tip.
  const afterOffer = (before.find((line) => line.kind === 'total')?.amountPaise ?? 0) - tip;
  // SPEC §5: coins burn on what is left to pay after the offer (the one base), capped by the balance.
  const coins = input.coins?.config.enableCoinsFeature ? input.coins : null;
  const burnable = coins ? coinBurnOn(afterOffer, coins.balance, coins.config) : { coins: 0, discountPaise: 0 };
  const burned = coins?.burn ? burnable.coins : 0;
  const coinDiscountPaise = coins?.burn ? burnable.discountPaise : 0;
  const lines =
    coins && coinDiscountPaise > 0
      ? orderSummary({ quote: input.quote, couponDiscountPaise, coins: { programme: coins.programme, discountPaise: coinDiscountPaise } })
      : before;
  const totalPaise = lines.find((line) => line.kind === 'total')?.amountPaise ?? 0;
  return {
    lines,
    totalPaise,
    quotePaise,
    tipPaise: tip,
    offer: input.offer && input.offer.discountPaise > 0 ? input.offer : null,
    coins: { burnable: burnable.coins, burned, discountPaise: coinDiscountPaise },
  };
}
