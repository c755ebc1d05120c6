// ONDC's Pramaan buyer test engine (ONDC-Official/automation-report-pramaan, buyerNPTestAPI) reads
// a transaction's log over HTTP as records {action, transaction_id, message_id, request, response}:
// for a call the buyer app sent, the body and the seller's synchronous answer; for an on_* it
// received, the callback and the buyer app's own ACK. This builds those records from our protocol
// log (ONDC_LOG=1) and picks, per Pramaan retail 1.2.0 flow, the transaction that plays it.
import { messageOf, validatorRequests, type BecknMessage } from './validator-payload.ts';

export type PramaanRecord = { action: string; transaction_id: string; message_id: string; request: unknown; response: unknown };

type LogLine = { at?: string; direction?: string; participant?: string; action?: string; messageId?: string; body?: unknown };

/** The buyer app's subscriber id: the bap_id of the first request it sent. */
export function buyerAppId(lines: readonly unknown[]): string | null {
  for (const line of lines) {
    const entry = line as LogLine;
    const message = messageOf(line);
    if (entry.direction === 'out' && message && !message.context.action.startsWith('on_') && message.context.bap_id === entry.participant) return entry.participant ?? null;
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
  ((records.find((r) => r.action === 'confirm')?.request as { message?: { order?: { payment?: { type?: string } } } } | undefined)?.message?.order?.payment?.type ?? '');
const has = (records: readonly PramaanRecord[], action: string) => records.some((r) => r.action === action);

/**
 * The transaction that plays each Pramaan retail 1.2.0 flow, per domain (the latest one): RET_1 a
 * prepaid order delivered and tracked, RET_1b the same by cash on delivery, RET_3 a buyer cancel,
 * RET_4 a seller's part cancel settled, RET_4b a seller cancel, RET_4c a seller cancel with the
 * goods riding back (RTO), RET_5 a return on its own, RET_5b returns with part cancel and
 * liquidation, RET_6 an item out of stock at select, RET_9 a full catalogue search,
 * RET_9_INC_PULL an incremental one, RET_10 a catalog_rejection.
 */
export function pramaanFlows(lines: readonly unknown[], records: ReadonlyMap<string, readonly PramaanRecord[]>, domains: readonly string[]): PramaanFlow[] {
  const flows = new Map<string, PramaanFlow>();
  const pick = (flowId: string, domain: string, transactionId: string, only?: PramaanRecord[]) => flows.set(`${flowId}|${domain}`, { flowId, domain, transactionId, ...(only ? { records: only } : {}) });
  for (const request of validatorRequests(lines)) {
    const { domain, flow, payload } = request.body;
    const mine = records.get(request.transactionId) ?? [];
    // A return on its own is no validator flow but is Pramaan's RET_5.
    if (!domains.includes(domain) || !payload['on_confirm'] || mine.length === 0) continue;
    if (flow === '2' && has(mine, 'track')) pick(paymentTypeOf(mine) === 'ON-FULFILLMENT' ? 'RET_1b' : 'RET_1', domain, request.transactionId);
    if (flow === '3') pick('RET_6', domain, request.transactionId);
    if (flow === '4') pick('RET_3', domain, request.transactionId);
    if (flow === '5') pick(payload['on_status_rto_delivered/disposed'] ? 'RET_4c' : 'RET_4b', domain, request.transactionId);
    if (flow === '6' && payload['on_update_part_cancel']) {
      pick('RET_4', domain, request.transactionId);
      pick('RET_5b', domain, request.transactionId);
    }
    if (flow === '6' && !payload['on_update_part_cancel']) pick('RET_5', domain, request.transactionId);
  }
  for (const [transactionId, mine] of records) {
    const search = mine.find((r) => r.action === 'search')?.request as BecknMessage | undefined;
    if (!search || !domains.includes(search.context.domain)) continue;
    const incremental = JSON.stringify(search.message ?? {}).includes('catalog_inc');
    if (has(mine, 'on_search')) pick(incremental ? 'RET_9_INC_PULL' : 'RET_9', search.context.domain, transactionId);
    // RET_10 rejects a full catalogue, and reads the seller from the first on_search: only the
    // rejected seller's answers are its records.
    const rejection = mine.find((r) => r.action === 'catalog_rejection')?.request as BecknMessage | undefined;
    if (rejection && !incremental) {
      const seller = rejection.context.bpp_id;
      pick('RET_10', search.context.domain, transactionId, mine.filter((r) => r.action !== 'on_search' || (r.request as BecknMessage).context.bpp_id === seller));
    }
  }
  return [...flows.values()];
}

type MochaTest = { title?: string; fullTitle?: string; state?: string; fail?: boolean; err?: { message?: string } };
type MochaSuite = { title?: string; tests?: MochaTest[]; suites?: MochaSuite[] };

/** A mochawesome report's tests: passed, failed, and the failures not marked OPTIONAL (what certification counts). */
export function countReport(report: { results?: MochaSuite[] }): { passed: number; failed: number; required: Array<{ suite: string; title: string; message: string }> } {
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
