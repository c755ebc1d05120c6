// The shopper's complaints about their orders, carried to the seller over IGM 2.0.0 (issue 26): a
// complaint raised from the order page goes as a signed `issue`, every step the shopper takes goes
// as the issue with one more action, and every step of the seller's (or its grievance officer's)
// comes back as an on_issue, checked against what we hold before it is kept. A refund the shopper
// accepted is paid once the seller reports it resolved, through the same refund path as cancels
// and returns, keyed by the issue so it is paid once.
import { randomBytes } from 'node:crypto';
import { readConfig } from '#/config.server.ts';
import { changeFeed } from '#/db/change-feed.server.ts';
import type { Database, Queryable } from '#/db/client.ts';
import { linkIsSigned, signedLink } from '#/lib/http/signed-link.ts';
import { rupeesToPaise } from '#/lib/money.ts';
import {
  appendAction,
  appendedTargets,
  EXPECTED_RESOLUTION_TIME,
  EXPECTED_RESPONSE_TIME,
  igmIssueSchema,
  nextActionAt,
  nextActionId,
  orgName,
  refundAmountOf,
  type IgmAction,
  type IgmIssue,
} from '#/ondc/igm.ts';
import type { CallbackEnvelope, CallbackVetting } from '#/ondc/message-store.server.ts';
import { findTransaction, sentMessage } from '#/ondc/stored-messages.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { findOrderDetail, photosOfOrder, sendToSeller, signedPhotoUrl, type OrderDetail } from '#/features/orders/orders.server.ts';
import { refundSettlements } from '#/features/payment/payment.server.ts';
import {
  acceptedResolution,
  complaintRefundKey,
  issueCategory,
  ISSUE_VIEW_HOLD_MS,
  itemsProblem,
  mergeRespondentIssue,
  NEXT_LEVEL,
  raiseProblem,
  shopperSteps,
  type IssueStepRequest,
  type RaiseIssueRequest,
} from './issues.ts';

const ISSUE_ACTIONS = new Set(['on_issue', 'on_issue_status']);

export type IssueOutcome = { ok: true; issueId: string } | { ok: false; status: 400 | 404 | 409 | 502 | 503; message: string };

