// Builds ONDC log-validator requests (ONDC-Official/log-validation-utility, POST /api/validate)
// from a protocol log: the storefront's own (ONDC_LOG=1) or any JSON-lines log whose lines carry
// a Beckn message as `body` or `body.request`. Each order transaction becomes one flow; its
// catalogue comes from the on_search that listed the provider, which may belong to another
// transaction (a buyer app searches once and orders many times).
import { parseItemPath } from '../catalog-rejection.ts';

export type BecknMessage = {
  context: {
    action: string;
    transaction_id: string;
    message_id: string;
    timestamp: string;
    domain: string;
    city?: string;
    bap_id?: string;
    bpp_id?: string;
    core_version?: string;
  };
  message?: Record<string, unknown>;
  error?: unknown;
  /** catalog_rejection's item errors */
  errors?: unknown;
};

/** The Beckn message a log line holds, if any (requests as sent, callbacks as received). */
export function messageOf(line: unknown): BecknMessage | null {
  const body = (line as { body?: unknown } | null)?.body as Record<string, unknown> | undefined;
  const candidate = (body && 'context' in body ? body : (body?.['request'] as Record<string, unknown> | undefined)) as BecknMessage | undefined;
  const context = candidate?.context;
  const message: unknown = candidate?.message;
  // A body whose message is no object (a fuzzer's number, logged as it came) is no Beckn message.
  if (message !== undefined && (typeof message !== 'object' || message === null)) return null;
  // An ACK or NACK echoes the context of what it answers (issue 25): it is an answer, not a message.
  if (message && 'ack' in message) return null;
  return context && typeof context.action === 'string' && typeof context.transaction_id === 'string' && typeof context.message_id === 'string'
    ? candidate
    : null;
}

/** on_status payload keys by the delivery fulfillment's state (the validator's names). */
const STATUS_KEYS: Record<string, string> = {
  Pending: 'on_status_pending',
  Packed: 'on_status_packed',
  'Order-picked-up': 'on_status_picked',
  'Out-for-delivery': 'on_status_out_for_delivery',
  'Order-delivered': 'on_status_delivered',
};

type Fulfillment = {
  id?: string;
  type?: string;
  state?: { descriptor?: { code?: string } };
  tags?: Array<{ code?: string; list?: Array<{ code?: string; value?: string }> }>;
};
type Order = { state?: string; provider?: { id?: string }; fulfillments?: Fulfillment[] };
const orderOf = (m: BecknMessage) => (m.message?.['order'] ?? {}) as Order;
const stateOf = (f: Fulfillment | undefined) => f?.state?.descriptor?.code ?? '';

/** Core 1.2.5 names every state of the delivery's ride (the validator's Retail_.1.2.5 flows). */
const STATUS_KEYS_125: Record<string, string> = {
  ...STATUS_KEYS,
  'Agent-assigned': 'on_status_agent_assigned',
  'At-pickup': 'on_status_at_pickup',
  'At-delivery': 'on_status_at_delivery',
};

function statusKey(m: BecknMessage): string | null {
  const fulfillments = orderOf(m).fulfillments ?? [];
  // Flow 5: the goods back at the store (or disposed of) after a cancel on the way.
  const rto = fulfillments.find((f) => f.type === 'RTO');
  if (rto && (stateOf(rto) === 'RTO-Delivered' || stateOf(rto) === 'RTO-Disposed')) return 'on_status_rto_delivered/disposed';
  const delivery = fulfillments.find((f) => f.type === 'Delivery');
  return (m.context.core_version === '1.2.5' ? STATUS_KEYS_125 : STATUS_KEYS)[stateOf(delivery)] ?? null;
}

/** The return ids an update (update_target item) asks for. */
function returnIdsOf(m: BecknMessage): string[] {
  return (orderOf(m).fulfillments ?? []).flatMap((f) =>
    f.type === 'Return'
      ? (f.tags ?? []).flatMap((t) => (t.code === 'return_request' ? (t.list ?? []).filter((e) => e.code === 'id').map((e) => e.value ?? '') : []))
      : [],
  );
}

