// What the sellers remember across restarts: the stock orders have taken and the orders
// themselves, in $DATA_DIR/network/state.json. Every change marks the state dirty and a write
// follows shortly (several changes, one write); each write goes to a temporary file that is
// then renamed over the old one, so a crash never leaves half a file.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { contextSchema } from '#/ondc/context.ts';
import { issueRecordSchema, type IssueRecord } from './issue-desk.ts';
import { orderRecordSchema, type OrderRecord } from './orders.ts';
import { ratingKey, ratingRecordSchema, type RatingRecord } from './ratings.ts';
import { payoutKey, payoutSchema, type Payout } from './settlement-agency.ts';

const pushSubscriptionSchema = z.object({
  sellerId: z.string(),
  /** the search that asked for pushes: later pushes go out in its transaction */
  search: contextSchema,
  /** real time (ms) the changes have been pushed up to */
  fromMs: z.number(),
  /** network time (ms) of the last push */
  pushedAtNetworkMs: z.number(),
});
type PushSubscription = z.infer<typeof pushSubscriptionSchema>;
/** One subscription per seller, buyer app and domain: a second "start" replaces the first. */
const pushKey = (s: { sellerId: string; search: { bap_id: string; domain: string } }) => `${s.sellerId}|${s.search.bap_id}|${s.search.domain}`;

const stateFileSchema = z.object({
  version: z.literal(1),
  /** the network clock when the file was written (clock.ts notBefore) */
  networkTime: z.iso.datetime().optional(),
  stockTaken: z.record(z.string(), z.number().int().min(0)),
  orders: z.array(orderRecordSchema),
  /**
   * items whose listing changed (sold out, back in stock, corrected), with the real time, for
   * incremental refreshes; `listings`: the item's listing (a key) from each time on, the first
   * one as it was before its first change (time 0); absent in files written before it was kept
   */
  catalogueChanges: z
    .record(z.string(), z.object({ providerId: z.string(), at: z.number(), listings: z.array(z.object({ at: z.number(), listing: z.string() })).optional() }))
    .default({}),
  /** how far the seller has corrected a mislisted item's photo (listing-flaws.ts); absent: not yet */
  photoStages: z.record(z.string(), z.enum(['heic', 'web'])).default({}),
  /** complaints about the sellers' orders (IGM 2.0.0, issue-desk.ts) */
  issues: z.array(issueRecordSchema).default([]),
  /** buyers' ratings of the sellers' orders, one per thing rated (ratings.ts) */
  ratings: z.array(ratingRecordSchema).default([]),
  /** what the settlement agency paid, one per collector and order (settlement-agency.ts) */
  payouts: z.array(payoutSchema).default([]),
  /**
   * the buyer apps each seller pushes its catalogue changes to (catalog_inc mode "start"), kept so
   * a restarted network goes on pushing from where it stopped rather than falling silent
   */
  pushSubscriptions: z.array(pushSubscriptionSchema).default([]),
});

const DEFAULT_DEBOUNCE_MS = 200;
/** The listings kept per item: a refresh asks about the last few seconds, never about dozens of changes ago. */
const LISTINGS_KEPT = 16;

/** An item's listing at `atMs` by its kept listings; undefined when that is older than they go back. */
function listingAt(listings: ReadonlyArray<{ at: number; listing: string }> | undefined, atMs: number): string | undefined {
  return listings?.findLast((l) => l.at <= atMs)?.listing;
}

export type StateStore = {
  /** the network time of the last write before this start, if any */
  savedNetworkTime: Date | null;
  /** units of an item that confirmed orders have taken */
  stockTaken(itemId: string): number;
  takeStock(itemId: string, units: number): void;
  /** units that come back, e.g. from a cancelled order */
  returnStock(itemId: string, units: number): void;
  order(orderId: string): OrderRecord | undefined;
  orders(): IterableIterator<OrderRecord>;
  saveOrder(order: OrderRecord): void;
  issue(issueId: string): IssueRecord | undefined;
  issues(): IterableIterator<IssueRecord>;
  saveIssue(issue: IssueRecord): void;
  /** the rating of one thing of an order (ratings.ts ratingKey) */
  rating(key: string): RatingRecord | undefined;
  saveRating(rating: RatingRecord): void;
  payout(key: string): Payout | undefined;
  payouts(): IterableIterator<Payout>;
  savePayout(payout: Payout): void;
  /** the item's listing changed at `atMs` (real time: what catalog_inc windows are in) from `before` to `after` (keys of the listing) */
  noteCatalogueChange(providerId: string, itemId: string, atMs: number, listing: { before: string; after: string }): void;
  /**
   * the items whose listing at `toMs` differs from their listing at `fromMs`: changed in the
   * window and not changed back within it
   */
  catalogueChangesBetween(fromMs: number, toMs: number): Array<{ providerId: string; itemId: string }>;
  photoStage(itemId: string): 'first' | 'heic' | 'web';
  setPhotoStage(itemId: string, stage: 'heic' | 'web'): void;
  pushSubscriptions(): IterableIterator<PushSubscription>;
  /** adds the subscription, or replaces the one of the same seller, buyer app and domain */
  savePushSubscription(subscription: PushSubscription): void;
  /**
   * records a push made for the subscription, unless a later "start" or a "stop" has replaced it
   * while the push was under way; written to the file only when `persist` (the push sent something)
   */
  notePushed(subscription: PushSubscription, pushed: { fromMs: number; pushedAtNetworkMs: number }, persist: boolean): void;
  /** ends the subscription of this seller, buyer app and domain, if any */
  endPushSubscription(subscription: { sellerId: string; search: { bap_id: string; domain: string } }): void;
  /** writes now, and waits for the write */
  flush(): Promise<void>;
};

