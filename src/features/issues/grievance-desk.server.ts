// Our grievance officer's desk, server side (issue 26): the complaints escalated to the grievance
// officers, one complaint whole with the most the officer may refund, and the officer's decision
// kept, paid and sent. A refund goes through the same gateway refund path as cancels, returns and
// the stores' IGM refunds, keyed by the complaint so a second submit never pays twice.
import type { Database } from '#/db/client.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import type { IgmIssue } from '#/ondc/igm.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { findOrderDetail, orderPaymentId, type OrderDetail } from '#/features/orders/orders.server.ts';
import { paidByUpi, refundSettlements, refundsOfOrder } from '#/features/payment/payment.server.ts';
import {
  askAsOfficer,
  askProblem,
  officerProblem,
  officerQuestion,
  officerResolution,
  refundCapPaise,
  refundProblem,
  resolveAsOfficer,
  responseClock,
  type BillLine,
  type OfficerDecision,
  type OfficerQuestion,
} from './grievance-desk.ts';
import { complaintRefundKey, issueCategory } from './issues.ts';
import { announceIssueChange, grievanceOfficer, sendIssue, type IssueOutcome, type IssueRow } from './issues.server.ts';

export type EscalatedComplaint = {
  issueId: string;
  orderId: string;
  storeName: string;
  /** the complaint's IGM category code, which the desk names in its reader's language */
  code: string;
  category: string;
  status: string;
  escalatedAt: string;
  clock: ReturnType<typeof responseClock>;
  resolvedByUs: boolean;
};

function complaintOf(row: IssueRow, storeName: string, now: number): EscalatedComplaint {
  const issue = row.issue;
  const clock = responseClock(issue, now);
  return {
    issueId: row.issue_id,
    orderId: row.order_id,
    storeName,
    code: row.code,
    category: issueCategory(row.code)?.text ?? row.code,
    status: row.status,
    escalatedAt: issue.actions.findLast((a) => a.descriptor.code === 'ESCALATED')?.updated_at ?? issue.updated_at,
    clock,
    resolvedByUs: officerResolution(issue) !== null,
  };
}

/** The store's name as its own actors give it (the store's person), else the provider ref. */
function storeNameOf(issue: IgmIssue): string {
  return issue.actors.find((a) => a.type === 'COUNTERPARTY_NP')?.info.person?.name ?? issue.refs.find((r) => r.ref_type === 'PROVIDER')?.ref_id ?? '—';
}

/** Complaints with the grievance officers, the open ones first and the longest waiting first among them. */
export async function listEscalated(database: Database, now = Date.now()): Promise<EscalatedComplaint[]> {
  const rows = await database.query<IssueRow>(
    "SELECT * FROM order_issues WHERE level = 'GRIEVANCE' ORDER BY (status IN ('RESOLVED', 'CLOSED')), updated_at LIMIT 200",
  );
  return rows.map((row) => complaintOf(row, storeNameOf(row.issue), now));
}

type Payment = { paidPaise: number; refundedPaise: number };

async function paymentOf(database: Database, orderId: string): Promise<Payment | null> {
  const paymentId = await orderPaymentId(database, orderId);
  const paid = paymentId ? await paidByUpi(database, paymentId) : null;
  if (!paid) return null;
  const refunds = await refundsOfOrder(database, orderId);
  return { paidPaise: paid.amountPaise, refundedPaise: refunds.reduce((sum, r) => sum + r.amount_paise, 0) };
}

type Priced = { '@ondc/org/item_id'?: string; '@ondc/org/title_type'?: string; '@ondc/org/item_quantity'?: { count?: number }; price?: { value?: string } };

function billOf(order: OrderDetail): BillLine[] {
  return ((order.sellerOrder.quote?.breakup ?? []) as Priced[])
    .filter((l) => l['@ondc/org/title_type'] === 'item' && /^\d+(\.\d{1,2})?$/.test(l.price?.value ?? ''))
    .map((l) => ({ itemId: l['@ondc/org/item_id'] ?? '', count: l['@ondc/org/item_quantity']?.count ?? 1, linePaise: rupeesToPaise(l.price?.value ?? '0') }));
}

export type EscalatedDetail = EscalatedComplaint & {
  issue: IgmIssue;
  sellerError: string | null;
  /** the most the officer may refund; 0 when the order was not paid online or is refunded in full */
  refundCapPaise: number;
  paidOnline: boolean;
  problem: string | null;
  /** why our officer cannot ask the shopper now (asked already, or the problem above), or null */
  askProblem: string | null;
  /** our officer's question still waiting for the shopper's answer */
  question: string | null;
};

