import { getDatabase } from '#/db/client.ts';
import { catalogueCounts } from '#/features/catalogue/catalogue.server.ts';
import { findBuyerApp, isJoiningNetwork } from '#/ondc/runtime.server.ts';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { ok: boolean; kind?: string; error?: string };
  /** `joining` from start until the storefront has joined the network: not ready for shoppers. */
  network: { ok: boolean; embedded: boolean; joining?: true; error?: string };
  catalogue?: { sellers: number; providers: number; items: number; pagesWaiting: number; dedupeWaiting: number };
}

/** What an operator's probe needs: can this process reach its database and its sellers right now? */
export async function checkHealth(): Promise<HealthReport> {
  let database: HealthReport['database'];
  let catalogue: HealthReport['catalogue'];
  try {
    const db = getDatabase();
    await db.query('SELECT 1');
    database = { ok: true, kind: db.kind };
    catalogue = await catalogueCounts(db);
  } catch (error) {
    database = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const network = await checkNetwork();
  return { status: database.ok && network.ok ? 'ok' : 'degraded', database, network, ...(catalogue ? { catalogue } : {}) };
}

async function checkNetwork(): Promise<HealthReport['network']> {
  // Without a buyer app yet this process cannot reach a seller: not "ok, no network".
  if (isJoiningNetwork()) return { ok: false, embedded: false, joining: true, error: 'joining the network' };
  const url = findBuyerApp()?.embeddedNetworkUrl;
  if (!url) return { ok: true, embedded: false };
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? { ok: true, embedded: true } : { ok: false, embedded: true, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, embedded: true, error: error instanceof Error ? error.message : String(error) };
  }
}
