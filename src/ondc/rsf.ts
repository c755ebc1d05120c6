// Reconciliation and settlement, RSF 2.0.0 (ONDC-NTS-Specifications, branch release-RSF-2.0.0):
// the collector (we, for prepaid orders) sends each receiver (a seller app) `recon` with what it
// holds of each order's settlement, and the receiver answers `on_recon`, agreeing or stating its
// own figures. What ONDC's validator checks (log-validation-utility, utils/RSF/RSF_v2) is followed:
// the NTS10 context with city "*", every amount in rupees with two decimals, an order's amount
// equal to the sum of its settlements, a settlement's updated_at not after the context timestamp,
// on_recon's context the recon's own (ids and URIs) and later, and an agreed PENDING settlement
// carrying its due_date.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import { isoDurationSchema } from './context.ts';

const RSF_DOMAIN = 'ONDC:NTS10';
/** The settlement agency the embedded network plays (network/settlement-agency.ts), at <network>/sa. */
export const EMBEDDED_AGENCY_ID = 'nocs.kirana.localhost';
const RSF_VERSION = '2.0.0';
/** A recon is about settlements days old: the receiver has a day to answer. */
const RECON_TTL = 'P1D';

const rsfActionSchema = z.enum(['recon', 'on_recon', 'settle', 'on_settle', 'report', 'on_report']);

const rsfContextSchema = z.object({
  domain: z.literal(RSF_DOMAIN),
  location: z.object({ country: z.object({ code: z.literal('IND') }), city: z.object({ code: z.literal('*') }) }),
  version: z.literal(RSF_VERSION),
  action: rsfActionSchema,
  bap_id: z.string().min(1),
  bap_uri: z.url(),
  bpp_id: z.string().min(1),
  bpp_uri: z.url(),
  transaction_id: z.string().min(1).max(64),
  message_id: z.string().min(1).max(64),
  timestamp: z.iso.datetime({ precision: 3 }),
  ttl: isoDurationSchema,
});
export type RsfContext = z.infer<typeof rsfContextSchema>;

const money = z.string().regex(/^\d{1,9}\.\d{2}$/, 'Expected rupees with two decimals, such as 12.50');
const amountSchema = z.object({ currency: z.literal('INR'), value: money });
const answeredAmountSchema = amountSchema.extend({ diff_value: money.optional() });
const settlementStatusSchema = z.enum(['PENDING', 'SETTLED', 'TO_BE_INITIATED']);
const dueDateSchema = z.iso.date();

