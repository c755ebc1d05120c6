// Crash-only start (issue 14): before the storefront starts its seller network, the port must
// be free. A network of this same data dir left behind (a hung one, or one from an older
// version that outlived its storefront) is replaced; anything else on the port is a clear error.
import { z } from 'zod';
import { StartRefused } from '#/lib/process/data-dir-owner.server.ts';

const healthSchema = z.object({ status: z.literal('ok'), pid: z.number().int().positive(), dataDir: z.string() });

export type PortCheck = { state: 'free' } | { state: 'stale'; pid: number } | { state: 'taken'; detail: string };

/** Who holds `port` on loopback: nobody, our own stale network, or something else. */
export async function checkNetworkPort(port: number, dataDir: string): Promise<PortCheck> {
  if (port === 0) return { state: 'free' };
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return { state: 'free' };
    return { state: 'taken', detail: `something on port ${port} does not answer like a Kirana seller network (${code ?? String(error)})` };
  }
  const health = healthSchema.safeParse(await response.json().catch(() => null));
  if (!health.success) return { state: 'taken', detail: `port ${port} is held by another program (not a Kirana seller network)` };
  if (health.data.dataDir !== dataDir) {
    return {
      state: 'taken',
      detail: `port ${port} is held by the Kirana seller network of ${health.data.dataDir} (pid ${health.data.pid}), not of ${dataDir}`,
    };
  }
  return { state: 'stale', pid: health.data.pid };
}

/** Stops a stale network (SIGTERM, then SIGKILL after `graceMs`) and waits until its port is free. */
export async function replaceStaleNetwork(port: number, dataDir: string, graceMs = 10_000): Promise<void> {
  const found = await checkNetworkPort(port, dataDir);
  if (found.state === 'free') return;
  if (found.state === 'taken') {
    throw new StartRefused(`Cannot start the seller network: ${found.detail}. Stop that program, or give this storefront another PORT or NETWORK_PORT.`);
  }
  console.warn(`Replacing a stale seller network of this data dir on port ${port} (pid ${found.pid})`);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(found.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while ((await checkNetworkPort(port, dataDir)).state !== 'free') {
    if (Date.now() > deadline) signal('SIGKILL');
    if (Date.now() > deadline + 5_000) throw new Error(`The stale seller network (pid ${found.pid}) on port ${port} did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
