// ONDC's Pramaan buyer test engine (ONDC-Official/automation-report-pramaan, buyerNPTestAPI) reads
// a transaction's log over HTTP as records {action, transaction_id, message_id, request, response}:
// for a call the buyer app sent, the body and the seller's synchronous answer; for an on_* it
// received, the callback and the buyer app's own ACK. This builds those records from our protocol
// log (ONDC_LOG=1) and picks, per Pramaan retail 1.2.0 flow and IGM 2.0 flow, the transaction
// (and for a complaint, its records) that plays it.
import { isPushStart, messageOf, validatorRequests, type BecknMessage } from './validator-payload.ts';

export type PramaanRecord = { action: string; transaction_id: string; message_id: string; request: unknown; response: unknown };

type LogLine = { at?: string; direction?: string; participant?: string; action?: string; messageId?: string; body?: unknown };

/** The buyer app's subscriber id: the bap_id of the first request it sent. */
export function buyerAppId(lines: readonly unknown[]): string | null {
  for (const line of lines) {
    const entry = line as LogLine;
    const message = messageOf(line);
    if (entry.direction === 'out' && message && !message.context.action.startsWith('on_') && message.context.bap_id === entry.participant)
      return entry.participant ?? null;
  }
  return null;
}

/** Every record of the buyer app `bapId`, by transaction, in the order they happened. */
export function pramaanRecords(lines: readonly unknown[], bapId: string): Map<string, PramaanRecord[]> {
  const ours = lines.map((line) => line as LogLine).filter((line) => line.participant === bapId);
  // The seller's synchronous answers to our calls, by action and message id.
  const answers = new Map<string, unknown>();
  for (const line of ours) {
    const body = line.body as Record<string, unknown> | undefined;
    if (line.direction === 'in' && body && !('request' in body) && line.messageId) answers.set(`${line.action}|${line.messageId}`, body);
  }
  const byTransaction = new Map<string, PramaanRecord[]>();
  const seen = new Set<string>();
  const add = (message: BecknMessage, response: unknown) => {
    const { action, transaction_id, message_id } = message.context;
    // A callback the seller sent again is one record; an on_search has one per page.
    const key = `${action}|${message_id}|${JSON.stringify(message).length}`;
    if (seen.has(key)) return;
    seen.add(key);
    byTransaction.set(transaction_id, [...(byTransaction.get(transaction_id) ?? []), { action, transaction_id, message_id, request: message, response }]);
  };
  for (const line of ours) {
    const body = line.body as Record<string, unknown> | undefined;
    if (line.direction === 'out') {
      const message = messageOf(line);
      if (message) add(message, answers.get(`${message.context.action}|${message.context.message_id}`) ?? null);
    } else if (body && 'request' in body) {
      const message = messageOf({ body: body['request'] });
      if (message) add(message, body['reply'] ?? null);
    }
  }
  return byTransaction;
}

/** A flow to judge; `records` when only some of the transaction's records belong to it. */
export type PramaanFlow = { flowId: string; domain: string; transactionId: string; records?: PramaanRecord[] };

const paymentTypeOf = (records: readonly PramaanRecord[]) =>
  (records.find((r) => r.action === 'confirm')?.request as { message?: { order?: { payment?: { type?: string } } } } | undefined)?.message?.order?.payment
    ?.type ?? '';
const has = (records: readonly PramaanRecord[], action: string) => records.some((r) => r.action === action);
/** A cancel the seller answered with an error (ONDC's non-cancellable flow): the order went on. */
function refusedCancel(records: readonly PramaanRecord[]): boolean {
  const cancels = new Set(records.filter((r) => r.action === 'cancel').map((r) => r.message_id));
  return records.some((r) => r.action === 'on_cancel' && cancels.has(r.message_id) && (r.request as { error?: unknown }).error !== undefined);
}

/**
 * The transaction that plays each Pramaan retail 1.2.0 flow, per domain (the latest one), named as
 * the engine's flow list names them: RET_1 a prepaid order delivered and tracked, RET_1b the same
 * by cash on delivery, RET_3 a buyer cancel, RET_4 a seller's part cancel settled, RET_4b a seller
 * cancel with the goods riding back (RTO), RET_4c a seller cancel before pickup, RET_5 a return on
 * its own, RET_5b returns with part cancel and liquidation, RET_6 an item out of stock at select,
 * RET_8 a buyer cancel the seller refused (a non-cancellable item), RET_9 a full catalogue search,
 * RET_9_INC_PULL an incremental one, RET_9_INC_PUSH one asking the sellers to push their changes
 * (answered, then pushed to), RET_10 a catalog_rejection.
 */
