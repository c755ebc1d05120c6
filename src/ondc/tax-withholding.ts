// The taxes the e-commerce operator that pays a seller must keep back from it (issue 26, RSF
// 2.0's `tcs` and `tds` of a settlement): GST's tax collected at source (CGST Act s.52, on the net
// value of taxable supplies, so without the GST stated on the bill) and income tax's deduction at
// source (Income-tax Act s.194-O, on the gross amount of the sale). Both sides of a sale work them
// out alike (the buyer app's ledger, the seller app's on_recon), so they live here.
//
// Who keeps them back on ONDC: the operator that makes the final payment to the seller (CBDT
// circular 20/2023 for 194-O). A marketplace seller app (np_type MSN) pays its stores itself and
// keeps them back there, so the buyer app states 0.00 to it; a seller app that is the seller
// itself (np_type ISN) is paid by the buyer app, which keeps them back then.
//
// The rates changed in 2024: TCS from 1 % to 0.5 % for supplies from 10 July 2024 (notification
// 15/2024-Central Tax), TDS from 1 % to 0.1 % from 1 October 2024 (Finance (No. 2) Act 2024). An
// order takes the rate of the day it was placed.

/** The np_type a seller app states in its bpp_terms. */
export type SellerNpType = 'MSN' | 'ISN';

/** A rate in hundredths of a percent (100 is 1 %), from the day it took effect (UTC date). */
type Rate = { from: string; basisPoints: number };

const TCS_RATES: readonly Rate[] = [
  { from: '2018-10-01', basisPoints: 100 },
  { from: '2024-07-10', basisPoints: 50 },
];
const TDS_RATES: readonly Rate[] = [
  { from: '2020-10-01', basisPoints: 100 },
  { from: '2024-10-01', basisPoints: 10 },
];

function rateOn(rates: readonly Rate[], day: string): number {
  return rates.findLast((r) => r.from <= day)?.basisPoints ?? 0;
}

/** a × b / 10,000 rounded half up, for non-negative integers, without floating point error. */
function basisPointsOf(paise: number, basisPoints: number): number {
  return Number((BigInt(paise) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n);
}

export type TaxWithholdingInput = {
  npType: SellerNpType | null;
  /** what the seller sold after refunds, GST included */
  salePaise: number;
  /** the GST stated on the bill (the quote's tax lines) of what is sold, already in salePaise */
  gstPaise: number;
  /** what may still be kept from the seller (its share before these taxes) */
  availablePaise: number;
  placedAt: Date;
};

type TaxWithholding = { tcsPaise: number; tdsPaise: number };

const NONE: TaxWithholding = { tcsPaise: 0, tdsPaise: 0 };

/** TCS and TDS the buyer app keeps from the seller's share of one order, each rounded half up to the paisa. */
export function taxWithholding(input: TaxWithholdingInput): TaxWithholding {
  // An unknown np_type is treated as a marketplace: ONDC's retail seller apps are, and keeping
  // back tax the seller app also keeps would take it twice.
  if (input.npType !== 'ISN' || input.salePaise <= 0) return NONE;
  const day = input.placedAt.toISOString().slice(0, 10);
  const taxablePaise = Math.max(0, input.salePaise - Math.min(input.gstPaise, input.salePaise));
  const tcsPaise = Math.min(Math.max(0, input.availablePaise), basisPointsOf(taxablePaise, rateOn(TCS_RATES, day)));
  const tdsPaise = Math.min(Math.max(0, input.availablePaise) - tcsPaise, basisPointsOf(input.salePaise, rateOn(TDS_RATES, day)));
  return { tcsPaise, tdsPaise };
}

/** The GST of a bill still standing after refunds: the stated GST in the proportion of the sale left. */
export function gstOfSale(gstPaise: number, pricePaise: number, salePaise: number): number {
  if (pricePaise <= 0 || gstPaise <= 0 || salePaise <= 0) return 0;
  if (salePaise >= pricePaise) return gstPaise;
  return Number((BigInt(gstPaise) * BigInt(salePaise) * 2n + BigInt(pricePaise)) / (BigInt(pricePaise) * 2n));
}

/** The np_type of a seller's bpp_terms tag (on_init / on_confirm `tags`), or null. */
export function npTypeOf(tags: unknown): SellerNpType | null {
  if (!Array.isArray(tags)) return null;
  const terms = tags.find((t): t is { code: string; list?: unknown } => typeof t === 'object' && t !== null && (t as { code?: unknown }).code === 'bpp_terms');
  const list = Array.isArray(terms?.list) ? (terms.list as Array<{ code?: unknown; value?: unknown }>) : [];
  const value = list.find((e) => e.code === 'np_type')?.value;
  return value === 'MSN' || value === 'ISN' ? value : null;
}
