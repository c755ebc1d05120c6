// npm run ondc:subscribe -- --env staging|preprod|prod|embedded [options]: subscribes this buyer app
// to an ONDC registry (README "ONDC registry onboarding").
//
// staging / preprod / prod: builds the subscribe request from the keys in $DATA_DIR/bap and the
// operator's entity file, keeps the attempt where the running storefront (same DATA_DIR) serves
// /ondc-site-verification.html and answers /on_subscribe, and prints the request and the curl that
// sends it; --send sends it. embedded: starts a storefront with the embedded network on a fresh
// data dir (or uses --url/--network-url), subscribes to the embedded registry, and looks us up.
//
// Options: --entity <file.json> (legal entity, domains, cities; required but for embedded)
//          --registry-key <base64 X25519> (the registry's key, when ONDC has rotated it)
//          --rotate [--valid-from <ISO time>] (make the next key set and subscribe it; it signs from valid-from)
//          --valid-days <n> (key window, 365)  --send  --url <storefront> --network-url <network>
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readConfig } from '#/config.server.ts';
import { createKeyring } from '#/ondc/identity.server.ts';
import { entitySchema, REGISTRY_ENVIRONMENTS, registryEnvSchema, type Entity } from '#/ondc/onboarding.ts';
import { EMBEDDED_ENTITY, prepareSubscribe, sendSubscribe } from '#/ondc/subscribe.server.ts';
import { signRequest } from '#/ondc/signing.ts';
import { freePort } from '../tests/support/ports.ts';
import { startServer } from '../tests/support/server.ts';

const { values } = parseArgs({
  options: {
    env: { type: 'string' },
    entity: { type: 'string' },
    'registry-key': { type: 'string' },
    rotate: { type: 'boolean', default: false },
    'valid-from': { type: 'string' },
    'valid-days': { type: 'string' },
    send: { type: 'boolean', default: false },
    url: { type: 'string' },
    'network-url': { type: 'string' },
  },
});

const options = z
  .object({
    env: registryEnvSchema,
    entity: z.string().optional(),
    'registry-key': z.string().optional(),
    rotate: z.boolean(),
    'valid-from': z.iso.datetime({ offset: true }).optional(),
    'valid-days': z.coerce.number().int().min(1).max(3650).optional(),
    send: z.boolean(),
    url: z.url().optional(),
    'network-url': z.url().optional(),
  })
  .safeParse(values);
if (!options.success) {
  console.error(
    `ondc:subscribe: ${z.prettifyError(options.error)}\nUsage: npm run ondc:subscribe -- --env staging|preprod|prod|embedded [--entity file.json] [--send] [--rotate --valid-from <ISO>]`,
  );
  process.exit(2);
}
const o = options.data;

function readEntity(file: string | undefined): Entity {
  if (!file) {
    if (o.env === 'embedded') return EMBEDDED_ENTITY;
    console.error('ondc:subscribe: --entity <file.json> is required for a real registry (README "ONDC registry onboarding" lists its fields)');
    process.exit(2);
  }
  const parsed = entitySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    console.error(`ondc:subscribe: ${file}: ${z.prettifyError(parsed.error)}`);
    process.exit(2);
  }
  return parsed.data;
}

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const rotate = o.rotate ? { validFrom: new Date(o['valid-from'] ?? Date.now() + 60 * 60_000) } : undefined;
const entity = readEntity(o.entity);

