// npm run ondc:flows: drives the storefront and the embedded sellers through the ONDC retail flows
// ONDC's log validator checks, with the protocol log on and the sellers' clock fast, then checks
// the log (scripts/ondc-validate.ts, VALIDATOR_URL). Flows: 2 (a grocery order to delivery) and
// 4 (a buyer cancel). The log is kept in ./data/ondc-flows/<time>/ for a second look.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { placeOrder, type Client } from '../tests/support/checkout.ts';
import { shopper } from '../tests/support/http.ts';
import { startServer } from '../tests/support/server.ts';

const server = await startServer({ NETWORK_CLOCK_SPEED: '300', ONDC_LOG: '1', LOG_LEVEL: 'silent' });
const out = path.resolve('data', 'ondc-flows', new Date().toISOString().replace(/[:.]/g, '-'));

async function statusOf(client: Client, orderId: string): Promise<string> {
  const detail = (await (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json()) as { status: string };
  return detail.status;
}

async function until(client: Client, orderId: string, wanted: string, seconds: number) {
  for (let i = 0; i < seconds * 2; i++) {
    if ((await statusOf(client, orderId)) === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`order ${orderId} did not reach ${wanted} within ${seconds} s`);
}

try {
  const buyer = shopper(server.url);
  await buyer.get('/');
  const delivered = await placeOrder(buyer, 'upi');
  console.log(`flow 2: order ${delivered.orderId} placed`);
  await until(buyer, delivered.orderId, 'delivered', 90);
  console.log('flow 2: delivered');

  const canceller = shopper(server.url);
  await canceller.get('/');
  const cancelled = await placeOrder(canceller, 'upi');
  // 010 (wrong address) is a buyer reason in SPEC §8 and in ONDC's validator alike.
  await canceller.post('/ondc/order/update', { type: 'cancel', order_id: cancelled.orderId, reason_id: '010' });
  await until(canceller, cancelled.orderId, 'cancelled', 30);
  console.log(`flow 4: order ${cancelled.orderId} cancelled`);
  // Pushed callbacks still on their way are part of the flows.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  mkdirSync(out, { recursive: true });
  cpSync(path.join(server.dataDir, 'ondc-log'), out, { recursive: true });
} finally {
  await server.stop();
}
console.log(`protocol log: ${out}\n`);
const checked = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.resolve('scripts/ondc-validate.ts'), out], { stdio: 'inherit' });
process.exitCode = checked.status ?? 1;
