// The process `npm start` runs: builds the storefront when the build is missing or stale, opens the
// database (migrating it), then serves static files and the Astro app on PORT/HOST.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readConfig, type ServerConfig } from '#/config.server.ts';
import { openDatabase, setDatabase, type Database } from '#/db/client.ts';
import { keepFirstMeta } from '#/db/meta.server.ts';
import {
  forgetLearnedCatalogue,
  fullRefreshUnfinished,
  learnedCatalogue,
  markCatalogueLearned,
  refreshCatalogueChangesSince,
  refreshCatalogues,
  refreshFullCatalogues,
  waitForCatalogueToSettle,
} from '#/features/catalogue/refresh.server.ts';
import { catalogueSource, keepsLearnedCatalogue, refreshTickMs } from '#/features/catalogue/refresh.ts';
import { followCatalogueChanges } from '#/features/catalogue/cache.server.ts';
import { redoDedupeFor } from '#/features/catalogue/ingest.server.ts';
import { countRequestsWith, stopCatalogueIngestion, wakeCatalogueIngestion } from '#/features/catalogue/ingest-queue.server.ts';
import { holdLease, takeLease, takeOverLease } from '#/db/lease.server.ts';
import { dropUntrustedForwarding } from '#/lib/http/trust-proxy.server.ts';
import { describeAppAuth, readAppAuth } from '#/features/platform/app-auth.server.ts';
import { startShopperLimitPruning } from '#/features/platform/identity.server.ts';
import { describePhoneSignIn, readPhoneSignIn } from '#/features/sign-in/settings.server.ts';
import { createStaticHandler } from '#/lib/http/static-files.server.ts';
import { readBodyWithinLimit } from '#/lib/http/body.server.ts';
import { createKeepAliveServer } from '#/lib/http/keep-alive.ts';
import { flushAnalytics, loadAnalyticsSalt, startAnalyticsRetention } from '#/features/analytics/store.server.ts';
import { finishCheckouts } from '#/features/payment/resume.server.ts';
import { placeOrder } from '#/features/payment/confirm.server.ts';
import { settleWithSellers, settlementAgencyOf } from '#/features/settlement/settlement.server.ts';
import { resendRatings } from '#/features/orders/ratings.server.ts';
import { usePaymentGateway, whenPaymentSettles } from '#/features/payment/payment.server.ts';
import { loadPaymentGateway } from '#/features/payment/gateway.server.ts';
import { loadWebhookSecret, useWebhook } from '#/features/payment/notices.server.ts';
import { WEBHOOK_PATH } from '#/features/payment/webhook.ts';
import { replaceStaleNetwork } from '#/network/stale.server.ts';
import { createNetworkClock } from '#/network/clock.ts';
import { readStoreHoursOn } from '#/features/catalogue/store-clock.ts';
import { claimDataDir, StartRefused } from '#/lib/process/data-dir-owner.server.ts';
import { startChild } from '#/lib/process/child.server.ts';
import { ensureBuilt, NODE_BUNDLES } from '#/lib/process/build.server.ts';
import { releaseAfterBursts, releaseFreedMemory } from '#/lib/process/memory.server.ts';
import { START_ENV, NETWORK_NODE_FLAGS } from '#/lib/process/node-flags.ts';
import { findProjectRoot } from '#/lib/process/project-root.ts';
import { runPeriodically } from '#/lib/process/periodic.server.ts';
import { createKeyring, loadOrCreateKeys, upsertParticipantKeys } from '#/ondc/identity.server.ts';
import { createProtocolLogger } from '#/ondc/protocol-log.server.ts';
import { createFileRegistry, createRemoteRegistry } from '#/ondc/registry.ts';
import { signRequest } from '#/ondc/signing.ts';
import type { SendResult } from '#/ondc/bap.server.ts';
import { createBuyerApp, setBuyerApp, setJoiningNetwork, type BuyerApp } from '#/ondc/runtime.server.ts';

const root = findProjectRoot();
const entry = path.join(root, 'dist/server/entry.mjs');

/**
 * How often checkouts under way are looked at (issue 23): a paid payment without an order, a dead
 * process's claims, a pending collect, an unsent refund are found by the next sweep (the first
 * runs at start); an unanswered confirm is asked after once it is 30 s old.
 */
const RESUME_EVERY_MS = 5_000;
/** RSF 2.0 (issue 26): the first recon after a start, once what a stopped process left is settled. */
const FIRST_RECON_MS = 60_000;

/**
 * How long no request may be under way before what a burst of them took goes back to the system
 * (issue 14: under load the heap grows by 100+ MB, which V8 otherwise keeps 10–20 s or more).
 */
const QUIET_BEFORE_RELEASE_MS = 2_000;

