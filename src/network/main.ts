// The embedded seller network as its own process: `node src/network/main.ts`. The storefront
// starts it beside itself (DESIGN §1) and waits for the line printed once it listens; tests
// start it in-process with startSellerNetwork.
import path from 'node:path';
import { z } from 'zod';
import { coreVersionSchema } from '#/ondc/context.ts';
import { parseCatalogueScale } from './catalogue/generate.ts';
import { startSellerNetwork, type SellerNetworkOptions } from './server.ts';

export { startSellerNetwork };

const envSchema = z.object({
  NETWORK_PORT: z.coerce.number().int().min(0).max(65535).default(5321),
  NETWORK_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  REGISTRY_FILE: z.string().min(1).optional(),
  CATALOGUE_SCALE: z.string().optional(),
  CATALOGUE_SEED: z.coerce.number().int().optional(),
  NETWORK_CLOCK_SPEED: z.coerce.number().positive().default(1),
  NETWORK_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  ONDC_LOG: z.string().optional(),
  NETWORK_CORE_VERSION: coreVersionSchema.default('1.2.0'),
});

/** The network's settings from the environment; empty variables count as unset. */
function networkOptionsFromEnv(env: NodeJS.ProcessEnv): SellerNetworkOptions {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) throw new Error(`Invalid seller network configuration: ${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const scale = parseCatalogueScale(e.CATALOGUE_SCALE);
  return {
    port: e.NETWORK_PORT,
    host: e.NETWORK_HOST,
    dataDir,
    registryFile: path.resolve(e.REGISTRY_FILE ?? path.join(dataDir, 'registry.json')),
    ...(scale === undefined ? {} : { scale }),
    ...(e.CATALOGUE_SEED === undefined ? {} : { seed: e.CATALOGUE_SEED }),
    clockSpeed: e.NETWORK_CLOCK_SPEED,
    ...(e.NETWORK_CLOCK_START === undefined ? {} : { clockStart: new Date(e.NETWORK_CLOCK_START) }),
    ondcLog: e.ONDC_LOG === '1',
    coreVersion: e.NETWORK_CORE_VERSION,
  };
}

if (import.meta.main) {
  const network = await startSellerNetwork(networkOptionsFromEnv(process.env));
  const { sellers, providers, items } = network.counts;
  console.log(`Kirana seller network on ${network.url} (${sellers} sellers, ${providers} providers, ${items} items)`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Stock and orders are written on the way out, so nothing of the last second is lost.
    void network.stop().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  // Started by the storefront: when it goes, however it goes (kill -9 too), its channel closes
  // and the network goes with it rather than holding the port as an orphan. Its output pipes
  // are gone then, so writing to them must not be what stops us.
  if (process.send) {
    process.on('disconnect', () => {
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
      stop();
    });
  }
}