export type IssueRow = {
  issue_id: string;
  order_id: string;
  shopper_key: string;
  transaction_id: string;
  status: string;
  level: string;
  code: string;
  issue: IgmIssue;
  seller_error: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

/** The grievance officer shoppers are shown and ONDC is told of (GRIEVANCE_OFFICER_* settings). */
export function grievanceOfficer() {
  return readConfig().grievanceOfficer;
}

/** The ids that speak for the shopper in an issue: the consumer, us, our grievance officer. */
export function complainantIds(issue: Pick<IgmIssue, 'source_id' | 'complainant_id'>): string[] {
  return [issue.source_id, issue.complainant_id, `${issue.complainant_id}-GRO`];
}

type Tagged = { type?: string; id?: string };
type Priced = { '@ondc/org/item_id'?: string; '@ondc/org/title_type'?: string; '@ondc/org/item_quantity'?: { count?: number } };

/** The new issue: refs to the order, store, delivery and items; the shopper, us and our officer as actors. */
function newIssue(app: BuyerApp, order: OrderDetail, request: RaiseIssueRequest, domain: string, images: string[], now: Date): IgmIssue {
  const at = now.toISOString();
  const bapId = app.identity.subscriberId;
  const consumerId = `C-${order.orderId}`;
  const category = issueCategory(request.code);
  const seller = order.sellerOrder as typeof order.sellerOrder & {
    provider?: { id?: string };
    fulfillments?: Tagged[];
    billing?: { name?: string; phone?: string; email?: string };
  };
  const officer = grievanceOfficer();
  const counts = new Map(
    ((seller.quote?.breakup ?? []) as Priced[])
      .filter((l) => l['@ondc/org/title_type'] === 'item')
      .map((l) => [l['@ondc/org/item_id'] ?? '', l['@ondc/org/item_quantity']?.count ?? 1]),
  );
  const delivery = seller.fulfillments?.find((f) => f.type === 'Delivery') ?? seller.fulfillments?.[0];
  const org = { name: orgName(bapId, domain) };
  const open: IgmAction = {
    id: 'A1B',
    descriptor: { code: 'OPEN', short_desc: 'Complaint created' },
    updated_at: at,
    action_by: bapId,
    actor_details: { name: seller.billing?.name || 'Shopper' },
  };
  const id = `ISS-${order.orderId.slice(0, 24)}-${randomBytes(4).toString('hex').toUpperCase()}`;
  return {
    id,
    status: 'OPEN',
    level: 'ISSUE',
    created_at: at,
    updated_at: at,
    expected_response_time: { duration: EXPECTED_RESPONSE_TIME },
    expected_resolution_time: { duration: EXPECTED_RESOLUTION_TIME },
    refs: [
      { ref_id: order.orderId, ref_type: 'ORDER' },
      { ref_id: seller.provider?.id ?? '', ref_type: 'PROVIDER' },
      ...(delivery?.id ? [{ ref_id: delivery.id, ref_type: 'FULFILLMENT' }] : []),
      ...request.item_ids.map((itemId) => ({
        ref_id: itemId,
        ref_type: 'ITEM',
        tags: [
          { descriptor: { code: 'message.order.items' }, list: [{ descriptor: { code: 'quantity.selected.count' }, value: String(counts.get(itemId) ?? 1) }] },
        ],
      })),
    ].filter((ref) => ref.ref_id !== ''),
    actors: [
      // A shopper who gave no email is reached through our grievance desk's.
      {
        id: consumerId,
        type: 'CONSUMER',
        info: {
          org,
          person: { name: seller.billing?.name || 'Shopper' },
          contact: { phone: seller.billing?.phone ?? officer.phone, email: seller.billing?.email || officer.email },
        },
      },
      { id: bapId, type: 'INTERFACING_NP', info: { org, person: { name: 'Kirana customer care' }, contact: { phone: officer.phone, email: officer.email } } },
      {
        id: `${bapId}-GRO`,
        type: 'INTERFACING_NP_GRO',
        info: { org, person: { name: officer.name }, contact: { phone: officer.phone, email: officer.email } },
      },
    ],
    source_id: consumerId,
    complainant_id: bapId,
    descriptor: {
      code: request.code,
      short_desc: category?.text ?? request.code,
      long_desc: request.description,
      // IGM 2.0: where the whole written account is kept, and the photos (ONDC's Pramaan wants both keys).
      additional_desc: { url: signedDetailsUrl(app, id), content_type: 'text/plain' },
      images: images.map((url) => ({ url, size_type: 'md' })),
    },
    last_action_id: open.id,
    actions: [open],
  };
}

/** The respondents' link to a complaint's written account (IGM additional_desc): signed, working for 30 days. */
function signedDetailsUrl(app: BuyerApp, issueId: string, now = Date.now()): string {
  return signedLink(
    app.identity.privateKey,
    'complaint-details',
    issueId,
    `${new URL(app.bapUri).origin}/complaint-details/${encodeURIComponent(issueId)}`,
    DETAILS_LINK_TTL_MS,
    now,
  );
}
const DETAILS_LINK_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * A complaint's written account as plain text, for its shopper or anyone with an unexpired signed
 * link: what went wrong in the shopper's words, then each answer they gave the store's questions.
 */
export async function readComplaintDetails(
  database: Database,
  app: BuyerApp | null,
  issueId: string,
  viewer: { shopper: string | null; expires?: string | null; sig?: string | null },
): Promise<string | null> {
  const [row] = await database.query<{ shopper_key: string; issue: IgmIssue }>('SELECT shopper_key, issue FROM order_issues WHERE issue_id = $1', [issueId]);
  if (!row) return null;
  if (!linkIsSigned(app?.identity.privateKey ?? null, 'complaint-details', issueId, viewer) && viewer.shopper !== row.shopper_key) return null;
  const answers = row.issue.actions.filter((a) => a.descriptor.code === 'INFO_PROVIDED').map((a) => `${a.updated_at}: ${a.descriptor.short_desc}`);
  return [row.issue.descriptor.short_desc, '', row.issue.descriptor.long_desc ?? '', ...(answers.length ? ['', ...answers] : []), ''].join('\n');
}

async function domainOf(database: Database, transactionId: string): Promise<string> {
  return (await findTransaction(database, transactionId))?.domain ?? 'ONDC:RET10';
}

/** Issue 26 (SPEC.md says nothing of complaints): one about the shopper's order, sent to its seller. */
export async function raiseIssue(database: Database, app: BuyerApp, shopper: string, request: RaiseIssueRequest, now = new Date()): Promise<IssueOutcome> {
  const order = await findOrderDetail(database, shopper, request.order_id);
  if (!order) return { ok: false, status: 404, message: 'No such order' };
  const deliveredAt = order.events.find((e) => e.status === 'delivered')?.sellerAt ?? null;
  const problem = raiseProblem({ status: order.status, deliveredAt }, now.getTime());
  if (problem) return { ok: false, status: 409, message: problem };
  const itemIds = ((order.sellerOrder.quote?.breakup ?? []) as Priced[])
    .filter((l) => l['@ondc/org/title_type'] === 'item')
    .map((l) => l['@ondc/org/item_id'] ?? '');
  const itemProblem = itemsProblem(request.code, request.item_ids, itemIds);
  if (itemProblem) return { ok: false, status: 400, message: itemProblem };
  if (!(await photosOfOrder(database, { orderId: order.orderId, shopper, photoIds: request.photo_ids })))
    return { ok: false, status: 400, message: 'A photo does not belong to this order' };
  const issue = newIssue(
    app,
    order,
    request,
    await domainOf(database, order.transactionId),
    request.photo_ids.map((id) => signedPhotoUrl(app, id)),
    now,
  );
  const inserted = await database.query(
    `INSERT INTO order_issues (issue_id, order_id, shopper_key, transaction_id, status, level, code, issue)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING issue_id`,
    [issue.id, order.orderId, shopper, order.transactionId, issue.status, issue.level, request.code, JSON.stringify(issue)],
  );
  if (inserted.length === 0) return { ok: false, status: 409, message: 'A complaint about this order is already open' };
  const sent = await sendIssue(database, app, shopper, order.transactionId, issue, false);
  if (!sent.ok) {
    await database.query('DELETE FROM order_issues WHERE issue_id = $1', [issue.id]);
    return sent;
  }
  return { ok: true, issueId: issue.id };
}

/** The issue to its seller; `appended` says what the message adds (actions, and resolutions too). */
export async function sendIssue(
  database: Database,
  app: BuyerApp,
  shopper: string,
  transactionId: string,
  issue: IgmIssue,
  appended: false | 'actions' | 'resolutions',
): Promise<IssueOutcome> {
  const sent = await sendToSeller(database, app, {
    shopper,
    transactionId,
    action: 'issue',
    message: { ...(appended ? { update_target: appendedTargets(appended === 'resolutions') } : {}), issue },
    // The context is stamped with the issue's own time, as ONDC's validator reads it.
    at: new Date(issue.updated_at),
  });
  if (!sent) return { ok: false, status: 404, message: 'No seller for this order' };
  if (sent.ack !== 'ACK') return { ok: false, status: 502, message: sent.error?.message ?? 'The store did not take the complaint' };
  return { ok: true, issueId: issue.id };
}

async function findRow(database: Database, shopper: string, issueId: string): Promise<IssueRow | null> {
  const [row] = await database.query<IssueRow>('SELECT * FROM order_issues WHERE issue_id = $1 AND shopper_key = $2', [issueId, shopper]);
  return row ?? null;
}

/**
 * One step of the shopper's on a complaint: the issue with their action appended, kept only if
 * nobody changed it meanwhile, then sent; a step the seller refuses is undone.
 */
export async function takeIssueStep(database: Database, app: BuyerApp, shopper: string, step: IssueStepRequest, now = new Date()): Promise<IssueOutcome> {
  const row = await findRow(database, shopper, step.issue_id);
  if (!row) return { ok: false, status: 404, message: 'No such complaint' };
  const issue = row.issue;
  const allowed = shopperSteps(issue, complainantIds(issue), now.getTime());
  const at = nextActionAt(issue, now);
  const action = (code: IgmAction['descriptor']['code'], shortDesc: string, extra: Partial<IgmAction> = {}): IgmAction => ({
    id: nextActionId(issue, 'B'),
    descriptor: { code, short_desc: shortDesc },
    updated_at: at,
    action_by: issue.complainant_id,
    actor_details: { name: issue.actors.find((a) => a.id === issue.source_id)?.info.person?.name ?? 'Shopper' },
    ...extra,
  });
  let next: IgmIssue;
  switch (step.step) {
    case 'accept': {
      const chosen = allowed.accept.find((r) => r.id === step.resolution_id);
      if (!chosen) return { ok: false, status: 409, message: 'There is no such resolution to accept now' };
      next = appendAction(issue, action('RESOLUTION_ACCEPTED', `Accepted: ${chosen.descriptor.short_desc}`, { ref_id: chosen.id, ref_type: 'RESOLUTIONS' }));
      break;
    }
    case 'reject': {
      if (!allowed.reject) return { ok: false, status: 409, message: 'There is no resolution to reject now' };
      const parent = issue.actions.findLast((a) => a.descriptor.code === 'RESOLUTION_PROPOSED')?.ref_id;
      next = appendAction(
        issue,
        action('RESOLUTION_REJECTED', step.reason || 'The options offered do not solve the problem', {
          ...(parent ? { ref_id: parent, ref_type: 'RESOLUTIONS' } : {}),
        }),
      );
      break;
    }
    case 'escalate': {
      const level = NEXT_LEVEL[issue.level];
      if (!allowed.escalate || !level) return { ok: false, status: 409, message: 'This complaint cannot be escalated now' };
      next = appendAction(issue, action('ESCALATED', step.reason), { level, status: 'OPEN' });
      break;
    }
    case 'info': {
      if (!allowed.info) return { ok: false, status: 409, message: 'Nobody has asked for more information' };
      next = appendAction(issue, action('INFO_PROVIDED', step.info, { ref_id: allowed.info.id, ref_type: 'ACTIONS' }));
      break;
    }
    case 'close': {
      if (!allowed.close) return { ok: false, status: 409, message: 'This complaint is already closed' };
      next = appendAction(
        issue,
        action('CLOSED', 'Complaint closed by the shopper', {
          tags: [{ descriptor: { code: 'CLOSURE_DETAILS' }, list: [{ descriptor: { code: 'RATING' }, value: step.rating }] }],
        }),
        { status: 'CLOSED' },
      );
      break;
    }
  }
  const kept = await database.query(
    `UPDATE order_issues SET issue = $3, status = $4, level = $5, seller_error = NULL, updated_at = clock_timestamp()
     WHERE issue_id = $1 AND shopper_key = $2 AND issue->>'last_action_id' = $6 RETURNING issue_id`,
    [row.issue_id, shopper, JSON.stringify(next), next.status, next.level, issue.last_action_id],
  );
  if (kept.length === 0) return { ok: false, status: 409, message: 'The complaint changed meanwhile: look again and try once more' };
  const sent = await sendIssue(database, app, shopper, row.transaction_id, next, 'actions');
  if (!sent.ok) {
    await database.query(`UPDATE order_issues SET issue = $2, status = $3, level = $4 WHERE issue_id = $1 AND issue->>'last_action_id' = $5`, [
      row.issue_id,
      JSON.stringify(issue),
      issue.status,
      issue.level,
      next.last_action_id,
    ]);
  }
  return sent;
}

/** Asks the seller where the complaint stands (issue_status); its on_issue_status lands as any on_issue. */
export async function refreshIssue(database: Database, app: BuyerApp, shopper: string, issueId: string): Promise<IssueOutcome> {
  const row = await findRow(database, shopper, issueId);
  if (!row) return { ok: false, status: 404, message: 'No such complaint' };
  const sent = await sendToSeller(database, app, { shopper, transactionId: row.transaction_id, action: 'issue_status', message: { issue_id: issueId } });
  if (!sent) return { ok: false, status: 404, message: 'No seller for this order' };
  return sent.ack === 'ACK' ? { ok: true, issueId } : { ok: false, status: 502, message: sent.error?.message ?? 'The store did not answer' };
}

function issueOfEnvelope(envelope: CallbackEnvelope): IgmIssue | null {
  const parsed = igmIssueSchema.safeParse(envelope.message?.['issue']);
  return parsed.success ? parsed.data : null;
}

/**
 * The receiver's check of a respondent's on_issue against the issue we hold, before it is kept:
 * the issue must be ours in this transaction and the respondent may only add its own steps.
 */
/** Whether a complaint of ours has this id in this transaction: a seller may push answers to it. */
export async function isIssueInTransaction(database: Database, issueId: string, transactionId: string): Promise<boolean> {
  return (await database.query('SELECT 1 FROM order_issues WHERE issue_id = $1 AND transaction_id = $2', [issueId, transactionId])).length > 0;
}

export function vetIssueMessage(database: Database): CallbackVetting {
  return async (envelope) => {
    if (!ISSUE_ACTIONS.has(envelope.context.action) || envelope.error) return null;
    const theirs = issueOfEnvelope(envelope);
    if (!theirs) return null;
    const [row] = await database.query<IssueRow>('SELECT * FROM order_issues WHERE issue_id = $1 AND transaction_id = $2', [
      theirs.id,
      envelope.context.transaction_id,
    ]);
    if (!row) return { type: 'DOMAIN-ERROR', code: 'IGM004', message: `No issue ${theirs.id} in transaction ${envelope.context.transaction_id}` };
    const merged = mergeRespondentIssue(row.issue, theirs, complainantIds(row.issue));
    return merged.ok ? null : { type: 'DOMAIN-ERROR', code: 'IGM006', message: `Invalid issue: ${merged.problem}` };
  };
}

/**
 * Keeps what a respondent's on_issue adds (already vetted); a refusal (an on_issue error) is kept in
 * words for the shopper. When the respondent reports the issue resolved with the refund the shopper
 * accepted, that refund is paid, once, for the amount the shopper accepted.
 */
export async function recordIssueMessage(database: Database, envelope: CallbackEnvelope): Promise<void> {
  if (!ISSUE_ACTIONS.has(envelope.context.action)) return;
  if (envelope.error) {
    const asked = await sentMessage(database, envelope.context.message_id, 'issue');
    const issueId = (asked?.message['issue'] as { id?: unknown } | undefined)?.id;
    if (asked?.transactionId !== envelope.context.transaction_id || typeof issueId !== 'string') return;
    await database.query('UPDATE order_issues SET seller_error = $3, updated_at = clock_timestamp() WHERE transaction_id = $1 AND issue_id = $2', [
      asked.transactionId,
      issueId,
      envelope.error.message ?? envelope.error.code,
    ]);
    await announceIssueChange(database, issueId);
    return;
  }
  const theirs = issueOfEnvelope(envelope);
  if (!theirs) return;
  await applyRespondentIssue(database, envelope, theirs);
  await announceIssueChange(database, theirs.id);
}

async function applyRespondentIssue(database: Database, envelope: CallbackEnvelope, theirs: IgmIssue): Promise<void> {
  const refund = await database.transaction(async (tx) => {
    const [row] = await tx.query<IssueRow>('SELECT * FROM order_issues WHERE issue_id = $1 AND transaction_id = $2 FOR UPDATE', [
      theirs.id,
      envelope.context.transaction_id,
    ]);
    if (!row) return null;
    const merged = mergeRespondentIssue(row.issue, theirs, complainantIds(row.issue));
    if (!merged.ok || merged.added.length === 0) return null;
    await tx.query('UPDATE order_issues SET issue = $2, status = $3, seller_error = NULL, updated_at = clock_timestamp() WHERE issue_id = $1', [
      row.issue_id,
      JSON.stringify(merged.issue),
      merged.issue.status,
    ]);
    const resolved = merged.added.find((a) => a.descriptor.code === 'RESOLVED');
    const accepted = acceptedResolution(row.issue);
    if (!resolved || !accepted || accepted.descriptor.code !== 'REFUND' || resolved.ref_id !== accepted.id) return null;
    const amount = refundAmountOf(accepted);
    return amount ? { orderId: row.order_id, key: complaintRefundKey(row.order_id, row.issue_id, 'store'), amountPaise: rupeesToPaise(amount) } : null;
  });
  if (refund) await refundSettlements(database, refund.orderId, [{ key: refund.key, amountPaise: refund.amountPaise }]);
}

export type IssueSummary = { issueId: string; orderId: string; code: string; status: string; level: string; createdAt: string; updatedAt: string };

function summary(row: IssueRow): IssueSummary {
  return {
    issueId: row.issue_id,
    orderId: row.order_id,
    code: row.code,
    status: row.status,
    level: row.level,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Complaints as another feature may join them (issue 27): the settlement ledger holds an order back while one is open. */
export const ISSUE_RECORDS = '(SELECT order_id, status FROM order_issues)';

/** An order's complaints as they stand (for its documents: the refunds they settled). */
export function issuesOfOrder(database: Queryable, orderId: string): Promise<Array<{ issue_id: string; issue: IgmIssue }>> {
  return database.query<{ issue_id: string; issue: IgmIssue }>('SELECT issue_id, issue FROM order_issues WHERE order_id = $1', [orderId]);
}

export async function listIssues(database: Database, shopper: string, orderId?: string): Promise<IssueSummary[]> {
  const rows = await database.query<IssueRow>(
    'SELECT * FROM order_issues WHERE shopper_key = $1 AND ($2::text IS NULL OR order_id = $2) ORDER BY created_at DESC LIMIT 100',
    [shopper, orderId ?? null],
  );
  return rows.map(summary);
}

export type IssueDetail = IssueSummary & { issue: IgmIssue; sellerError: string | null };

/** One of the shopper's complaints whole; another shopper's is none (callers answer 404). */
export async function findIssue(database: Database, shopper: string, issueId: string): Promise<IssueDetail | null> {
  const row = await findRow(database, shopper, issueId);
  return row ? { ...summary(row), issue: row.issue, sellerError: row.seller_error } : null;
}

/** A complaint's id, announced once a step on it is kept (the store's, our officer's). */
const issueViews = changeFeed('issue_changed');

export function announceIssueChange(database: Queryable, issueId: string): Promise<void> {
  return issueViews.announce(database, issueId);
}

/**
 * The complaint as findIssue reads it; given the last step the page shows (`seenAction`, the
 * issue's last_action_id), once a later one is kept, or after ISSUE_VIEW_HOLD_MS.
 */
export async function findIssueAfter(database: Database, shopper: string, issueId: string, seenAction?: string): Promise<IssueDetail | null> {
  const watch = seenAction ? await issueViews.watch(database, issueId) : null;
  try {
    const found = await findIssue(database, shopper, issueId);
    if (!found || !watch || found.issue.last_action_id !== seenAction) return found;
    await watch.changed(ISSUE_VIEW_HOLD_MS);
    return findIssue(database, shopper, issueId);
  } finally {
    watch?.stop();
  }
}