/** How long SIGTERM lets requests under way finish. */
const DRAIN_MS = 10_000;

const REFRESH_LEASE = 'catalogue-refresh';
/** With periodic refresh off, how long the start-up search keeps other processes from repeating it. */
const FIRST_LEARN_LEASE_MS = 10 * 60_000;
/** This process among the storefront's processes (leases name their holder). */
const holder = `${hostname()}:${process.pid}`;

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void>;

export async function startStorefront(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  // Created once, before any page is served, with the start and speed the sellers' own is given
  // (theirs starts the few seconds later their process does: store hours run that much ahead).
  if (config.storeHoursClock) readStoreHoursOn(createNetworkClock(config.storeHoursClock).now);
  // Issue 24: a shop that would take forged sign-ins (the public test secret) stops here.
  // Issue 29: so does one that would send phone sign-in codes to the simulator where others can reach it.
  const [appAuth, phoneSignIn] = (() => {
    try {
      return [readAppAuth(env), readPhoneSignIn(env)] as const;
    } catch (error) {
      throw new StartRefused((error as Error).message);
    }
  })();
  ensureBuilt();
  // Extra processes of a scale-out share DATA_DIR on PostgreSQL with no network of their own.
  const claim = config.databaseUrl.startsWith('file://') || config.sellerNetwork !== 'off' ? await claimDataDir(config.dataDir) : null;
  const database = await openDatabase({
    url: config.databaseUrl,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    ...(config.pgliteTemplate ? { template: config.pgliteTemplate } : {}),
  });
  setDatabase(database);
  // Catalogue answers another process ingested drop this process's cached ones too.
  await followCatalogueChanges(database);
  await keepFirstMeta(database, 'first_started_at', () => new Date().toISOString());
  await loadAnalyticsSalt(database, config.dataDir);
  const webhookSecret = await loadWebhookSecret(database, env);
  useWebhook({ secret: webhookSecret, url: null });
  usePaymentGateway(await loadPaymentGateway(config.paymentGateway, config.upiPayee, () => database), config.upiIntentMs);

  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const serveStatic = createStaticHandler(path.join(root, 'dist/client'));
  const requests = releaseAfterBursts(QUIET_BEFORE_RELEASE_MS);
  countRequestsWith(requests.inFlight);
  const server = createKeepAliveServer((req, res) => {
    requests.begin();
    res.once('close', requests.end);
    dropUntrustedForwarding(req, config.trustProxy);
    if (serveStatic(req, res)) return;
    void readBodyWithinLimit(req, res).then((read) => (read ? handler(req, res) : undefined));
  });
  setJoiningNetwork(true);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartRefused(
              `Port ${config.port} on ${config.host} is in use by another program (\`ss -ltnp 'sport = :${config.port}'\` shows which). Stop it, or start with another PORT.`,
            )
          : error,
      ),
    );
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  claim?.announce(`http://${config.host}:${port}`);
  // The embedded gateway tells us of settled payments as a real one would: signed, over HTTP.
  useWebhook({ secret: webhookSecret, url: `http://${config.host}:${port}${WEBHOOK_PATH}` });

  // The seller network starts after we listen: its first callbacks must find us.
  const network = await joinNetwork(config, port, env);
  const app = network.app;
  if (app) setBuyerApp(app);
  if (app) {
    await redoDedupeFor(database, process.env.PREFERRED_SELLER_ID);
    // Pages a stopped process kept but had not applied yet go first (an ingestion half done).
    wakeCatalogueIngestion(database, app);
  }
  setJoiningNetwork(false);
  // A settled payment's confirm is sent by the server, not by the shopper's page (issue 23): at
  // once when the gateway tells us, and by the sweep, which also finishes what a stopped process
  // left half done, once: at start (the shopper may be waiting), then every few seconds.
  if (app) whenPaymentSettles((paymentId) => void placeOrder(database, app, paymentId).catch((e: unknown) => console.error('placing an order failed', e)));
  const stopResuming = app ? runPeriodically('finishing checkouts', () => finishCheckouts(database, app), { firstMs: 0, everyMs: RESUME_EVERY_MS }) : undefined;
  // A shopper's rating a stopped process wrote but did not send (or could not deliver) goes again,
  // as it was (features/orders/ratings.server.ts).
  const stopRatings = app ? runPeriodically('sending ratings', () => resendRatings(database, app), { firstMs: 0, everyMs: RESUME_EVERY_MS }) : undefined;
  // Each seller gets the recon of its settled prepaid orders, and the orders it agreed to are
  // settled through the settlement agency; a recon or settle a stopped process left unsent goes
  // first, as it was (features/settlement).
  const reconEvery = config.settlementReconMs;
  const agency = app ? settlementAgencyOf(app, config.settlementAgency) : null;
  const stopRecons =
    app && reconEvery > 0
      ? runPeriodically('settlement', () => settleWithSellers(database, app, agency), { firstMs: Math.min(FIRST_RECON_MS, reconEvery), everyMs: reconEvery })
      : undefined;
  // One process at a time looks at the catalogue refresh (issue 14 scale-out): whoever takes the
  // lease for a tick decides, from the refresh times in the database, whether one is due. The
  // process that starts the embedded sellers always learns their catalogues; others only when
  // nobody holds the lease.
  const every = { fullMs: config.catalogueRefreshMs, incMs: config.catalogueIncRefreshMs, push: config.catalogueIncPush };
  const tickMs = refreshTickMs(every);
  const leaseMs = tickMs || FIRST_LEARN_LEASE_MS;
  if (app && network.embedded) await holdLease(database, REFRESH_LEASE, holder, leaseMs);
  // A full refresh a killed process left half sent is finished by the next one to start.
  const learn =
    network.embedded ||
    (await takeLease(database, REFRESH_LEASE, holder, leaseMs)) ||
    ((await fullRefreshUnfinished(database)) && (await takeOverLease(database, REFRESH_LEASE, holder, leaseMs)));
  if (app && learn) await learnCatalogues(database, app, { resume: !network.embedded, source: sourceOfCatalogue(config, env, app), every });
  const refreshIfDue = async () => {
    // A little shorter than the tick, so the holder's own next tick finds it free again.
    if (app && (await takeLease(database, REFRESH_LEASE, holder, tickMs * 0.9))) await refreshCatalogues(database, app, every);
  };
  const stopRefreshing = app && tickMs > 0 ? runPeriodically('catalogue refresh', refreshIfDue, { firstMs: tickMs, everyMs: tickMs }) : undefined;
  const stopRetention = startAnalyticsRetention(database, config.analyticsRetentionDays);
  const stopLimitPruning = startShopperLimitPruning(database);
  console.log(describeAppAuth(appAuth));
  console.log(describePhoneSignIn(phoneSignIn));
  console.log(`Kirana storefront on http://${config.host}:${port} (database: ${database.kind})`);

  const stop = async () => {
    stopRefreshing?.();
    stopResuming?.();
    stopRatings?.();
    stopRecons?.();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests under way (a long poll holds at most 1 s) finish; whatever is left after the
    // drain time is cut, so a stuck client cannot hold the shutdown.
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    cut.unref();
    await closed;
    clearTimeout(cut);
    await stopCatalogueIngestion();
    stopRetention();
    stopLimitPruning();
    await flushAnalytics();
    await network.stop();
    await database.close();
    await claim?.release();
  };
  return { server, port, stop };
}