async function findRow(database: Database, issueId: string): Promise<IssueRow | null> {
  const [row] = await database.query<IssueRow>("SELECT * FROM order_issues WHERE issue_id = $1 AND level IN ('GRIEVANCE', 'DISPUTE')", [issueId]);
  return row ?? null;
}

/** One escalated complaint for the officer; null for one that never reached the grievance officers. */
export async function findEscalated(database: Database, issueId: string, now = Date.now()): Promise<EscalatedDetail | null> {
  const row = await findRow(database, issueId);
  if (!row) return null;
  const order = await findOrderDetail(database, row.shopper_key, row.order_id);
  const payment = await paymentOf(database, row.order_id);
  const cap = order && payment ? refundCapPaise(row.issue, billOf(order), payment.paidPaise, payment.refundedPaise) : 0;
  return {
    ...complaintOf(row, order?.storeName ?? storeNameOf(row.issue), now),
    issue: row.issue,
    sellerError: row.seller_error,
    refundCapPaise: cap,
    paidOnline: payment !== null,
    problem: officerProblem(row.issue),
    askProblem: askProblem(row.issue),
    question: officerQuestion(row.issue)?.descriptor.short_desc ?? null,
  };
}

/**
 * Our officer's question to the shopper on an escalated complaint: kept only if the complaint did
 * not change since it was read (a double submit finds the question asked and is refused), then
 * sent to the store so its copy of the issue stays whole. The shopper answers on the complaint's page.
 */
export async function askShopper(database: Database, app: BuyerApp, request: OfficerQuestion, now = new Date()): Promise<IssueOutcome> {
  const detail = await findEscalated(database, request.issue_id, now.getTime());
  if (!detail) return { ok: false, status: 404, message: 'No such escalated complaint' };
  if (detail.askProblem) return { ok: false, status: 409, message: detail.askProblem };
  return keepAndSend(database, app, detail.issue, askAsOfficer(detail.issue, request.question, grievanceOfficer().name, now), 'actions');
}

/**
 * The officer's step kept if the issue is as it was read, what it pays paid once it is kept, then
 * sent; a store's refusal is shown on the desk.
 */
async function keepAndSend(
  database: Database,
  app: BuyerApp,
  issue: IgmIssue,
  next: IgmIssue,
  target: 'actions' | 'resolutions',
  pay: () => Promise<unknown> | undefined = () => undefined,
): Promise<IssueOutcome> {
  const [row] = await database.query<{ shopper_key: string; transaction_id: string }>(
    `UPDATE order_issues SET issue = $2, status = $3, seller_error = NULL, updated_at = clock_timestamp()
     WHERE issue_id = $1 AND issue->>'last_action_id' = $4 RETURNING shopper_key, transaction_id`,
    [issue.id, JSON.stringify(next), next.status, issue.last_action_id],
  );
  if (!row) return { ok: false, status: 409, message: 'The complaint changed meanwhile: look again and try once more' };
  await announceIssueChange(database, issue.id);
  await pay();
  const sent = await sendIssue(database, app, row.shopper_key, row.transaction_id, next, target);
  if (!sent.ok) await database.query('UPDATE order_issues SET seller_error = $2 WHERE issue_id = $1', [issue.id, sent.message]);
  return { ok: true, issueId: issue.id };
}

/**
 * Our officer's decision on an escalated complaint: kept only if the complaint did not change
 * since it was read (a double submit finds it resolved and is refused), the refund paid once, and
 * the issue with the officer's resolution sent to the store. A store that refuses it later is
 * shown on the desk; the shopper's resolution stands.
 */
export async function resolveGrievance(database: Database, app: BuyerApp, decision: OfficerDecision, now = new Date()): Promise<IssueOutcome> {
  const detail = await findEscalated(database, decision.issue_id, now.getTime());
  if (!detail) return { ok: false, status: 404, message: 'No such escalated complaint' };
  if (detail.problem) return { ok: false, status: 409, message: detail.problem };
  let refundPaise = 0;
  if (decision.outcome === 'REFUND') {
    if (!detail.paidOnline) return { ok: false, status: 409, message: 'This order was not paid online: there is nothing to refund through the gateway' };
    refundPaise = rupeesToPaise(decision.amount);
    const problem = refundProblem(refundPaise, detail.refundCapPaise);
    if (problem) return { ok: false, status: 400, message: problem };
  }
  const issue = detail.issue;
  const next = resolveAsOfficer(issue, decision, grievanceOfficer().name, refundPaise, now);
  return keepAndSend(database, app, issue, next, 'resolutions', () =>
    refundPaise > 0
      ? refundSettlements(database, detail.orderId, [{ key: complaintRefundKey(detail.orderId, issue.id, 'grievance'), amountPaise: refundPaise }])
      : undefined,
  );
}
