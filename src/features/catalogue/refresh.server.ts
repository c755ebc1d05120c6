// Learning catalogues the ONDC way: a search per city and domain to the gateway; sellers answer
// with on_search, which the callback endpoint keeps in the inbox and ingest-queue.server.ts applies.
import { randomUUID } from 'node:crypto';
import type { Database } from '#/db/client.ts';
import { deleteMeta, readMeta, writeMeta } from '#/db/meta.server.ts';
import { sendRequest, type SendInput } from '#/ondc/bap.server.ts';
import { SERVED_CITIES } from '#/ondc/cities.ts';
import { domainSchema, type Domain } from '#/ondc/context.ts';
import { TRANSACTION_LIFETIME_MS } from '#/ondc/message-store.server.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { BUYER_FINDER_FEE } from '#/ondc/terms.ts';
import { catalogueCounts } from './ingest.server.ts';
import { ingestionBacklog, ingestionIdle } from './ingest-queue.server.ts';
import { incrementalSearchIntent, pushSearchIntent, refreshDue, type LearnedCatalogue, type RefreshTimes } from './refresh.ts';

const DOMAINS: readonly Domain[] = domainSchema.options;

/** A full-catalogue search: delivery, with our finder fee (ondc-notes §1 search intent). */
const SEARCH_INTENT = {
  intent: {
    fulfillment: { type: 'Delivery' },
    payment: BUYER_FINDER_FEE,
  },
};

/** One catalogue search to the gateway, in a transaction of its own and on no shopper's behalf. */
function searchCatalogue(
  database: Database,
  app: BuyerApp,
  domain: Domain,
  city: string,
  message: SendInput['message'],
  at?: Date,
  lifetimeMs: number = TRANSACTION_LIFETIME_MS.search,
) {
  return sendRequest(database, app, {
    action: 'search',
    url: app.gatewayUrl,
    domain,
    city,
    transactionId: randomUUID(),
    shopperKey: null,
    message,
    lifetimeMs,
    ...(at ? { at } : {}),
  });
}

/**
 * Searches every served city and domain but those in `done` (`city|domain`), telling `onSent` of
 * each. A city's answers are ingested before the next city is asked, so a large catalogue arrives
 * as a stream we keep up with rather than one burst of pages in flight at once.
 */
async function requestCatalogues(database: Database, app: BuyerApp, done: readonly string[] = [], onSent: (search: string) => Promise<void> = async () => {}) {
  const results = [];
  for (const city of SERVED_CITIES) {
    const left = DOMAINS.filter((domain) => !done.includes(`${city.code}|${domain}`));
    if (left.length === 0) continue;
    await waitForBacklogBelow(database, BACKLOG_LIMIT, 120_000);
    for (const domain of left) {
      results.push(await searchCatalogue(database, app, domain, city.code, SEARCH_INTENT));
      await onSent(`${city.code}|${domain}`);
    }
  }
  return results;
}

/**
 * Asks every seller, in every city ("*"), for what changed in their catalogues between `since`
 * and now (ONDC catalog_inc start_time/end_time); the answers are applied as deltas.
 */
async function requestCatalogueChanges(database: Database, app: BuyerApp, since: Date, now = new Date()) {
  const results = [];
  for (const domain of DOMAINS) {
    // The window ends before the request is made (end_time < context.timestamp).
    results.push(await searchCatalogue(database, app, domain, '*', incrementalSearchIntent(since, now), new Date(now.getTime() + 1)));
  }
  return results;
}

/**
 * Asks every seller, in every city, to push what changes in their catalogues from `since` on; the
 * pushes come in the search's transaction, which lives until the next full refresh asks again.
 */
async function requestCataloguePushes(database: Database, app: BuyerApp, since: Date, lifetimeMs: number, now = new Date()) {
  const results = [];
  for (const domain of DOMAINS)
    results.push(await searchCatalogue(database, app, domain, '*', pushSearchIntent(since), new Date(now.getTime() + 1), lifetimeMs));
  return results;
}

const FULL_KEY = 'catalogue_full_refresh_at';
const ANY_KEY = 'catalogue_refresh_at';
const PUSH_KEY = 'catalogue_push_asked_at';

async function refreshTimes(database: Database): Promise<RefreshTimes & { push: Date | null }> {
  const at = async (key: string) => {
    const value = await readMeta(database, key);
    return value ? new Date(value) : null;
  };
  return { full: await at(FULL_KEY), any: await at(ANY_KEY), push: await at(PUSH_KEY) };
}

async function recordRefresh(database: Database, keys: string[], at: Date) {
  for (const key of keys) await writeMeta(database, key, at.toISOString());
}

/** A full refresh under way: when it began and the searches (`city|domain`) already sent. */
const PROGRESS_KEY = 'catalogue_full_refresh_progress';
type Progress = { startedAt: string; sent: string[] };

