// The storefront's place on the network, set once by src/serve.ts and read by request handlers.
// Like the database, it lives on a process-wide symbol so the Vite-built server bundle and the
// Node-run entry share one instance.
import { createOndcClient, type OndcClient } from './client.ts';
import type { CoreVersion } from './context.ts';
import type { SigningIdentity } from './identity.server.ts';
import { logClientEntry, type ProtocolLogger } from './protocol-log.server.ts';
import type { Registry } from './registry.ts';

export interface BuyerApp {
  identity: SigningIdentity;
  /** Where sellers send callbacks: `<storefront>/bap`. */
  bapUri: string;
  /** Our GST number, stated to sellers in confirm's bap_terms. */
  taxNumber: string;
  /** The gateway that fans a search out to sellers. */
  gatewayUrl: string;
  /** The core version of the storefront's catalogue searches (ONDC_SEARCH_CORE_VERSION); 1.2.0 unless set. */
  searchCoreVersion?: CoreVersion;
  registry: Registry;
  /** The embedded seller network's address, when we run it (for health checks). */
  embeddedNetworkUrl: string | null;
  client: OndcClient;
  log: ProtocolLogger | undefined;
}

/** The key to sign with at `now` (ms): after a rotation, the new one from its valid_from. */
export type SigningKeyAt = (now: number) => { uniqueKeyId: string; privateKey: string };

export function createBuyerApp(options: Omit<BuyerApp, 'client'> & { signingKeyAt?: SigningKeyAt }): BuyerApp {
  const { signingKeyAt, ...app } = options;
  const log = app.log;
  const clients = new Map<string, OndcClient>();
  const clientFor = (key: { uniqueKeyId: string; privateKey: string }) => {
    let client = clients.get(key.uniqueKeyId);
    if (!client) {
      client = createOndcClient({
        subscriberId: app.identity.subscriberId,
        uniqueKeyId: key.uniqueKeyId,
        privateKey: key.privateKey,
        ...(log ? { log: (entry) => logClientEntry(log, app.identity.subscriberId, entry) } : {}),
      });
      clients.set(key.uniqueKeyId, client);
    }
    return client;
  };
  const first = { uniqueKeyId: app.identity.uniqueKeyId, privateKey: app.identity.privateKey };
  return {
    ...app,
    // Each message is signed with the key in force when it leaves, so a rotation needs no restart.
    client: { post: (url, action, body) => clientFor(signingKeyAt ? signingKeyAt(Date.now()) : first).post(url, action, body) },
  };
}

const BUYER_APP = Symbol.for('kirana.buyer-app');
const JOINING = Symbol.for('kirana.network-joining');
type Holder = { [BUYER_APP]?: BuyerApp; [JOINING]?: boolean };

/**
 * From the moment the storefront listens until it has joined the network (its identity
 * registered, the embedded sellers started and its buyer app set), health checks say so.
 */
export function setJoiningNetwork(joining: boolean) {
  (globalThis as Holder)[JOINING] = joining;
}

export function isJoiningNetwork(): boolean {
  return (globalThis as Holder)[JOINING] ?? false;
}

export function setBuyerApp(app: BuyerApp) {
  (globalThis as Holder)[BUYER_APP] = app;
}

/** The buyer app, or null when this process runs without a network (SELLER_NETWORK=off). */
export function findBuyerApp(): BuyerApp | null {
  return (globalThis as Holder)[BUYER_APP] ?? null;
}

export function getBuyerApp(): BuyerApp {
  const app = findBuyerApp();
  if (!app) throw new Error('The buyer app is not configured: start the storefront with `npm start`');
  return app;
}