/** One settlement of an order as the collector holds it: the amount for the receiver and what was kept. */
const reconSettlementSchema = z.object({
  id: z.string().min(1).max(64),
  payment_id: z.string().min(1).max(64),
  status: settlementStatusSchema,
  amount: amountSchema,
  commission: amountSchema,
  withholding_amount: amountSchema,
  tcs: amountSchema,
  tds: amountSchema,
  due_date: dueDateSchema.optional(),
  settlement_ref_no: z.string().optional(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type ReconSettlement = z.infer<typeof reconSettlementSchema>;

const reconOrderSchema = z.object({ id: z.string().min(1).max(64), amount: amountSchema, settlements: z.array(reconSettlementSchema).min(1).max(20) });
export type ReconOrder = z.infer<typeof reconOrderSchema>;

export const reconMessageSchema = z.object({ orders: z.array(reconOrderSchema).min(1).max(500) });
export type ReconMessage = z.infer<typeof reconMessageSchema>;

const answeredSettlementSchema = reconSettlementSchema.extend({
  payment_id: z.string().min(1).max(64).optional(),
  amount: answeredAmountSchema,
  commission: answeredAmountSchema,
  withholding_amount: answeredAmountSchema,
  tcs: answeredAmountSchema,
  tds: answeredAmountSchema,
});
const onReconOrderSchema = z.object({
  id: z.string().min(1).max(64),
  amount: answeredAmountSchema,
  recon_accord: z.boolean(),
  settlements: z.array(answeredSettlementSchema).min(1).max(20),
});
export type OnReconOrder = z.infer<typeof onReconOrderSchema>;

export const onReconMessageSchema = z.object({ orders: z.array(onReconOrderSchema).min(1).max(500) });
export type OnReconMessage = z.infer<typeof onReconMessageSchema>;

export const reconEnvelopeSchema = z.object({ context: rsfContextSchema.extend({ action: z.literal('recon') }), message: reconMessageSchema });

/** An on_recon as we receive it: its message checked whole, or an error in its place. */
export const onReconEnvelopeSchema = z
  .object({
    context: rsfContextSchema.extend({ action: z.literal('on_recon') }),
    message: onReconMessageSchema.optional(),
    error: z.object({ type: z.string().optional(), code: z.string().min(1), message: z.string().optional() }).optional(),
  })
  .refine((body) => body.message !== undefined || body.error !== undefined, { message: 'An on_recon carries a message, an error or both' });
export type OnReconEnvelope = z.infer<typeof onReconEnvelopeSchema>;

/** The recon's context, from the collector (bap) to the receiver (bpp). */
export function reconContext(input: RsfContextInput): RsfContext {
  return rsfContext('recon', input);
}

type RsfContextInput = { bapId: string; bapUri: string; bppId: string; bppUri: string; transactionId: string; messageId?: string; now?: Date };

/** A request's context: a recon to a receiver, or a settle or report to the settlement agency (its bpp). */
export function rsfContext(action: 'recon' | 'settle' | 'report', input: RsfContextInput): RsfContext {
  return {
    domain: RSF_DOMAIN,
    location: { country: { code: 'IND' }, city: { code: '*' } },
    version: RSF_VERSION,
    action,
    bap_id: input.bapId,
    bap_uri: input.bapUri,
    bpp_id: input.bppId,
    bpp_uri: input.bppUri,
    transaction_id: input.transactionId,
    message_id: input.messageId ?? randomUUID(),
    timestamp: (input.now ?? new Date()).toISOString(),
    ttl: RECON_TTL,
  };
}

/** on_recon's context: the recon's own, and strictly later (the validator compares them). */
export function onReconContext(recon: RsfContext, now = new Date()): RsfContext {
  return answerContext(recon, 'on_recon', now);
}

/** An answer's context: the request's own (ids and URIs), and strictly later. */
export function answerContext(request: RsfContext, action: 'on_recon' | 'on_settle' | 'on_report', now = new Date()): RsfContext {
  return { ...request, action, timestamp: new Date(Math.max(now.getTime(), Date.parse(request.timestamp) + 1)).toISOString() };
}

export const inr = (paise: number) => ({ currency: 'INR' as const, value: paiseToRupees(paise) });
const paiseOf = (amount: { value: string }) => rupeesToPaise(amount.value);

/** The figures of a settlement both sides compute and compare, in paise. */
export type SettlementFigures = { amountPaise: number; commissionPaise: number; withholdingPaise: number; tcsPaise: number; tdsPaise: number };

function figuresOf(settlement: Pick<ReconSettlement, 'amount' | 'commission' | 'withholding_amount' | 'tcs' | 'tds'>): SettlementFigures {
  return {
    amountPaise: paiseOf(settlement.amount),
    commissionPaise: paiseOf(settlement.commission),
    withholdingPaise: paiseOf(settlement.withholding_amount),
    tcsPaise: paiseOf(settlement.tcs),
    tdsPaise: paiseOf(settlement.tds),
  };
}

/**
 * The receiver's answer to one settlement: its own figures, each with how far it is from the
 * collector's (diff_value, unsigned, as ONDC's schema has it) where they differ.
 */
export function answerSettlement(theirs: ReconSettlement, mine: SettlementFigures): { settlement: z.infer<typeof answeredSettlementSchema>; agrees: boolean } {
  const stated = figuresOf(theirs);
  const field = (mineP: number, statedP: number) => ({ ...inr(mineP), ...(mineP === statedP ? {} : { diff_value: paiseToRupees(Math.abs(mineP - statedP)) }) });
  const agrees = (Object.keys(mine) as Array<keyof SettlementFigures>).every((k) => mine[k] === stated[k]);
  return {
    agrees,
    settlement: {
      ...theirs,
      amount: field(mine.amountPaise, stated.amountPaise),
      commission: field(mine.commissionPaise, stated.commissionPaise),
      withholding_amount: field(mine.withholdingPaise, stated.withholdingPaise),
      tcs: field(mine.tcsPaise, stated.tcsPaise),
      tds: field(mine.tdsPaise, stated.tdsPaise),
    },
  };
}

// Settlement (RSF 2.0.0 NP-NP): once collector and receiver agree on an order's figures, each
// tells the settlement agency (NOCS) what moves: the collector (we) `settle`s the inter-participant
// amount to the receiver (the seller app) and what it keeps for itself; the agency answers
// `on_settle` with what it moved and its bank reference, to both. `report` asks the agency where
// a settle stands (by its transaction and message ids), answered by `on_report` in on_settle's
// shape. Shapes as ONDC's validator (utils/RSF/RSF_v2, schema/RSF/RSF_v2) checks them.
const partyError = z.object({ code: z.string().min(1), message: z.string().min(1) });
const settledStatus = z.enum(['SETTLED', 'NOT_SETTLED']);

const settleOrderSchema = z.object({
  id: z.string().min(1).max(64),
  inter_participant: z.object({ amount: amountSchema }),
  collector: z.object({ amount: amountSchema }),
  self: z.object({ amount: amountSchema }),
});

export const settleMessageSchema = z.object({
  collector_app_id: z.string().min(1),
  receiver_app_id: z.string().min(1),
  settlement: z.object({ type: z.literal('NP-NP'), id: z.string().min(1).max(64), orders: z.array(settleOrderSchema).min(1).max(500) }),
});
export type SettleMessage = z.infer<typeof settleMessageSchema>;

const settledOrderSchema = z.object({
  id: z.string().min(1).max(64),
  inter_participant: z.object({
    settled_amount: amountSchema,
    amount: amountSchema,
    status: settledStatus,
    reference_no: z.string(),
    error: partyError.optional(),
  }),
  collector: z.object({ amount: amountSchema }),
  self: z.object({ amount: amountSchema, status: settledStatus, reference_no: z.string(), error: partyError.optional() }),
});
export type SettledOrder = z.infer<typeof settledOrderSchema>;

const onSettleMessageSchema = settleMessageSchema.extend({
  settlement: z.object({ type: z.literal('NP-NP'), id: z.string().min(1).max(64), orders: z.array(settledOrderSchema).min(1).max(500) }),
});
export type OnSettleMessage = z.infer<typeof onSettleMessageSchema>;

const reportMessageSchema = z.object({ ref_transaction_id: z.string().min(1).max(64), ref_message_id: z.string().min(1).max(64) });
export type ReportMessage = z.infer<typeof reportMessageSchema>;

export const settleEnvelopeSchema = z.object({ context: rsfContextSchema.extend({ action: z.literal('settle') }), message: settleMessageSchema });
export const reportEnvelopeSchema = z.object({ context: rsfContextSchema.extend({ action: z.literal('report') }), message: reportMessageSchema });

const agencyErrorSchema = z.object({ type: z.string().optional(), code: z.string().min(1), message: z.string().optional() });

/** The agency's on_settle or on_report as we receive it: the settlement, an error in its place, or both. */
export const onSettlementEnvelopeSchema = z
  .object({
    context: rsfContextSchema.extend({ action: z.enum(['on_settle', 'on_report']) }),
    message: onSettleMessageSchema.optional(),
    error: agencyErrorSchema.optional(),
  })
  .refine((body) => body.message !== undefined || body.error !== undefined, { message: 'An on_settle or on_report carries a message, an error or both' });
export type OnSettlementEnvelope = z.infer<typeof onSettlementEnvelopeSchema>;
