// When the storefront refreshes its catalogue and how it asks (pure): a full refresh now and
// then, and in between only the changes since the last refresh (ONDC catalog_inc, ondc-notes §1).
import { BUYER_FINDER_FEE } from '#/ondc/terms.ts';

export type RefreshTimes = { full: Date | null; any: Date | null };
export type RefreshDue = { kind: 'full' } | { kind: 'incremental'; since: Date } | null;

export function refreshDue(now: Date, last: RefreshTimes, every: { fullMs: number; incMs: number }): RefreshDue {
  if (!last.full) return { kind: 'full' };
  if (every.fullMs > 0 && now.getTime() - last.full.getTime() >= every.fullMs) return { kind: 'full' };
  const since = last.any ?? last.full;
  if (every.incMs > 0 && now.getTime() - since.getTime() >= every.incMs && since < now) return { kind: 'incremental', since };
  return null;
}

/**
 * What a start learned its catalogue from and when (the searches' start): the sellers, as their
 * network's build and settings or the gateway, and this storefront's build and settings of reading.
 */
export type LearnedCatalogue = { source: string; at: Date };

/** The settings the embedded sellers make their catalogues from, and those we read catalogues with. */
const NETWORK_SETTINGS = ['CATALOGUE_SCALE', 'CATALOGUE_SEED', 'NETWORK_CORE_VERSION'] as const;
const READING_SETTINGS = ['ONDC_SEARCH_CORE_VERSION', 'PREFERRED_SELLER_ID'] as const;

/**
 * What a start's catalogue is learned from: the embedded sellers' address (their URIs and photos
 * are kept with the catalogue), build (a digest of their bundle) and the settings their catalogues
 * are made from, or the gateway; and this storefront's build and the settings it reads them with.
 * Sellers elsewhere, a new build of either, or another setting, learn again.
 */
export function catalogueSource(
  sellers: { embedded: true; url: string; build: string } | { embedded: false; gatewayUrl: string },
  storefrontBuild: string,
  env: Record<string, string | undefined>,
): string {
  const settings = (names: readonly string[]) => names.map((name) => `${name}=${env[name] ?? ''}`);
  const from = sellers.embedded ? ['embedded', sellers.url, sellers.build, ...settings(NETWORK_SETTINGS)] : ['gateway', sellers.gatewayUrl];
  return [...from, 'storefront', storefrontBuild, ...settings(READING_SETTINGS)].join(' ');
}

/**
 * Whether a start may keep the catalogue the database holds and only ask sellers what changed
 * since it was learned, rather than learn it all again (a kill -9 and `npm start` within minutes,
 * or a second process: seconds rather than a full learn, minutes at a million items). Only when
 * the same sellers were read the same way, the last start's learn ran to the end (a full refresh
 * left half done is finished instead), a full refresh is not yet due, and sellers are asked for
 * changes at all: with incremental refresh off a start learns in full, as it always did.
 */
export function keepsLearnedCatalogue(
  now: Date,
  learned: LearnedCatalogue | null,
  source: string,
  unfinished: boolean,
  every: { fullMs: number; incMs: number },
): boolean {
  if (!learned || unfinished || every.fullMs <= 0 || every.incMs <= 0 || learned.source !== source) return false;
  const age = now.getTime() - learned.at.getTime();
  return age >= 0 && age < every.fullMs;
}

/** How often the scheduler looks: as often as the more frequent refresh, or never. */
export function refreshTickMs(every: { fullMs: number; incMs: number }): number {
  const periods = [every.fullMs, every.incMs].filter((ms) => ms > 0);
  return periods.length > 0 ? Math.min(...periods) : 0;
}

/** A catalog_inc search intent (ondc-notes §1): our terms and the tag's list. */
function catalogIncIntent(list: Array<{ code: string; value: string }>) {
  return { intent: { payment: BUYER_FINDER_FEE, tags: [{ code: 'catalog_inc', list }] } };
}

/**
 * The search intent that asks sellers to push what changes from `since` on (catalog_inc mode
 * "start"): the changes made since then come back as the answer, later ones as pushes.
 */
export function pushSearchIntent(since: Date) {
  return catalogIncIntent([
    { code: 'mode', value: 'start' },
    { code: 'start_time', value: since.toISOString() },
  ]);
}

/** The search intent of an incremental refresh: what changed from `since` until `until`. */
export function incrementalSearchIntent(since: Date, until: Date) {
  return catalogIncIntent([
    { code: 'start_time', value: since.toISOString() },
    { code: 'end_time', value: until.toISOString() },
  ]);
}
