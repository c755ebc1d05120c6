// Settlement under kill -9 (issue 26, RSF 2.0.0 settle): prepaid orders of four sellers, each
// agreed by its seller at its current figures (some sellers are the seller itself, so TCS and TDS
// are kept), are settled through the settlement agency the embedded network plays. The storefront
// (and its network with it) is killed with SIGKILL at a random moment of a settlement round, twice,
// and started again on the same data. Afterwards every order is paid by the agency exactly once,
// at the seller's share to the paisa, every seller is paid the sum of its shares, and the books
// balance: share + finder fee + TCS + TDS + refunds = collected + our discount, per order and per seller.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#/db/client.ts';
import { orderSettlements } from '#/features/settlement/settlement.server.ts';
import { generateNetwork } from '#/network/catalogue/generate.ts';
import { mulberry32 } from '#/network/catalogue/random.ts';
import { freePort } from '../support/ports.ts';
import { report, sized } from '../support/reliability.ts';
import { healthy, startServer, type StartedServer } from '../support/server.ts';

const TOKEN = 'settlement-crash-operator-token';
const ops = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const TERMS = {
  '@ondc/org/buyer_app_finder_fee_type': 'percent',
  '@ondc/org/buyer_app_finder_fee_amount': '3',
  '@ondc/org/withholding_amount': '10.00',
  '@ondc/org/settlement_window': 'P1D',
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'kirana-settlement-crash-'));
let server: StartedServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Seeded = { orderId: string; sellerId: string };

/**
 * Prepaid, delivered orders of these sellers, with the recon each seller agreed to at the order's
 * figures (what the recon tests prove happens), so each is due to be settled.
 */
async function seed(database: Database, sellers: string[], perSeller: number, random: () => number): Promise<Seeded[]> {
  const seeded: Seeded[] = [];
  for (const [s, sellerId] of sellers.entries()) {
    for (let i = 0; i < perSeller; i++) {
      const orderId = `KOSET${s}X${i}`;
      const txn = `T-${orderId}`;
      const amountPaise = 5_000 + Math.floor(random() * 200_000);
      const refundPaise = i % 4 === 3 ? Math.floor(amountPaise / 3) : 0;
      const npType = s % 2 === 0 ? 'ISN' : 'MSN';
      await database.query(
        "INSERT INTO ondc_transactions (transaction_id, shopper_key, domain, city, bpp_id, bpp_uri, expires_at) VALUES ($1, 'device:s1', 'ONDC:RET10', 'std:080', $2, $3, clock_timestamp() + interval '1 day')",
        [txn, sellerId, `http://sellers.localhost:1/sellers/${sellerId}`],
      );
      await database.query(
        "INSERT INTO payments (payment_id, transaction_id, shopper_key, init_message_id, amount_paise, method, vpa, status, payable) VALUES ($1, $2, 'device:s1', 'init-1', $3, 'upi', 'asha@okaxis', 'PAID', $4::jsonb)",
        [`P-${orderId}`, txn, amountPaise, JSON.stringify({ quotePaise: amountPaise, totalPaise: amountPaise })],
      );
      await database.query(
        `INSERT INTO orders (order_id, transaction_id, shopper_key, payment_id, total_paise, state, status, status_at, on_confirm)
         VALUES ($1, $2, 'device:s1', $3, $4, 'Completed', 'delivered', clock_timestamp() - interval '2 days', $5::jsonb)`,
        [
          orderId,
          txn,
          `P-${orderId}`,
          amountPaise,
          JSON.stringify({ id: orderId, provider: { id: 'PR1' }, tags: [{ code: 'bpp_terms', list: [{ code: 'np_type', value: npType }] }] }),
        ],
      );
      await database.query(
        "INSERT INTO ondc_messages (transaction_id, message_id, action, direction, participant_id, body_digest, body) VALUES ($1, $2, 'confirm', 'out', $3, $2, $4::jsonb)",
        [txn, `confirm-${orderId}`, sellerId, JSON.stringify({ message: { order: { id: orderId, payment: TERMS } } })],
      );
      if (refundPaise > 0) {
        await database.query("INSERT INTO payment_refunds (refund_id, order_id, payment_id, amount_paise, status) VALUES ($1, $2, $3, $4, 'REFUNDED')", [
          `${orderId}:C1`,
          orderId,
          `P-${orderId}`,
          refundPaise,
        ]);
      }
      seeded.push({ orderId, sellerId });
    }
    const recon = `recon-${sellerId}`;
    await database.query(
      "INSERT INTO settlement_recons (message_id, transaction_id, bpp_id, bpp_uri, state, message) VALUES ($1, $1, $2, 'http://sellers.localhost:1', 'SENT', '{}'::jsonb)",
      [recon, sellerId],
    );
    for (const s of await orderSettlements(database, { sellerId })) {
      const l = s.ledger;
      const figures = {
        collectedPaise: l.collectedPaise,
        refundsPaise: l.refundsPaise,
        feePaise: l.feePaise,
        tcsPaise: l.tcsPaise,
        tdsPaise: l.tdsPaise,
        withholdingPaise: l.withholdingPaise,
        sharePaise: l.sharePaise,
      };
      await database.query(
        'INSERT INTO settlement_recon_orders (message_id, order_id, figures, accord, answered_at) VALUES ($1, $2, $3::jsonb, true, clock_timestamp())',
        [recon, s.orderId, JSON.stringify(figures)],
      );
    }
  }
  return seeded;
}

