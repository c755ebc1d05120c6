// Issue 26, settlement (RSF 2.0.0): many prepaid orders with the all-day store, some delivered,
// some cancelled by the shopper, one item returned, one refunded on a complaint; the ledger balances to the paisa for
// every seller; the recon goes to the seller once, the embedded seller works out its own figures
// and agrees; an on_recon that is not the seller's to send, or not well formed, is NACKed. Then
// the storefront stops, a refund the seller never heard of is written, and a recon is left
// claimed by a process that died before sending it (what kill -9 mid-recon leaves): the next
// storefront sends that very recon, and the seller disagrees, stating its own figures.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#/db/client.ts';
import { PREPAID_WITHHOLDING } from '#/network/order-messages.ts';
import { sendRecons } from '#/features/settlement/settlement.server.ts';
import { loadOrCreateKeys } from '#/ondc/identity.server.ts';
import { signRequest } from '#/ondc/signing.ts';
import { formatRupees, rupeesToPaise } from '#/lib/money.ts';
import type { BuyerApp } from '#/ondc/runtime.server.ts';
import { placeOrder, plentifulItems, refundsSettled, store, type Client } from '../support/checkout.ts';
import { shopper, until } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { startServer, type StartedServer } from '../support/server.ts';

const TOKEN = 'settlement-operator-token';
const ops = { authorization: `Bearer ${TOKEN}` };
let server: StartedServer;
let env: Record<string, string>;
const started: StartedServer[] = [];