/**
 * Our identity on the network (keys kept under DATA_DIR), the registry we verify sellers with,
 * and, by default, the embedded seller network as a child process with keys of its own.
 */
async function joinNetwork(
  config: ServerConfig,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ app: BuyerApp | null; embedded: boolean; stop: () => Promise<void> }> {
  const identity = loadOrCreateKeys(path.join(config.dataDir, 'bap', 'keys.json'), config.bapId);
  // The encryption key registry onboarding needs is made beside the signing key at first start;
  // keys a rotation adds are signed with from their valid_from (README "ONDC registry onboarding").
  const keyring = createKeyring(path.join(config.dataDir, 'bap'), config.bapId);
  keyring.sets();
  const signingKeyAt = (now: number) => {
    const set = keyring.signingAt(now);
    return { uniqueKeyId: set.uniqueKeyId, privateKey: set.signing.privateKey };
  };
  // On loopback our callback address is named under .localhost (RFC 6761), with the subscriber
  // id in it, as ONDC's validator requires of a subscriber URL; sellers connect to it on loopback.
  const bapUri = config.bapUri ?? `http://${config.bapId.endsWith('.localhost') ? config.bapId : 'localhost'}:${port}/bap`;
  const registry = config.registryUrl
    ? createRemoteRegistry(config.registryUrl, {
        // ONDC's /v2.0/lookup wants the lookup signed by a subscribed participant.
        authorize: (body) => signRequest({ body, subscriberId: identity.subscriberId, ...signingKeyAt(Date.now()) }),
        onStale: (subscriberId) => console.warn(`registry lookup for ${subscriberId} failed; using its last answer`),
      })
    : createFileRegistry(config.registryFile);
  if (!config.registryUrl) {
    // Updated in place, so what a subscribe to the embedded registry added (validity, encryption key, a rotated key) stays.
    upsertParticipantKeys(config.registryFile, [
      {
        subscriber_id: identity.subscriberId,
        unique_key_id: identity.uniqueKeyId,
        signing_public_key: identity.publicKey,
        type: 'BAP',
        subscriber_url: bapUri,
      },
    ]);
  }
  const log = createProtocolLogger(config.dataDir);

  if (config.sellerNetwork === 'off') {
    if (!config.gatewayUrl) return { app: null, embedded: false, stop: async () => {} };
    return {
      app: createBuyerApp({
        identity,
        signingKeyAt,
        bapUri,
        taxNumber: config.taxNumber,
        gatewayUrl: config.gatewayUrl,
        searchCoreVersion: config.searchCoreVersion,
        registry,
        log,
        embeddedNetworkUrl: null,
      }),
      embedded: false,
      stop: async () => {},
    };
  }
  await replaceStaleNetwork(config.networkPort, config.dataDir);
  const network = await startChild({
    // The network runs from its bundle, as the storefront does: Node's TypeScript stripping would
    // keep its WebAssembly compiler in memory for the life of the process (issue 14).
    script: path.join(root, NODE_BUNDLES.network),
    flags: NETWORK_NODE_FLAGS,
    env: {
      ...env,
      ...START_ENV,
      NETWORK_PORT: String(config.networkPort),
      NETWORK_HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      REGISTRY_FILE: config.registryFile,
    },
    ready: /Kirana seller network on (http:\/\/\S+)/,
    prefix: '[network]',
    timeoutMs: 120_000,
  });
  const networkUrl = network.match[1] ?? '';
  const app = createBuyerApp({
    identity,
    signingKeyAt,
    bapUri,
    taxNumber: config.taxNumber,
    gatewayUrl: config.gatewayUrl ?? `${networkUrl}/gateway`,
    searchCoreVersion: config.searchCoreVersion,
    registry,
    log,
    embeddedNetworkUrl: networkUrl,
  });
  return { app, embedded: true, stop: network.stop };
}

