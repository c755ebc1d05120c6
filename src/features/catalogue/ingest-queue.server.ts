// Sellers' on_search pages wait in the inbox (ondc_inbox: the receiver keeps each one there before
// it ACKs, message-store.server.ts) and are applied here one at a time, oldest first, each in one
// transaction with its removal from the inbox: a page is applied once, and a storefront killed
// half-way through an ingestion finishes it when it starts again. Memory holds one page at a time
// however fast sellers answer (ACKed pages once waited in memory: 1.9 GB at 1M items). When the
// inbox is empty, the SPEC §5 dedupe groups the pages changed are settled in batches of ~100 ms,
// so the shop's own queries get the database between them (a city-wide pass held PGlite for minutes).
import type { Database, Queryable } from '#/db/client.ts';
import { callbackEnvelopeSchema, inboxBacklog, nextInboxPage, removeFromInbox, vacuumInbox, type CallbackEnvelope } from '#/ondc/message-store.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { announceCatalogueChange } from './cache.server.ts';
import { ingestOnSearch, settleDedupe, type IngestResult } from './ingest.server.ts';
import { sendCatalogRejection } from './rejection.server.ts';

interface WorkerState {
  /** the drain under way, if any */
  running: Promise<void> | null;
  /** woken while draining: look at the inbox again before stopping */
  again: boolean;
  stopping: boolean;
  lastActivity: number;
  retry: NodeJS.Timeout | undefined;
  /** shoppers' requests the server is answering now (serve.ts); unknown counts as some */
  requestsInFlight: () => number;
}

/** One ingester at a time across the storefront's processes, so pages apply in the order they came. */
const INGEST_LOCK = 727275;
/** How long one dedupe statement should hold the database: the batch grows or shrinks to fit it. */
const DEDUPE_BATCH_MS = 100;
const DEDUPE_BATCH = { first: 200, min: 20, max: 5000 };

/** The next dedupe batch size after one of `size` groups took `tookMs`. */
export function nextDedupeBatch(size: number, tookMs: number): number {
  const scaled = tookMs > DEDUPE_BATCH_MS * 2 ? size / 2 : tookMs < DEDUPE_BATCH_MS / 2 ? size * 2 : size;
  return Math.round(Math.min(DEDUPE_BATCH.max, Math.max(DEDUPE_BATCH.min, scaled)));
}
/** How long to wait before looking again when another process holds the lock or a page failed. */
const RETRY_MS = 1000;
/** A page whose application fails this many times running is dropped (and logged), not retried forever. */
const MAX_ATTEMPTS = 3;

// Shared through the process like the database (src/db/client.ts): serve.ts, run by Node, wakes and
// stops the worker the server bundle's callback endpoint also wakes.
const WORKER = Symbol.for('kirana.ingest-worker');
function state(): WorkerState {
  const holder = globalThis as { [WORKER]?: WorkerState };
  holder[WORKER] ??= { running: null, again: false, stopping: false, lastActivity: 0, retry: undefined, requestsInFlight: () => 1 };
  return holder[WORKER];
}

/** The server tells the worker how many requests it is answering, so it yields only when someone waits. */
export function countRequestsWith(requestsInFlight: () => number) {
  state().requestsInFlight = requestsInFlight;
}

/** Pages are waiting in the inbox (a callback was just kept, or the storefront has just started). */
export function wakeCatalogueIngestion(database: Database, app: BuyerApp) {
  const worker = state();
  worker.lastActivity = Date.now();
  if (worker.stopping) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  clearTimeout(worker.retry);
  worker.running = drain(database, app).finally(() => {
    worker.running = null;
    worker.lastActivity = Date.now();
  });
}

/** SIGTERM: no new page is started; the one under way is finished. */
export async function stopCatalogueIngestion() {
  const worker = state();
  worker.stopping = true;
  clearTimeout(worker.retry);
  await worker.running;
}

type Step = 'applied' | 'empty' | 'busy' | 'failed';