async function refreshProgress(database: Database): Promise<Progress | null> {
  const value = await readMeta(database, PROGRESS_KEY);
  return value ? (JSON.parse(value) as Progress) : null;
}

async function saveProgress(database: Database, progress: Progress) {
  await writeMeta(database, PROGRESS_KEY, JSON.stringify(progress));
}

/** A full refresh a stopped process began and did not finish sending. */
export async function fullRefreshUnfinished(database: Database): Promise<boolean> {
  return (await refreshProgress(database)) !== null;
}

/**
 * A full refresh, remembered as the point later incremental refreshes start from. One a stopped
 * process left half sent is finished (`resume`), not begun again: the searches it sent are answered
 * into the inbox (or sent again by their sellers), so asking again would bring every page twice.
 * Sellers that stopped with the process (the embedded network) answer nothing more: begin again.
 */
export async function refreshFullCatalogues(database: Database, app: BuyerApp, resume = true) {
  const progress = (resume ? await refreshProgress(database) : null) ?? { startedAt: new Date().toISOString(), sent: [] };
  await saveProgress(database, progress);
  const sent = await requestCatalogues(database, app, progress.sent, async (search) => {
    progress.sent.push(search);
    await saveProgress(database, progress);
  });
  await recordRefresh(database, [FULL_KEY, ANY_KEY], new Date(progress.startedAt));
  await deleteMeta(database, PROGRESS_KEY);
  return sent;
}

/** The last start's learn that ran to the end (keepsLearnedCatalogue): its source and when it began. */
const LEARNED_KEY = 'catalogue_learned';

export async function learnedCatalogue(database: Database): Promise<LearnedCatalogue | null> {
  const value = await readMeta(database, LEARNED_KEY);
  if (!value) return null;
  const { source, at } = JSON.parse(value) as { source: string; at: string };
  return { source, at: new Date(at) };
}

/** Before a start's learn: one killed half-way must not be kept by the next start. */
export async function forgetLearnedCatalogue(database: Database) {
  await deleteMeta(database, LEARNED_KEY);
}

/** After a start's learn has settled, every search answered: from the time its searches began. */
export async function markCatalogueLearned(database: Database, source: string) {
  const { full } = await refreshTimes(database);
  if (full) await writeMeta(database, LEARNED_KEY, JSON.stringify({ source, at: full.toISOString() }));
}

/**
 * What every seller changed since `since`, remembered as a refresh: the scheduler's incremental
 * tick, and a start that keeps its catalogue (since it was learned).
 */
export async function refreshCatalogueChangesSince(database: Database, app: BuyerApp, since: Date, now = new Date()) {
  const sent = await requestCatalogueChanges(database, app, since, now);
  await recordRefresh(database, [ANY_KEY], now);
  return sent;
}

/**
 * The refresh scheduler's tick: a full refresh when one is due (or none was ever made), else the
 * changes since the last refresh of either kind, else nothing. The times live in the database, so
 * a restarted storefront carries on where it stopped.
 */
export async function refreshCatalogues(database: Database, app: BuyerApp, every: { fullMs: number; incMs: number; push: boolean }) {
  const now = new Date();
  const times = await refreshTimes(database);
  const due = refreshDue(now, times, every);
  if (due?.kind === 'full') return refreshFullCatalogues(database, app);
  // The first incremental refresh after a full one asks for pushes instead of pulling: the changes
  // so far come back as its answer, later ones as the sellers make them.
  if (due?.kind === 'incremental' && every.push && times.full && (!times.push || times.push < times.full)) {
    const sent = await requestCataloguePushes(database, app, due.since, every.fullMs > 0 ? every.fullMs + every.incMs : PUSH_LIFETIME_MS, now);
    await recordRefresh(database, [ANY_KEY, PUSH_KEY], now);
    return sent;
  }
  if (due?.kind === 'incremental') return refreshCatalogueChangesSince(database, app, due.since, now);
  return [];
}

/** How long sellers may push when no full refresh comes to ask again. */
const PUSH_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Pages queued for ingestion before the next city is asked. */
const BACKLOG_LIMIT = 4;

async function waitForBacklogBelow(database: Database, limit: number, limitMs: number) {
  const started = Date.now();
  while ((await ingestionBacklog(database)) >= limit && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until sellers have answered and ingestion has caught up (nothing queued and nothing new
 * for `quietMs`), or the limit passes. Returns the counts.
 */
export async function waitForCatalogueToSettle(database: Database, options: { quietMs: number; limitMs: number }) {
  const started = Date.now();
  // Callbacks start arriving a moment after the searches are ACKed.
  await new Promise((resolve) => setTimeout(resolve, options.quietMs));
  while (Date.now() - started < options.limitMs && !(await ingestionIdle(database, options.quietMs))) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return catalogueCounts(database);
}