type Payout = { orderId: string; receiverId: string; interParticipantPaise: number; collectorPaise: number };

describe('kill -9 mid-settlement', () => {
  it('after restarts every seller is settled exactly once, and the books balance', async () => {
    const perSeller = sized('SETTLE_ORDERS_PER_SELLER', 6, 40);
    const random = mulberry32(Number(process.env['CRASH_SEED'] ?? Date.now() % 100_000));
    const networkPort = await freePort();
    const env = { DATABASE_URL: '', PORT: String(await freePort()), NETWORK_PORT: String(networkPort), ANALYTICS_TOKEN: TOKEN, SETTLEMENT_RECON_MINUTES: '0' };
    // A first start makes the database; the orders are written while it is stopped.
    server = await startServer(env, { dataDir, keepDataDir: true, timeoutMs: 420_000 });
    await server.stop();
    const sellers = generateNetwork()
      .sellers.slice(0, 4)
      .map((s) => s.id);
    expect(sellers).toHaveLength(4);
    const database = await openDatabase({ url: `file://${path.join(dataDir, 'pglite')}` });
    let seeded: Seeded[];
    try {
      seeded = await seed(database, sellers, perSeller, random);
    } finally {
      await database.close();
    }
    server = await startServer(env, { dataDir, keepDataDir: true, timeoutMs: 420_000 });

    const round = () => fetch(`${server!.url}/ops/settlement/settle`, { method: 'POST', headers: ops, body: '{}' });
    const restarts: number[] = [];
    for (let kill = 0; kill < 2; kill++) {
      const victim = server;
      const going = round().catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 150)));
      process.kill(victim.pid, 'SIGKILL');
      await going;
      // Its seller network (and the agency) goes with it; give the ports back before starting again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      const starting = startServer(env, { dataDir, keepDataDir: true, timeoutMs: 420_000 });
      await healthy(victim.url, 400_000);
      restarts.push(Date.now() - started);
      server = await starting;
    }

    // Rounds until the agency has answered for every order.
    type Row = Record<string, string>;
    const csv = async (by: 'order' | 'seller'): Promise<Row[]> => {
      const text = await (await fetch(`${server!.url}/ops/settlement.csv?by=${by}`, { headers: ops })).text();
      const [header, ...rows] = text
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
    };
    let rows: Row[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await round()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      rows = await csv('order');
      if (seeded.every((o) => rows.find((r) => r['order_id'] === o.orderId)?.['payout']?.startsWith('settled '))) break;
    }
    const p = (row: Row | undefined, column: string) => Math.round(Number(row?.[column] ?? 'NaN') * 100);
    for (const o of seeded) expect(rows.find((r) => r['order_id'] === o.orderId)?.['payout'], o.orderId).toMatch(/^settled \d{12}$/);

    const { payouts } = (await (await fetch(`http://127.0.0.1:${networkPort}/sa/payouts`)).json()) as { payouts: Payout[] };
    let keptBack = 0;
    for (const o of seeded) {
      const row = rows.find((r) => r['order_id'] === o.orderId);
      const own = payouts.filter((x) => x.orderId === o.orderId);
      expect(own, o.orderId).toHaveLength(1);
      expect(own[0]).toMatchObject({
        receiverId: o.sellerId,
        interParticipantPaise: p(row, 'seller_share'),
        collectorPaise: p(row, 'finder_fee') + p(row, 'tcs') + p(row, 'tds'),
      });
      expect(p(row, 'seller_share') + p(row, 'finder_fee') + p(row, 'tcs') + p(row, 'tds') + p(row, 'refunds')).toBe(
        p(row, 'collected') + p(row, 'our_discount'),
      );
      keptBack += p(row, 'tcs') + p(row, 'tds');
    }
    // Some sellers are the seller itself: TCS and TDS were kept, and balanced.
    expect(keptBack).toBeGreaterThan(0);
    for (const s of await csv('seller')) {
      const paid = payouts.filter((x) => x.receiverId === s['seller_id']).reduce((n, x) => n + x.interParticipantPaise, 0);
      expect(paid, s['seller_id']).toBe(p(s, 'seller_share'));
      expect(p(s, 'seller_share') + p(s, 'finder_fee') + p(s, 'tcs') + p(s, 'tds') + p(s, 'refunds')).toBe(p(s, 'collected') + p(s, 'our_discount'));
    }
    report({
      test: 'settlement kills',
      kills: restarts.length,
      orders: seeded.length,
      sellers: sellers.length,
      payouts: payouts.length,
      restartMaxMs: Math.max(...restarts),
    });
  }, 900_000);
});