const target = (m: BecknMessage) => m.message?.['update_target'];
const updatesOf = (flow: readonly BecknMessage[]) => flow.filter((m) => m.context.action === 'update');
const settlementFor = (updates: readonly BecknMessage[], type: string, id?: string) =>
  updates.find((m) => target(m) === 'payment' && (orderOf(m).fulfillments ?? []).some((f) => f.type === type && (id === undefined || f.id === id)));

/**
 * The seller's part cancel (units it did not have, cut from an order that goes on) and the
 * buyer's settlement of it, by the validator's names; none when the order had none.
 */
function partCancelKeys(flow: readonly BecknMessage[]): Record<string, BecknMessage> {
  const keys: Record<string, BecknMessage> = {};
  const updates = updatesOf(flow);
  // The part cancel is the seller's own on_update, not its answer to one of our updates (which
  // carries the Cancel fulfillment too, under our update's message id).
  const ourIds = new Set(updates.map((m) => m.context.message_id));
  const partCancel = flow.find(
    (m) =>
      m.context.action === 'on_update' &&
      !m.error &&
      !ourIds.has(m.context.message_id) &&
      orderOf(m).state !== 'Cancelled' &&
      (orderOf(m).fulfillments ?? []).some((f) => f.type === 'Cancel'),
  );
  if (!partCancel) return keys;
  keys['on_update_part_cancel'] = partCancel;
  const partSettlement = settlementFor(updates, 'Cancel');
  if (partSettlement) keys['update_settlement_part_cancel'] = partSettlement;
  return keys;
}

/**
 * Flow 6's payload keys (the validator's names): the seller's part cancel and the buyer's
 * settlement of it, then per return its request, the seller's answers by return state, and the
 * buyer's settlement; a return the seller liquidated is the "liquidated" one, the other "reverse_qc".
 */
function flowSixKeys(flow: readonly BecknMessage[]): Record<string, BecknMessage> {
  const keys: Record<string, BecknMessage> = partCancelKeys(flow);
  const onUpdates = flow.filter((m) => m.context.action === 'on_update' && !m.error);
  const updates = updatesOf(flow);
  for (const request of updates.filter((m) => target(m) === 'item')) {
    const id = returnIdsOf(request)[0];
    if (!id) continue;
    const returnIn = (m: BecknMessage) => (orderOf(m).fulfillments ?? []).find((f) => f.type === 'Return' && f.id === id);
    const firstIn = (state: string) => onUpdates.find((m) => m.context.message_id !== request.context.message_id && stateOf(returnIn(m)) === state);
    const interim = onUpdates.find((m) => m.context.message_id === request.context.message_id);
    const settlement = settlementFor(updates, 'Return', id);
    const liquidated = firstIn('Liquidated');
    const set = (key: string, m: BecknMessage | undefined) => {
      if (m) keys[key] = m;
    };
    if (liquidated) {
      set('update_liquidated', request);
      set('on_update_interim_liquidated', interim);
      set('on_update_liquidated', liquidated);
      set('update_settlement_liquidated', settlement);
    } else {
      set('update_reverse_qc', request);
      set('on_update_interim_reverse_qc', interim);
      set('on_update_approval', firstIn('Return_Approved'));
      set('on_update_picked', firstIn('Return_Picked'));
      set('update_settlement_reverse_qc', settlement);
      set('on_update_delivered', firstIn('Return_Delivered'));
    }
  }
  return keys;
}

export type ValidatorRequest = {
  transactionId: string;
  /** Why the transaction cannot be checked as a flow, when it cannot. */
  skipped: string | null;
  body: { domain: string; version: string; flow: string; bap_id: string; bpp_id: string; payload: Record<string, BecknMessage> };
};

const byTime = (a: BecknMessage, b: BecknMessage) => Date.parse(a.context.timestamp) - Date.parse(b.context.timestamp);
const errorCode = (m: BecknMessage) => (m.error as { code?: string } | undefined)?.code;

/** The provider ids an on_search lists. */
function providersOf(m: BecknMessage): string[] {
  const catalog = m.message?.['catalog'] as { 'bpp/providers'?: Array<{ id?: string }> } | undefined;
  return (catalog?.['bpp/providers'] ?? []).map((p) => p.id ?? '');
}