/** The catalogue's source at this start (catalogueSource): the bundles' digests and the settings. */
function sourceOfCatalogue(config: ServerConfig, env: NodeJS.ProcessEnv, app: BuyerApp): string {
  const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  const sellers = app.embeddedNetworkUrl
    ? { embedded: true as const, url: app.embeddedNetworkUrl, build: digest(path.join(root, NODE_BUNDLES.network)) }
    : { embedded: false as const, gatewayUrl: config.gatewayUrl ?? '' };
  return catalogueSource(sellers, digest(fileURLToPath(import.meta.url)), env);
}

/**
 * The start's catalogue: kept when the last start learned it from the same sources minutes ago,
 * with what sellers changed since asked for (a restart after kill -9 serves its full shelves in a
 * second); learned in full otherwise.
 */
async function learnCatalogues(database: Database, app: BuyerApp, options: { resume: boolean; source: string; every: { fullMs: number; incMs: number } }) {
  const started = Date.now();
  const learned = await learnedCatalogue(database);
  const keep = learned && keepsLearnedCatalogue(new Date(), learned, options.source, await fullRefreshUnfinished(database), options.every);
  if (keep) {
    warnOfRefusals(await refreshCatalogueChangesSince(database, app, learned.at));
    const counts = await waitForCatalogueToSettle(database, { quietMs: 500, limitMs: 120_000 });
    console.log(
      `Catalogue kept from ${learned.at.toISOString()}: ${counts.sellers} sellers, ${counts.providers} providers, ${counts.items} items (changes since asked for in ${secondsSince(started)} s)`,
    );
    return;
  }
  await forgetLearnedCatalogue(database);
  const refused = warnOfRefusals(await refreshFullCatalogues(database, app, options.resume));
  const counts = await waitForCatalogueToSettle(database, { quietMs: 1500, limitMs: 120_000 });
  // A learn some seller refused, or that had not settled in the time allowed, is not kept: the
  // next start asks everyone again.
  if (refused === 0 && counts.pagesWaiting === 0) await markCatalogueLearned(database, options.source);
  releaseFreedMemory();
  console.log(`Catalogue: ${counts.sellers} sellers, ${counts.providers} providers, ${counts.items} items (ingested in ${secondsSince(started)} s)`);
}

function warnOfRefusals(sent: SendResult[]): number {
  const refused = sent.filter((s) => s.ack !== 'ACK');
  if (refused.length > 0) console.warn(`${refused.length} catalogue searches were not acknowledged: ${refused[0]?.error?.message ?? ''}`);
  return refused.length;
}

const secondsSince = (started: number) => ((Date.now() - started) / 1000).toFixed(1);

if (import.meta.main) {
  const { stop } = await startStorefront().catch((error: unknown) => {
    if (!(error instanceof StartRefused)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // PGlite writes its files on close: stopping without it can lose the last writes.
      void stop().then(() => process.exit(0));
    });
  }
}