export function pramaanFlows(lines: readonly unknown[], records: ReadonlyMap<string, readonly PramaanRecord[]>, domains: readonly string[]): PramaanFlow[] {
  const flows = new Map<string, PramaanFlow>();
  const pick = (flowId: string, domain: string, transactionId: string, only?: PramaanRecord[]) =>
    flows.set(`${flowId}|${domain}`, { flowId, domain, transactionId, ...(only ? { records: only } : {}) });
  for (const request of validatorRequests(lines)) {
    const { domain, flow, payload } = request.body;
    const mine = records.get(request.transactionId) ?? [];
    // A return on its own is no validator flow but is Pramaan's RET_5.
    if (!domains.includes(domain) || !payload['on_confirm'] || mine.length === 0) continue;
    if (refusedCancel(mine)) pick('RET_8', domain, request.transactionId);
    else if (flow === '2' && has(mine, 'track')) pick(paymentTypeOf(mine) === 'ON-FULFILLMENT' ? 'RET_1b' : 'RET_1', domain, request.transactionId);
    if (flow === '3') pick('RET_6', domain, request.transactionId);
    if (flow === '4') pick('RET_3', domain, request.transactionId);
    if (flow === '5') pick(payload['on_status_rto_delivered/disposed'] ? 'RET_4b' : 'RET_4c', domain, request.transactionId);
    if (flow === '6' && payload['on_update_part_cancel']) {
      pick('RET_4', domain, request.transactionId);
      pick('RET_5b', domain, request.transactionId);
    }
    // RET_5 is played by the return the rider fetches; a liquidation alone (core 1.2.5's flow 6,
    // played at 1.2.0 too) is no Pramaan flow of its own.
    if (flow === '6' && !payload['on_update_part_cancel'] && !payload['update_liquidated']) pick('RET_5', domain, request.transactionId);
  }
  for (const [transactionId, mine] of records) {
    const search = mine.find((r) => r.action === 'search')?.request as BecknMessage | undefined;
    if (!search || !domains.includes(search.context.domain)) continue;
    const incremental = JSON.stringify(search.message ?? {}).includes('catalog_inc');
    if (has(mine, 'on_search')) pick(isPushStart(search) ? 'RET_9_INC_PUSH' : incremental ? 'RET_9_INC_PULL' : 'RET_9', search.context.domain, transactionId);
    // RET_10 rejects a full catalogue, and reads the seller from the first on_search: only the
    // rejected seller's answers are its records.
    const rejection = mine.find((r) => r.action === 'catalog_rejection')?.request as BecknMessage | undefined;
    if (rejection && !incremental) {
      const seller = rejection.context.bpp_id;
      pick(
        'RET_10',
        search.context.domain,
        transactionId,
        mine.filter((r) => r.action !== 'on_search' || (r.request as BecknMessage).context.bpp_id === seller),
      );
    }
  }
  return [...flows.values()];
}

type IssueMessage = {
  issue_id?: string;
  issue?: {
    id?: string;
    status?: string;
    actions?: Array<{ descriptor?: { code?: string }; ref_id?: string }>;
    resolutions?: Array<{ id?: string; descriptor?: { code?: string } }>;
  };
};
const IGM_ACTIONS: ReadonlySet<string> = new Set(['issue', 'on_issue', 'issue_status', 'on_issue_status']);
/** Pramaan's IGM 2.0 flows in retail by the resolution the shopper took (ONDC's flows 6b–6e). */
const IGM_FLOW_OF_RESOLUTION: Readonly<Record<string, string>> = { REFUND: 'IGM_1', REPLACEMENT: 'IGM_2', CANCEL: 'IGM_3', NO_ACTION: 'IGM_4' };

/** Pramaan's IGM_1–IGM_4 script the store asking for more information and the shopper answering; IGM_5 does not. */
const scriptsInformation = (flowId: string) => flowId !== 'IGM_5';

/**
 * The complaints that play Pramaan's IGM 2.0 flows: IGM_5 one escalated, else IGM_1–IGM_4 by the
 * resolution the shopper accepted. Of several, the one most like the flow's script plays it: closed
 * (each flow ends with the shopper closing it) first, then with the information step exactly when
 * the script has one, then the latest. A complaint lives in its order's transaction beside the
 * order's own calls and other complaints, so each is judged on its own records only, the engine
 * taking the transaction's n-th issue for the flow's n-th step.
 */