/**
 * One validator request per transaction that reached select. Duplicates (the same message logged
 * twice, by sender and receiver) count once; of repeated calls (a re-select, a status asked for
 * again) the last before the next step is the one the flow is judged by.
 */
function uniqueMessages(lines: readonly unknown[]): BecknMessage[] {
  const seen = new Set<string>();
  const messages: BecknMessage[] = [];
  for (const line of lines) {
    const m = messageOf(line);
    if (!m) continue;
    const key = `${m.context.action}|${m.context.message_id}|${m.context.bpp_id ?? ''}|${JSON.stringify(m.message?.['catalog'] ? providersOf(m) : '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    messages.push(m);
  }
  return messages.sort(byTime);
}

export function validatorRequests(lines: readonly unknown[]): ValidatorRequest[] {
  const messages = uniqueMessages(lines);
  const searches = messages.filter((m) => m.context.action === 'search');
  // An order is judged against the full catalogue it was chosen from, not a later delta.
  const onSearches = messages.filter((m) => m.context.action === 'on_search' && !isIncremental(m));
  const transactions = new Map<string, BecknMessage[]>();
  for (const m of messages) {
    if (m.context.action === 'search' || m.context.action === 'on_search') continue;
    transactions.set(m.context.transaction_id, [...(transactions.get(m.context.transaction_id) ?? []), m]);
  }

  const requests: ValidatorRequest[] = [];
  for (const [transactionId, flow] of transactions) {
    const select = flow.filter((m) => m.context.action === 'select').at(-1);
    if (!select) continue;
    const payload: Record<string, BecknMessage> = {};
    const providerId = orderOf(select).provider?.id;
    const onSearch = onSearches
      .filter(
        (m) =>
          m.context.bpp_id === select.context.bpp_id &&
          m.context.domain === select.context.domain &&
          byTime(m, select) < 0 &&
          providersOf(m).includes(providerId ?? ''),
      )
      .at(-1);
    const search = onSearch && searches.find((m) => m.context.message_id === onSearch.context.message_id);
    if (search) payload['search_full_catalog_refresh'] = search;
    if (onSearch) payload['on_search_full_catalog_refresh'] = onSearch;
    const last = (action: string) => flow.filter((m) => m.context.action === action).at(-1);
    // Flow 3: an on_select that refused an item as out of stock (40002), then a select again.
    const shortAnswer = flow.find((m) => m.context.action === 'on_select' && errorCode(m) === '40002');
    const shortSelect = shortAnswer && flow.filter((m) => m.context.action === 'select' && byTime(m, shortAnswer) < 0).at(-1);
    if (shortAnswer && shortSelect && shortSelect !== select) {
      payload['select_out_of_stock'] = shortSelect;
      payload['on_select_out_of_stock'] = shortAnswer;
    }
    // Core 1.2.5's flows 2 and 3 include the shopper's track and its answer.
    const tracked = select.context.core_version === '1.2.5' ? ['track', 'on_track'] : [];
    for (const action of ['select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm', ...tracked]) {
      const m = last(action);
      if (m) payload[action] = m;
    }
    // A cancel the store refused (an item it does not let a buyer cancel, 50001) changed nothing:
    // the order goes on, and is judged as the flow it then plays.
    const onCancel = last('on_cancel');
    if (onCancel && !onCancel.error) {
      const cancel = last('cancel');
      if (cancel) payload['cancel'] = cancel;
      payload['on_cancel'] = onCancel;
    }
    // The order page asks for the status as soon as it opens: the answer may still say Created
    // (the store has not accepted yet). The flow's Pending is the first the store sent once it
    // accepted; a Created one stands only when there is no other.
    for (const m of flow.filter((x) => x.context.action === 'on_status')) {
      const key = statusKey(m);
      const held = key ? payload[key] : undefined;
      if (key && (!held || (orderOf(held).state === 'Created' && orderOf(m).state !== 'Created'))) payload[key] = m;
    }
    // Flow 5: the seller cancelled (an on_cancel nobody asked for) on the way, and the goods rode back.
    const sellerCancelled = !payload['cancel'] && payload['on_cancel'] !== undefined;
    const version = select.context.core_version ?? '1.2.0';
    // A cancelled order's refund settlement is no part cancel: flow 6 is an order that goes on. A
    // store that cut units it lacked and then cancelled on the way is core 1.2.5's flow 5 (RTO with
    // a part cancel first); the 1.2.0 validator's flow 5 has no such key and ignores them.
    const sixKeys = payload['cancel'] ? {} : sellerCancelled ? partCancelKeys(flow) : flowSixKeys(flow);
    Object.assign(payload, sixKeys);
    const flowId = payload['cancel'] ? '4' : sellerCancelled ? '5' : Object.keys(sixKeys).length > 0 ? '6' : payload['select_out_of_stock'] ? '3' : '2';
    const skipped = !payload['on_confirm']
      ? 'stops before on_confirm'
      : !onSearch
        ? 'no on_search in the log lists its provider'
        : flowId === '6'
          ? flowSixMismatch(payload, version)
          : // Its flow 5 is the store's cancel on the way, the goods riding back; one before pickup is none of its flows.
            flowId === '5' && !payload['on_status_rto_delivered/disposed']
            ? 'the store cancelled before pickup: the validator judges a store’s cancel only on the way (flow 5, RTO)'
            : null;
    requests.push({
      transactionId,
      skipped,
      body: {
        domain: select.context.domain,
        version: select.context.core_version ?? '1.2.0',
        flow: flowId,
        bap_id: select.context.bap_id ?? '',
        bpp_id: select.context.bpp_id ?? '',
        payload,
      },
    });
  }
  return requests;
}

/**
 * Why an order with returns is none of the validator's flows 6, or null when it is one. ONDC's
 * validator has no flow for a return on its own. Its 1.2.0 flow 6 is the part cancel and the
 * returns together, and judges every call of that combination missing. Its 1.2.5 flow 6 is a
 * liquidation alone, the order delivered whole (shared/validateRetailLogsV2.ts flowSixSequence at
 * 4d13362): it reads a Return before the liquidated one as the liquidated one, and a part cancel is
 * its 1.2.5 flow 5's.
 */
function flowSixMismatch(payload: Record<string, BecknMessage>, version: string): string | null {
  if (version !== '1.2.5')
    return payload['on_update_part_cancel'] ? null : 'a return on its own: the validator judges returns only within flow 6 (part cancel, then returns)';
  if (!payload['update_liquidated']) return 'a return the rider fetches: the validator’s 1.2.5 flow 6 is a liquidation alone';
  if (payload['on_update_part_cancel'] || payload['update_reverse_qc'])
    return 'a liquidation after a part cancel or another return: the validator’s 1.2.5 flow 6 is a liquidation alone (this combination is its 1.2.0 flow 6)';
  return null;
}

/** Whether a search asks sellers to push their catalogue changes (catalog_inc mode "start"). */
export function isPushStart(m: BecknMessage): boolean {
  const intent = m.message?.['intent'] as { tags?: Array<{ code?: string; list?: Array<{ code?: string; value?: string }> }> } | undefined;
  return (intent?.tags ?? []).some((t) => t.code === 'catalog_inc' && (t.list ?? []).some((e) => e.code === 'mode' && e.value === 'start'));
}

/** Whether an on_search is an incremental refresh: it carries no seller descriptor or fulfillments. */
function isIncremental(m: BecknMessage): boolean {
  const catalog = (m.message?.['catalog'] ?? {}) as Record<string, unknown>;
  return catalog['bpp/descriptor'] === undefined && catalog['bpp/fulfillments'] === undefined;
}

/** The provider whose items a catalog_rejection names. */
function rejectedProvider(m: BecknMessage): string {
  const errors = Array.isArray(m.errors) ? (m.errors as Array<{ path?: unknown }>) : [];
  const path = errors.map((e) => (typeof e.path === 'string' ? parseItemPath(e.path) : null)).find((p) => p !== null);
  return path?.providerId ?? '';
}

/**
 * The catalogue flows, one request per domain, seller and flow (the latest in the log): flow 1 is
 * a full catalogue, then an incremental refresh of the same provider; flow 7 a full catalogue and
 * the buyer app's catalog_rejection of it; flow 9 an incremental refresh and its catalog_rejection.
 */
export function catalogueRequests(lines: readonly unknown[], only: { providers?: readonly string[] } = {}): ValidatorRequest[] {
  const wanted = (providerId: string) => !only.providers || only.providers.includes(providerId);
  const messages = uniqueMessages(lines);
  const searches = messages.filter((m) => m.context.action === 'search');
  const onSearches = messages.filter((m) => m.context.action === 'on_search');
  const searchOf = (onSearch: BecknMessage) => searches.find((m) => m.context.message_id === onSearch.context.message_id);
  // A seller's push comes with a message id of its own, in the transaction of the search that asked for it.
  const pushStartOf = (onSearch: BecknMessage) => searches.find((m) => m.context.transaction_id === onSearch.context.transaction_id && isPushStart(m));
  const chosen = new Map<string, ValidatorRequest>();
  const add = (flow: string, anchor: BecknMessage, payload: Record<string, BecknMessage | undefined>, variant = '') => {
    const complete = Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, BecknMessage] => entry[1] !== undefined));
    const missing = Object.keys(payload).filter((key) => !payload[key]);
    chosen.set(`${anchor.context.domain}|${anchor.context.bpp_id ?? ''}|${flow}${variant}`, {
      transactionId: anchor.context.transaction_id,
      skipped: missing.length > 0 ? `the log lacks ${missing.join(', ')}` : null,
      body: {
        domain: anchor.context.domain,
        version: anchor.context.core_version ?? '1.2.0',
        flow,
        bap_id: anchor.context.bap_id ?? '',
        bpp_id: anchor.context.bpp_id ?? '',
        payload: complete,
      },
    });
  };
  for (const inc of onSearches.filter(isIncremental)) {
    const provider = providersOf(inc)[0] ?? '';
    if (!wanted(provider)) continue;
    const asked = searchOf(inc);
    const pushStart = pushStartOf(inc);
    // Flow 1 with pushes is judged on a push; the answer to the search that asked for them (its
    // own message id) is the changes until then, a pull in all but name.
    if (pushStart && asked) continue;
    const full = onSearches
      .filter(
        (m) =>
          !isIncremental(m) &&
          m.context.bpp_id === inc.context.bpp_id &&
          m.context.domain === inc.context.domain &&
          byTime(m, inc) < 0 &&
          providersOf(m).includes(provider),
      )
      .at(-1);
    add(
      '1',
      inc,
      {
        search_full_catalog_refresh: full && searchOf(full),
        on_search_full_catalog_refresh: full,
        search_inc_refresh: asked ?? pushStart,
        on_search_inc_refresh: inc,
      },
      pushStart ? ' push' : '',
    );
  }
  for (const rejection of messages.filter((m) => m.context.action === 'catalog_rejection')) {
    const provider = rejectedProvider(rejection);
    if (!wanted(provider)) continue;
    const answered = onSearches
      .filter(
        (m) =>
          m.context.transaction_id === rejection.context.transaction_id &&
          m.context.bpp_id === rejection.context.bpp_id &&
          byTime(m, rejection) < 0 &&
          providersOf(m).includes(provider),
      )
      .at(-1);
    if (!answered) continue;
    if (isIncremental(answered)) {
      const asked = searchOf(answered);
      const pushStart = pushStartOf(answered);
      if (pushStart && asked) continue;
      add('9', rejection, { search_inc_refresh: asked ?? pushStart, on_search_inc_refresh: answered, catalog_rejection: rejection }, pushStart ? ' push' : '');
    } else {
      add('7', rejection, { search_full_catalog_refresh: searchOf(answered), on_search_full_catalog_refresh: answered, catalog_rejection: rejection });
    }
  }
  return [...chosen.values()];
}

/** The validator's report as lines "call: message", flattened; an empty report is no lines. */
export function reportLines(report: unknown, prefix = ''): string[] {
  if (report === null || report === undefined) return [];
  if (typeof report === 'string') {
    const text = report.replace(/\s+/g, ' ').trim();
    return [prefix ? `${prefix}: ${text}` : text];
  }
  if (Array.isArray(report)) return report.flatMap((entry) => reportLines(entry, prefix));
  if (typeof report === 'object') {
    return Object.entries(report as Record<string, unknown>).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null ? reportLines(value, prefix || key) : reportLines(value, prefix || key),
    );
  }
  return [`${prefix}: ${String(report)}`];
}