beforeAll(async () => {
  // A file-backed database and a fixed network port: the second half restarts on the same data.
  env = {
    DATABASE_URL: '',
    NETWORK_PORT: String(await freePort()),
    NETWORK_CLOCK_SPEED: '120',
    ONDC_LOG: '1',
    ANALYTICS_TOKEN: TOKEN,
    // Recons go when the test says so.
    SETTLEMENT_RECON_MINUTES: '0',
    GRIEVANCE_OFFICER_NAME: 'Kavya Rao',
    GRIEVANCE_OFFICER_EMAIL: 'gro@kirana.example',
    GRIEVANCE_OFFICER_PHONE: '9845012345',
  };
  server = await startServer(env, { keepDataDir: true });
  started.push(server);
}, 200_000);
afterAll(async () => {
  for (const s of started.reverse()) await s.stop();
  // RSF_LOG_OUT=<dir> keeps the protocol log for ONDC's validator (npm run ondc:validate -- <dir>).
  if (process.env['RSF_LOG_OUT'] && server) cpSync(path.join(server.dataDir, 'ondc-log'), process.env['RSF_LOG_OUT'], { recursive: true });
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** The operator sends the recons now (a JSON POST, as Astro's cross-site check wants of a script). */
async function sendReconsNow() {
  const response = await fetch(`${server.url}/ops/settlement/recon`, { method: 'POST', headers: { ...ops, 'content-type': 'application/json' }, body: '{}' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { sellers: number; recons: number; orders: number; refused: number; unreached: number } }).data;
}

type CsvRow = Record<string, string>;
async function csv(by: 'order' | 'seller'): Promise<CsvRow[]> {
  const response = await fetch(`${server.url}/ops/settlement.csv?by=${by}`, { headers: ops });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  const [header, ...rows] = (await response.text())
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}
const paise = (row: CsvRow, column: string) => rupeesToPaise(row[column] ?? 'x');

const detail = async (client: Client, orderId: string) =>
  (await client.get(`/ondc/order/detail?order_id=${orderId}`)).json() as Promise<Record<string, unknown>>;

function protocolLog(): Array<{ direction?: string; action?: string; body?: { context?: { message_id?: string } } }> {
  const dir = path.join(server.dataDir, 'ondc-log');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** A callback to our /bap endpoint, signed by one of the embedded sellers with its own key. */
function signedBy(sellerId: string, body: unknown) {
  const identity = loadOrCreateKeys(path.join(server.dataDir, 'network', 'keys', `${sellerId}.json`), sellerId);
  const raw = JSON.stringify(body);
  return fetch(`${server.url}/bap/on_recon`, {
    method: 'POST',
    body: raw,
    headers: {
      'content-type': 'application/json',
      authorization: signRequest({ body: raw, subscriberId: identity.subscriberId, uniqueKeyId: identity.uniqueKeyId, privateKey: identity.privateKey }),
    },
  });
}

type Placed = { client: Client; orderId: string; totalPaise: number; fate: 'delivered' | 'cancelled' | 'complaint' | 'returned'; itemId: string };
const placed: Placed[] = [];

describe('settlement with sellers (RSF 2.0.0)', () => {
  beforeAll(async () => {
    const items = await plentifulItems(server.url, 4, 40);
    expect(items.length).toBe(4);
    const fates: Placed['fate'][] = ['delivered', 'cancelled', 'delivered', 'cancelled', 'complaint', 'returned', 'cancelled', 'delivered'];
    for (const [i, fate] of fates.entries()) {
      const client = shopper(server.url);
      const chosen = [items[i % 4]!, items[(i + 1) % 4]!];
      const { orderId, totalPaise } = await placeOrder(
        client,
        'upi',
        chosen.map((item, k) => ({ sku_id: item.id, quantity: 1 + ((i + k) % 3) })),
      );
      placed.push({ client, orderId, totalPaise, fate, itemId: chosen[0]!.id });
      if (fate === 'cancelled') {
        const cancel = await client.post('/ondc/order/update', { type: 'cancel', order_id: orderId, reason_id: '006' });
        expect(cancel.status).toBe(200);
      }
    }
    for (const p of placed) {
      await until(
        () => detail(p.client, p.orderId),
        (o) => o['status'] === (p.fate === 'cancelled' ? 'cancelled' : 'delivered'),
        120,
      );
    }
    // A damaged item sent back from one order: the store lets the shopper keep it and refunds it.
    const returned = placed.find((p) => p.fate === 'returned')!;
    const photo = new Uint8Array(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c84' } })
        .jpeg()
        .toBuffer(),
    );
    const cookie = [...returned.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = await fetch(`${server.url}/ondc/order/return-photo?order_id=${returned.orderId}`, {
      method: 'POST',
      body: photo,
      headers: { 'content-type': 'image/jpeg', cookie },
    });
    const photoId = ((await upload.json()) as { data: { photo_id: string } }).data.photo_id;
    const asked = await returned.client.post('/ondc/order/update', {
      type: 'return',
      order_id: returned.orderId,
      reason_id: '003',
      items: [{ item_id: returned.itemId, quantity: 1 }],
      photo_ids: [photoId],
    });
    expect(asked.status).toBe(200);
    await until(
      () => detail(returned.client, returned.orderId),
      (o) => o['return_state'] === 'Liquidated' && (o['refunds'] as unknown[]).length === 1,
      60,
    );
    // A damaged item on one order: the store offers a refund of its price, the shopper accepts.
    const complaint = placed.find((p) => p.fate === 'complaint')!;
    const raised = await complaint.client.post('/ondc/issue', {
      order_id: complaint.orderId,
      code: 'ITM004',
      item_ids: [complaint.itemId],
      description: 'The packet came torn and wet',
    });
    expect(raised.status).toBe(200);
    const issueId = ((await raised.json()) as { data: { issue_id: string } }).data.issue_id;
    type Issue = { status: string; actions: Array<{ descriptor: { code: string } }>; resolutions?: Array<{ id: string; descriptor: { code: string } }> };
    const readIssue = async () => ((await (await complaint.client.get(`/ondc/issue?issue_id=${issueId}`)).json()) as { data: { issue: Issue } }).data.issue;
    // Without a photo the store first asks how the goods came.
    await until(readIssue, (i) => i.actions.at(-1)?.descriptor.code === 'INFO_REQUESTED', 60);
    expect(
      (await complaint.client.post('/ondc/issue/step', { step: 'info', issue_id: issueId, info: 'The pack was torn along the side and wet' })).status,
    ).toBe(200);
    const proposed = await until(readIssue, (i) => i.actions.at(-1)?.descriptor.code === 'RESOLUTION_PROPOSED', 60);
    const refund = proposed.resolutions?.find((r) => r.descriptor.code === 'REFUND');
    expect(refund).toBeDefined();
    expect((await complaint.client.post('/ondc/issue/step', { step: 'accept', issue_id: issueId, resolution_id: refund!.id })).status).toBe(200);
    await until(readIssue, (i) => i.status === 'RESOLVED', 60);
    await until(() => detail(complaint.client, complaint.orderId), refundsSettled, 20);
  }, 600_000);

  it('the report is the operator’s only: no token, no report', async () => {
    expect((await fetch(`${server.url}/ops/settlement.csv`)).status).toBe(401);
    expect((await fetch(`${server.url}/ops/settlement.csv`, { headers: { authorization: 'Bearer wrong-token-of-the-same-size!!' } })).status).toBe(401);
    expect((await fetch(`${server.url}/ops/settlement`)).status).toBe(401);
    expect((await fetch(`${server.url}/ops/settlement/recon`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
      401,
    );
    expect((await fetch(`${server.url}/ops/settlement.csv?by=month`, { headers: ops })).status).toBe(400);
  });

  it('every seller’s share + our fee + refunds = what we collected, to the paisa', async () => {
    const orders = await csv('order');
    for (const p of placed) {
      const row = orders.find((r) => r['order_id'] === p.orderId);
      expect(row, p.orderId).toBeDefined();
      expect(paise(row!, 'collected')).toBe(p.totalPaise);
      expect(paise(row!, 'seller_share') + paise(row!, 'finder_fee') + paise(row!, 'refunds')).toBe(paise(row!, 'collected'));
      expect(row!['settled']).toBe('yes');
      if (p.fate === 'cancelled') expect([paise(row!, 'refunds'), paise(row!, 'seller_share'), paise(row!, 'finder_fee')]).toEqual([p.totalPaise, 0, 0]);
      if (p.fate === 'delivered') expect(paise(row!, 'refunds')).toBe(0);
      // The withholding the store's terms name for a prepaid order, held out of its share.
      expect(paise(row!, 'withholding')).toBe(Math.min(rupeesToPaise(PREPAID_WITHHOLDING), paise(row!, 'seller_share')));
      if (p.fate === 'complaint' || p.fate === 'returned') expect(paise(row!, 'refunds')).toBeGreaterThan(0);
      if (p.fate === 'complaint' || p.fate === 'returned') expect(paise(row!, 'refunds')).toBeLessThan(p.totalPaise);
      // Our stated fee, 3 %, of what stayed sold, rounded half up to the paisa.
      const sale = p.totalPaise - paise(row!, 'refunds');
      expect(paise(row!, 'finder_fee')).toBe(Math.floor((sale * 3 * 2 + 100) / 200));
    }
    const sellers = await csv('seller');
    expect(sellers.length).toBeGreaterThan(0);
    for (const s of sellers) {
      expect(paise(s, 'seller_share') + paise(s, 'finder_fee') + paise(s, 'refunds')).toBe(paise(s, 'collected'));
      const own = orders.filter((r) => r['seller_id'] === s['seller_id']);
      expect(paise(s, 'collected')).toBe(own.reduce((n, r) => n + paise(r, 'collected'), 0));
    }
    const page = await (await fetch(`${server.url}/ops/settlement`, { headers: ops })).text();
    expect(page).toContain(`data-seller="${store.seller.id}"`);
    for (const p of placed) expect(page).toContain(`data-order="${p.orderId}"`);
  });

  it('sends each seller one recon; the embedded seller works out its own figures and agrees; nothing goes twice', async () => {
    const sent = await sendReconsNow();
    expect(sent).toMatchObject({ recons: 1, refused: 0, unreached: 0 });
    expect(sent.orders).toBeGreaterThanOrEqual(placed.length);
    const answered = await until(
      () => csv('order'),
      (rows) => placed.every((p) => rows.find((r) => r['order_id'] === p.orderId)?.['recon'] === 'agreed'),
      20,
    );
    expect(answered.filter((r) => placed.some((p) => p.orderId === r['order_id'])).map((r) => r['recon'])).toEqual(placed.map(() => 'agreed'));
    // Asked again, nothing has changed: no recon goes.
    expect(await sendReconsNow()).toMatchObject({ recons: 0, orders: 0 });
    const log = protocolLog();
    expect(log.filter((l) => l.direction === 'out' && l.action === 'recon')).toHaveLength(1);
    expect(log.filter((l) => l.direction === 'in' && l.action === 'on_recon' && (l as { status?: number }).status === 200)).toHaveLength(1);
  }, 60_000);

  it('refuses with a NACK an on_recon that is malformed, from another seller, or about an order not in the recon', async () => {
    const log = protocolLog();
    const recon = log.find((l) => l.direction === 'out' && l.action === 'recon')?.body as {
      context: Record<string, string>;
      message: { orders: Array<Record<string, unknown>> };
    };
    const answer = (orders: unknown[]) => ({
      context: { ...recon.context, action: 'on_recon', timestamp: new Date().toISOString() },
      message: { orders },
    });
    const agreed = (order: Record<string, unknown>) => ({ ...order, recon_accord: true });
    const nackOf = async (response: Response) => ({
      status: response.status,
      body: (await response.json()) as { message: { ack: { status: string } }; error?: { message?: string } },
    });

    const unsigned = await nackOf(
      await fetch(`${server.url}/bap/on_recon`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(answer([agreed(recon.message.orders[0]!)])),
      }),
    );
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message.ack.status).toBe('NACK');

    const malformed = await nackOf(await signedBy(store.seller.id, answer([{ ...recon.message.orders[0], recon_accord: 'yes' }])));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message.ack.status).toBe('NACK');

    const otherSeller = readdirSync(path.join(server.dataDir, 'network', 'keys'))
      .map((f) => f.replace(/\.json$/, ''))
      .find((id) => id !== store.seller.id)!;
    const foreign = await nackOf(
      await signedBy(otherSeller, { ...answer([agreed(recon.message.orders[0]!)]), context: { ...answer([]).context, bpp_id: otherSeller } }),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.message).toContain(`sent to ${store.seller.id}`);

    const notInRecon = await nackOf(await signedBy(store.seller.id, answer([agreed({ ...recon.message.orders[0]!, id: 'KONOTINTHISRECON' })])));
    expect(notInRecon.status).toBe(400);
    expect(notInRecon.body.error?.message).toContain('KONOTINTHISRECON was not in this recon');
    // None of them changed what the seller agreed to.
    const rows = await csv('order');
    expect(placed.map((p) => rows.find((r) => r['order_id'] === p.orderId)?.['recon'])).toEqual(placed.map(() => 'agreed'));
  });

  it('settles the agreed orders through the settlement agency once: each seller paid its share, to the paisa, once', async () => {
    const round = async () => {
      const response = await fetch(`${server.url}/ops/settlement/settle`, {
        method: 'POST',
        headers: { ...ops, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { settle: { settles: number; orders: number } } }).data.settle;
    };
    expect((await fetch(`${server.url}/ops/settlement/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
      401,
    );
    const first = await round();
    expect(first).toMatchObject({ settles: 1 });
    const paid = placed.filter((p) => p.fate !== 'cancelled');
    expect(first.orders).toBeGreaterThanOrEqual(paid.length);
    const rows = await until(
      () => csv('order'),
      (r) => paid.every((p) => r.find((x) => x['order_id'] === p.orderId)?.['payout']?.startsWith('settled ')),
      20,
    );
    // Cancelled whole: nothing to move, no settle.
    for (const p of placed.filter((x) => x.fate === 'cancelled')) expect(rows.find((r) => r['order_id'] === p.orderId)?.['payout']).toBe('');
    // The agency's statement: one payout per order, the seller's share to the paisa, our part beside it.
    const { payouts } = (await (await fetch(`http://127.0.0.1:${env['NETWORK_PORT']}/sa/payouts`)).json()) as {
      payouts: Array<{ orderId: string; receiverId: string; interParticipantPaise: number; collectorPaise: number }>;
    };
    for (const p of paid) {
      const row = rows.find((r) => r['order_id'] === p.orderId)!;
      const own = payouts.filter((x) => x.orderId === p.orderId);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({
        receiverId: store.seller.id,
        interParticipantPaise: paise(row, 'seller_share'),
        collectorPaise: paise(row, 'finder_fee') + paise(row, 'tcs') + paise(row, 'tds'),
      });
      // A marketplace seller app keeps TCS and TDS from its stores itself.
      expect([paise(row, 'tcs'), paise(row, 'tds')]).toEqual([0, 0]);
    }
    expect(await round()).toMatchObject({ settles: 0, orders: 0 });
    const log = protocolLog();
    expect(log.filter((l) => l.direction === 'out' && l.action === 'settle')).toHaveLength(1);
    expect(log.filter((l) => l.direction === 'in' && l.action === 'on_settle' && (l as { status?: number }).status === 200)).toHaveLength(1);
  }, 60_000);

  it('after a refund the seller never heard of and a recon left half sent by a killed process, the next storefront sends that recon once and the seller disagrees', async () => {
    const goodwill = placed.find((p) => p.fate === 'delivered')!;
    const before = (await csv('order')).find((r) => r['order_id'] === goodwill.orderId)!;
    await server.stop();
    const database = await openDatabase({ url: `file://${path.join(server.dataDir, 'pglite')}` });
    let claimedRecon = '';
    try {
      const [order] = await database.query<{ payment_id: string }>('SELECT payment_id FROM orders WHERE order_id = $1', [goodwill.orderId]);
      await database.query("INSERT INTO payment_refunds (refund_id, order_id, payment_id, amount_paise, status) VALUES ($1, $2, $3, 1000, 'REFUNDED')", [
        `${goodwill.orderId}:goodwill`,
        goodwill.orderId,
        order!.payment_id,
      ]);
      // The recon is claimed and recorded, then its process dies before the seller hears of it.
      let posted: () => void = () => undefined;
      const reachedPost = new Promise<void>((resolve) => (posted = resolve));
      const dying = {
        identity: { subscriberId: 'unused' },
        bapUri: 'http://127.0.0.1:9/bap',
        client: {
          post: () => {
            posted();
            return new Promise(() => undefined);
          },
        },
      } as unknown as BuyerApp;
      void sendRecons(database, dying);
      await reachedPost;
      const [claimed] = await database.query<{ message_id: string }>("SELECT message_id FROM settlement_recons WHERE state = 'SENDING'");
      claimedRecon = claimed!.message_id;
    } finally {
      await database.close();
    }
    server = await startServer(env, { dataDir: server.dataDir, keepDataDir: true });
    started.push(server);
    expect(await sendReconsNow()).toMatchObject({ recons: 1, orders: 1 });
    const rows = await until(
      () => csv('order'),
      (r) => r.find((x) => x['order_id'] === goodwill.orderId)?.['recon'] === 'disagreed',
      20,
    );
    const after = rows.find((r) => r['order_id'] === goodwill.orderId)!;
    expect(paise(after, 'refunds')).toBe(1000);
    expect(paise(after, 'seller_share') + paise(after, 'finder_fee') + paise(after, 'refunds')).toBe(paise(after, 'collected'));
    // The seller's own figures are the ones it agreed to before: it knows of no such refund.
    const page = await (await fetch(`${server.url}/ops/settlement`, { headers: ops })).text();
    expect(page).toContain(`seller says share ${formatRupees(paise(before, 'seller_share'))}`);
    // The recon that went is the one the dead process claimed, with its message id, and only once.
    const recons = protocolLog().filter((l) => l.direction === 'out' && l.action === 'recon');
    expect(recons.map((l) => l.body?.context?.message_id)).toContain(claimedRecon);
    expect(await sendReconsNow()).toMatchObject({ recons: 0 });
    // The other orders stay agreed.
    expect(placed.filter((p) => p !== goodwill).map((p) => rows.find((r) => r['order_id'] === p.orderId)?.['recon'])).toEqual(
      placed.filter((p) => p !== goodwill).map(() => 'agreed'),
    );
  }, 300_000);
});