export function pramaanIgmFlows(records: ReadonlyMap<string, readonly PramaanRecord[]>, domains: readonly string[]): PramaanFlow[] {
  const flows = new Map<string, { flow: PramaanFlow; likeness: number }>();
  for (const [transactionId, mine] of records) {
    const byIssue = new Map<string, PramaanRecord[]>();
    for (const record of mine) {
      if (!IGM_ACTIONS.has(record.action)) continue;
      const message = (record.request as { message?: IssueMessage }).message;
      const id = message?.issue?.id ?? message?.issue_id;
      if (id) byIssue.set(id, [...(byIssue.get(id) ?? []), record]);
    }
    for (const issueRecords of byIssue.values()) {
      const first = issueRecords[0]!.request as BecknMessage;
      if (!domains.includes(first.context.domain)) continue;
      const told = issueRecords.map((r) => (r.request as { message?: IssueMessage }).message?.issue).filter((i) => i !== undefined);
      // The fullest thread: a seller's answer to issue_status may arrive after the shopper closed it.
      const issue = told.reduce<(typeof told)[number] | undefined>(
        (full, i) => ((i.actions?.length ?? 0) >= (full?.actions?.length ?? 0) ? i : full),
        undefined,
      );
      const actions = issue?.actions ?? [];
      const accepted = actions.findLast((a) => a.descriptor?.code === 'RESOLUTION_ACCEPTED');
      const resolution = issue?.resolutions?.find((r) => r.id === accepted?.ref_id)?.descriptor?.code ?? '';
      const flowId = actions.some((a) => a.descriptor?.code === 'ESCALATED') ? 'IGM_5' : IGM_FLOW_OF_RESOLUTION[resolution];
      if (!flowId) continue;
      const informed = actions.some((a) => a.descriptor?.code === 'INFO_PROVIDED');
      const likeness = (told.some((i) => i.status === 'CLOSED') ? 2 : 0) + (informed === scriptsInformation(flowId) ? 1 : 0);
      const key = `${flowId}|${first.context.domain}`;
      if (likeness >= (flows.get(key)?.likeness ?? -1))
        flows.set(key, { flow: { flowId, domain: first.context.domain, transactionId, records: issueRecords }, likeness });
    }
  }
  return [...flows.values()].map((f) => f.flow);
}

/**
 * The recons that play Pramaan's RSF 2.0 MBL_RSF (the collector's recon), the latest one, judged
 * under the retail domain the engine files the flow in (RSF messages carry ONDC:NTS10 themselves).
 */
export function pramaanRsfFlows(records: ReadonlyMap<string, readonly PramaanRecord[]>, retailDomain: string): PramaanFlow[] {
  const recons = [...records].filter(([, mine]) => has(mine, 'recon'));
  const latest = recons.at(-1);
  return latest
    ? [{ flowId: 'MBL_RSF', domain: retailDomain, transactionId: latest[0], records: latest[1].filter((r) => r.action === 'recon' || r.action === 'on_recon') }]
    : [];
}

type MochaTest = { title?: string; fullTitle?: string; state?: string; fail?: boolean; err?: { message?: string } };
type MochaSuite = { title?: string; tests?: MochaTest[]; suites?: MochaSuite[] };

/** A mochawesome report's tests: passed, failed, and the failures not marked OPTIONAL (what certification counts). */
export function countReport(report: { results?: MochaSuite[] }): {
  passed: number;
  failed: number;
  required: Array<{ suite: string; title: string; message: string }>;
} {
  let passed = 0;
  let failed = 0;
  const required: Array<{ suite: string; title: string; message: string }> = [];
  const walk = (suite: MochaSuite, path: string) => {
    for (const test of suite.tests ?? []) {
      if (test.state === 'passed') passed++;
      if (test.state !== 'failed') continue;
      failed++;
      const title = test.title ?? '';
      if (!/OPTIONAL/i.test(title)) required.push({ suite: path, title, message: (test.err?.message ?? '').split('\n')[0] ?? '' });
    }
    for (const child of suite.suites ?? []) walk(child, [path, child.title].filter(Boolean).join(' › '));
  };
  for (const suite of report.results ?? []) walk(suite, suite.title ?? '');
  return { passed, failed, required };
}