async function drain(database: Database, app: BuyerApp) {
  const worker = state();
  const attempts = new Map<string, number>();
  const later = () => {
    worker.retry = setTimeout(() => wakeCatalogueIngestion(database, app), RETRY_MS);
    worker.retry.unref();
  };
  const preferredSellerId = process.env.PREFERRED_SELLER_ID;
  try {
    for (;;) {
      worker.again = false;
      let step: Step = 'applied';
      let applied = 0;
      while (step === 'applied' && !worker.stopping) {
        const begun = Date.now();
        step = await applyNextPage(database, app, attempts, preferredSellerId);
        if (step === 'applied') applied++;
        await pause(pauseAfterPage(database.kind, Date.now() - begun, worker.requestsInFlight()));
      }
      if (step === 'busy' || step === 'failed') return later();
      if (applied > 0) await vacuumInbox(database);
      // Nor does it analyze: without statistics every catalogue query is planned on guesses
      // (a search for "milk" at the default catalogue took 36.5 ms, 5.5 ms once analyzed).
      if (applied > 0 && database.kind === 'pglite') await database.exec('ANALYZE catalogue_items');
      // The inbox is empty: settle what the pages changed, unless another page comes first.
      let settled = 1;
      let size = DEDUPE_BATCH.first;
      while (settled > 0 && !worker.again && !worker.stopping) {
        const begun = Date.now();
        const batch = await settleDedupeBatch(database, preferredSellerId, size);
        if (batch === 'busy') return later();
        settled = batch;
        size = nextDedupeBatch(size, Date.now() - begun);
        if (settled > 0) await announceCatalogueChange(database);
        await pause(pauseAfterPage(database.kind, Date.now() - begun, worker.requestsInFlight()));
      }
      if (!worker.again || worker.stopping) return;
    }
  } catch (error) {
    console.error('catalogue ingestion failed', error);
    later();
  }
}

/**
 * How long the worker leaves the Node thread after a step that took `tookMs`. PGlite's queries run
 * on that thread, which a stream of pages would keep busy: while shoppers' requests are under way
 * the worker leaves it idle for as long as its last step used it (at most half a second), so they
 * have at least half of it while a large catalogue comes in. With none under way it goes straight
 * on (issue 27: the pauses were a fifth of a start's catalogue learn, 12.4 → 9.7 s): a request that
 * comes meanwhile waits for one step at most, as one arriving during a step always did. On
 * PostgreSQL the queries run elsewhere and the worker never pauses.
 */
export function pauseAfterPage(kind: Database['kind'], tookMs: number, requestsInFlight: number): number {
  return kind === 'pglite' && requestsInFlight > 0 ? Math.min(tookMs, 500) : 0;
}

const pause = (ms: number) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

function parseEnvelope(body: string): CallbackEnvelope | null {
  try {
    const parsed = callbackEnvelopeSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Takes the ingestion lock for this transaction; false when another process holds it. */
async function takeIngestLock(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [INGEST_LOCK]);
  return row?.locked ?? false;
}

async function applyNextPage(database: Database, app: BuyerApp, attempts: Map<string, number>, preferredSellerId: string | undefined): Promise<Step> {
  let pageId = '';
  try {
    const outcome = await database.transaction(async (tx) => {
      if (!(await takeIngestLock(tx))) return 'busy' as const;
      const page = await nextInboxPage(tx);
      if (!page) return 'empty' as const;
      pageId = page.id;
      const envelope = parseEnvelope(page.body);
      const result: IngestResult = envelope ? await ingestOnSearch(tx, envelope, preferredSellerId) : { ok: false, error: 'not an on_search envelope' };
      await removeFromInbox(tx, page.id);
      return { envelope, result };
    });
    if (typeof outcome === 'string') return outcome;
    attempts.delete(pageId);
    state().lastActivity = Date.now();
    const { envelope, result } = outcome;
    if (!result.ok || !envelope) {
      console.error(`on_search from ${envelope?.context.bpp_id ?? 'a seller'} refused: ${result.ok ? 'unreadable' : result.error}`);
      return 'applied';
    }
    await announceCatalogueChange(database);
    await sendCatalogRejection(app, envelope.context, result.rejected).catch((error: unknown) => console.error('catalog_rejection not sent', error));
    return 'applied';
  } catch (error) {
    if (!pageId) throw error;
    const tries = (attempts.get(pageId) ?? 0) + 1;
    attempts.set(pageId, tries);
    console.error(`catalogue page ${pageId} could not be applied (attempt ${tries})`, error);
    if (tries < MAX_ATTEMPTS) return 'failed';
    await removeFromInbox(database, pageId);
    attempts.delete(pageId);
    return 'applied';
  }
}

/** One batch of dedupe groups, under the ingestion lock (a page applied meanwhile would race it). */
async function settleDedupeBatch(database: Database, preferredSellerId: string | undefined, size: number): Promise<number | 'busy'> {
  return database.transaction(async (tx) => {
    if (!(await takeIngestLock(tx))) return 'busy' as const;
    return settleDedupe(tx, preferredSellerId, size);
  });
}

/** Pages waiting in the inbox. */
export async function ingestionBacklog(database: Database): Promise<number> {
  return inboxBacklog(database);
}

/** Ingestion is idle: no page waiting, no dedupe group unsettled, and nothing arrived for `quietMs`. */
export async function ingestionIdle(database: Database, quietMs: number): Promise<boolean> {
  const worker = state();
  if (worker.running || Date.now() - worker.lastActivity < quietMs) return false;
  if ((await inboxBacklog(database)) > 0) return false;
  const [row] = await database.query<{ idle: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM catalogue_dedupe_pending) AS idle');
  return row?.idle ?? false;
}