if (o.env !== 'embedded') {
  const registry = REGISTRY_ENVIRONMENTS[o.env];
  if ('retired' in registry) console.warn(`Warning: ${registry.retired}.`);
  const config = readConfig(process.env);
  // ONDC reaches us at https://<subscriber_id>; our endpoints sit under the path of BAP_URI.
  const subscriberUrl = config.bapUri ? new URL(config.bapUri).pathname : '/bap';
  const prepared = prepareSubscribe({
    bapDir: path.join(config.dataDir, 'bap'),
    subscriberId: config.bapId,
    subscriberUrl,
    env: o.env,
    registryEncryptionPublicKey: o['registry-key'] ?? registry.encryptionPublicKey,
    entity,
    ...(o['valid-days'] ? { validDays: o['valid-days'] } : {}),
    ...(rotate ? { rotate } : {}),
  });
  const body = JSON.stringify(prepared.request);
  console.log(
    `Subscribe request (${o.env}, ops_no ${prepared.request.context.operation.ops_no}, key ${prepared.keys.uniqueKeyId}${rotate ? `, in force from ${rotate.validFrom.toISOString()}` : ''}):`,
  );
  console.log(JSON.stringify(prepared.request, null, 2));
  console.log(
    `\nThe storefront on DATA_DIR=${config.dataDir} must answer at https://${config.bapId}/ondc-site-verification.html and https://${config.bapId}/on_subscribe while the registry checks.`,
  );
  console.log(`\ncurl -sS -X POST ${registry.subscribeUrl} -H 'Content-Type: application/json' --data ${shellQuote(body)}`);
  const lookup = JSON.stringify({ subscriber_id: config.bapId, ukId: prepared.keys.uniqueKeyId });
  const authorization = signRequest({
    body: lookup,
    subscriberId: config.bapId,
    uniqueKeyId: prepared.keys.uniqueKeyId,
    privateKey: prepared.keys.signing.privateKey,
    ttlSeconds: 3600,
  });
  console.log(
    `\nAfterwards, look us up (signature valid one hour):\ncurl -sS -X POST ${registry.lookupUrl} -H 'Content-Type: application/json' -H ${shellQuote(`Authorization: ${authorization}`)} --data ${shellQuote(lookup)}`,
  );
  if (o.send) {
    const sent = await sendSubscribe(registry.subscribeUrl, prepared.request).catch((error: unknown) => {
      console.error(`\n${registry.subscribeUrl} unreachable: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
    console.log(`\n${registry.subscribeUrl} → HTTP ${sent.status}\n${JSON.stringify(sent.reply, null, 2)}`);
    const acked = typeof sent.reply === 'object' && sent.reply.message.ack.status === 'ACK';
    process.exit(acked ? 0 : 1);
  }
  console.log('\nNot sent: add --send to send it.');
  process.exit(0);
}

// embedded: the whole flow on this machine.
let dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : '';
let storefrontUrl = o.url;
let networkUrl = o['network-url'];
let stop = async () => {};
if (!storefrontUrl || !networkUrl) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-subscribe-'));
  const networkPort = await freePort();
  console.log(`Starting a storefront and the embedded network on a fresh data dir (${dataDir})…`);
  // The smallest catalogue: the storefront says it is up once it has learned it, and a subscribe needs none.
  let spawned = 0;
  const server = await startServer(
    { NETWORK_PORT: String(networkPort), LOG_LEVEL: 'silent', CATALOGUE_SCALE: '1' },
    { dataDir, timeoutMs: 300_000, onSpawn: (pid) => (spawned = pid) },
  ).catch((error: unknown) => {
    // A storefront that did not come up in time is not left running.
    if (spawned) process.kill(spawned, 'SIGTERM');
    throw error;
  });
  storefrontUrl = server.url;
  networkUrl = `http://127.0.0.1:${networkPort}`;
  stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
} else if (!dataDir) {
  console.error("ondc:subscribe: with --url, set DATA_DIR to the storefront's data dir");
  process.exit(2);
}

try {
  const config = readConfig({ ...process.env, DATA_DIR: dataDir });
  const port = new URL(storefrontUrl).port;
  // On loopback the subscriber id names no port, so the registry is given the whole callback address.
  const subscriberUrl = config.bapUri ?? `http://${config.bapId}:${port}/bap`;
  const registryKey = z
    .object({ encryption_public_key: z.string() })
    .parse(await (await fetch(`${networkUrl}/registry/encryption-public-key`)).json()).encryption_public_key;
  const bapDir = path.join(dataDir, 'bap');
  const prepared = prepareSubscribe({
    bapDir,
    subscriberId: config.bapId,
    subscriberUrl,
    env: 'embedded',
    registryEncryptionPublicKey: o['registry-key'] ?? registryKey,
    entity,
    ...(o['valid-days'] ? { validDays: o['valid-days'] } : {}),
    ...(rotate ? { rotate } : {}),
  });
  console.log(`Subscribe request (embedded registry ${networkUrl}, ops_no ${prepared.request.context.operation.ops_no}, key ${prepared.keys.uniqueKeyId}):`);
  console.log(JSON.stringify(prepared.request, null, 2));
  const page = await (await fetch(`${storefrontUrl}/ondc-site-verification.html`)).text();
  console.log(`\nGET ${storefrontUrl}/ondc-site-verification.html:\n${page.trim()}`);

  const sent = await sendSubscribe(`${networkUrl}/registry/subscribe`, prepared.request);
  console.log(`\nPOST ${networkUrl}/registry/subscribe → HTTP ${sent.status} ${JSON.stringify(sent.reply)}`);
  const acked = typeof sent.reply === 'object' && sent.reply.message.ack.status === 'ACK';
  if (acked) console.log('Challenge answered, site verified: subscribed.');

  const signer = createKeyring(bapDir, config.bapId).signingAt(Date.now());
  const lookup = JSON.stringify({ subscriber_id: config.bapId });
  const answer = await fetch(`${networkUrl}/registry/v2.0/lookup`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: signRequest({ body: lookup, subscriberId: config.bapId, uniqueKeyId: signer.uniqueKeyId, privateKey: signer.signing.privateKey }),
    },
    body: lookup,
  });
  const entries = (await answer.json()) as unknown;
  console.log(
    `\nPOST ${networkUrl}/registry/v2.0/lookup ${lookup} (signed with ${signer.uniqueKeyId}) → HTTP ${answer.status}\n${JSON.stringify(entries, null, 2)}`,
  );
  const listed =
    Array.isArray(entries) &&
    entries.some(
      (e: { ukId?: string; encr_public_key?: string }) => e.ukId === prepared.keys.uniqueKeyId && e.encr_public_key === prepared.keys.encryption.publicKey,
    );
  console.log(listed ? `Looked up: ${config.bapId} is listed with key ${prepared.keys.uniqueKeyId}.` : `Not listed with key ${prepared.keys.uniqueKeyId}.`);
  process.exitCode = acked && listed ? 0 : 1;
} finally {
  await stop();
}