export type StateStoreOptions = {
  debounceMs?: number;
  /** the network clock, recorded with each write */
  networkNow?: () => Date;
};

/** Opens the state file (a missing file is a fresh network; a corrupt one is an error). */
export function openStateStore(file: string, options: StateStoreOptions = {}): StateStore {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const loaded: z.infer<typeof stateFileSchema> = existsSync(file)
    ? stateFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    : { version: 1, stockTaken: {}, orders: [], catalogueChanges: {}, photoStages: {}, issues: [], ratings: [], payouts: [], pushSubscriptions: [] };
  const stockTaken = new Map(Object.entries(loaded.stockTaken));
  const orders = new Map(loaded.orders.map((order) => [order.id, order]));
  const catalogueChanges = new Map(Object.entries(loaded.catalogueChanges));
  const photoStages = new Map(Object.entries(loaded.photoStages));
  const issues = new Map(loaded.issues.map((issue) => [issue.id, issue]));
  const ratings = new Map(loaded.ratings.map((rating) => [ratingKey(rating.orderId, rating.category, rating.id), rating]));
  const payouts = new Map(loaded.payouts.map((payout) => [payoutKey(payout.collectorId, payout.orderId), payout]));
  const pushSubscriptions = new Map(loaded.pushSubscriptions.map((subscription) => [pushKey(subscription), subscription]));
  mkdirSync(path.dirname(file), { recursive: true });

  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();

  function write(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    dirty = false;
    const snapshot = JSON.stringify({
      version: 1,
      ...(options.networkNow ? { networkTime: options.networkNow().toISOString() } : {}),
      stockTaken: Object.fromEntries(stockTaken),
      orders: [...orders.values()],
      catalogueChanges: Object.fromEntries(catalogueChanges),
      photoStages: Object.fromEntries(photoStages),
      issues: [...issues.values()],
      ratings: [...ratings.values()],
      payouts: [...payouts.values()],
      pushSubscriptions: [...pushSubscriptions.values()],
    });
    const tmp = `${file}.${process.pid}.tmp`;
    const save = async () => {
      await writeFile(tmp, snapshot);
      await rename(tmp, file);
    };
    // One write at a time, in order; a failed write (already reported) does not stop the next.
    writing = writing.then(save, save);
    return writing;
  }

  function changed() {
    dirty = true;
    timer ??= setTimeout(() => {
      if (dirty) write().catch((error: unknown) => console.error('saving the seller network state failed', error));
    }, debounceMs);
  }

  return {
    savedNetworkTime: loaded.networkTime === undefined ? null : new Date(loaded.networkTime),
    stockTaken: (itemId) => stockTaken.get(itemId) ?? 0,
    takeStock(itemId, units) {
      stockTaken.set(itemId, (stockTaken.get(itemId) ?? 0) + units);
      changed();
    },
    returnStock(itemId, units) {
      const left = (stockTaken.get(itemId) ?? 0) - units;
      if (left > 0) stockTaken.set(itemId, left);
      else stockTaken.delete(itemId);
      changed();
    },
    order: (orderId) => orders.get(orderId),
    orders: () => orders.values(),
    saveOrder(order) {
      orders.set(order.id, order);
      changed();
    },
    issue: (issueId) => issues.get(issueId),
    issues: () => issues.values(),
    saveIssue(issue) {
      issues.set(issue.id, issue);
      changed();
    },
    rating: (key) => ratings.get(key),
    saveRating(rating) {
      ratings.set(ratingKey(rating.orderId, rating.category, rating.id), rating);
      changed();
    },
    payout: (key) => payouts.get(key),
    payouts: () => payouts.values(),
    savePayout(payout) {
      payouts.set(payoutKey(payout.collectorId, payout.orderId), payout);
      changed();
    },
    noteCatalogueChange(providerId, itemId, atMs, listing) {
      const known = catalogueChanges.get(itemId)?.listings ?? [{ at: 0, listing: listing.before }];
      catalogueChanges.set(itemId, { providerId, at: atMs, listings: [...known, { at: atMs, listing: listing.after }].slice(-LISTINGS_KEPT) });
      changed();
    },
    catalogueChangesBetween(fromMs, toMs) {
      return [...catalogueChanges]
        .filter(([, c]) => (c.listings ? c.listings.some((l) => l.at > fromMs && l.at <= toMs) : c.at > fromMs && c.at <= toMs))
        .filter(([, c]) => {
          const then = listingAt(c.listings, fromMs);
          return then === undefined || then !== listingAt(c.listings, toMs);
        })
        .map(([itemId, c]) => ({ providerId: c.providerId, itemId }));
    },
    photoStage: (itemId) => photoStages.get(itemId) ?? 'first',
    setPhotoStage(itemId, stage) {
      photoStages.set(itemId, stage);
      changed();
    },
    pushSubscriptions: () => pushSubscriptions.values(),
    savePushSubscription(subscription) {
      pushSubscriptions.set(pushKey(subscription), subscription);
      changed();
    },
    notePushed(subscription, pushed, persist) {
      const key = pushKey(subscription);
      if (pushSubscriptions.get(key)?.search.message_id !== subscription.search.message_id) return;
      pushSubscriptions.set(key, { ...subscription, ...pushed });
      if (persist) changed();
    },
    endPushSubscription(subscription) {
      if (pushSubscriptions.delete(pushKey(subscription))) changed();
    },
    flush: write,
  };
}
