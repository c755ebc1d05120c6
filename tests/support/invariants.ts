// What must hold however the shop was stopped (issue 14): read from the storefront's database and
// the sellers' own record once everything is down.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '#/db/client.ts';

export type Breaches = {
  /** transactions with more than one order, on our side */
  doubleOrders: string[];
  /** transactions the sellers made more than one order for */
  doubleSellerOrders: string[];
  /** payments captured (PAID) that neither an order that stands nor a refund of the whole amount answers (issue 23) */
  paidWithoutOrder: string[];
  /** checkouts that ended without an order (refused, expired) whose payment was not refunded in full, or refunded twice */
  unplacedNotRefunded: string[];
  /** orders that stand yet had their payment refunded as if they had not */
  placedAndRefunded: string[];
  /** shoppers whose coin ledger, or whose balance less the coins live payments hold, is below zero */
  coinsBelowZero: string[];
  /** coins still held by a payment whose checkout has ended */
  coinsHeldAfterEnd: string[];
  /** transactions with more than one captured payment */
  doublePayments: string[];
  /** payments refunded beyond what was paid, or one refund sent to the gateway twice */
  overRefunded: string[];
};

export async function checkMoneyAndOrders(database: Queryable, networkDataDir: string): Promise<Breaches> {
  const ids = async (sql: string) => (await database.query<{ id: string }>(sql)).map((r) => r.id);
  const sellerOrders = readSellerOrders(networkDataDir);
  const perTransaction = new Map<string, Set<string>>();
  for (const order of sellerOrders) perTransaction.set(order.transactionId, (perTransaction.get(order.transactionId) ?? new Set()).add(order.id));
  return {
    doubleOrders: await ids('SELECT transaction_id AS id FROM orders GROUP BY transaction_id HAVING count(*) > 1'),
    doubleSellerOrders: [...perTransaction].filter(([, orders]) => orders.size > 1).map(([id]) => id),
    paidWithoutOrder: await ids(
      `SELECT p.payment_id AS id FROM payments p WHERE p.status = 'PAID' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.payment_id AND o.on_confirm IS NOT NULL)`,
    ),
    unplacedNotRefunded: await ids(
      `SELECT o.order_id AS id FROM orders o JOIN payments p ON p.payment_id = o.payment_id
       WHERE o.status = 'failed' AND p.status = 'PAID'
         AND (SELECT coalesce(sum(r.amount_paise), 0) FROM payment_refunds r WHERE r.order_id = o.order_id AND r.status = 'REFUNDED') <> p.amount_paise`,
    ),
    placedAndRefunded: await ids(
      `SELECT o.order_id AS id FROM orders o JOIN payment_refunds r ON r.order_id = o.order_id WHERE o.status <> 'failed' AND r.refund_id LIKE '%:unplaced'`,
    ),
    coinsBelowZero: await ids(
      `SELECT shopper_key AS id FROM (
         SELECT l.shopper_key, sum(l.coins) AS ledger,
           sum(l.coins) - (SELECT coalesce(sum(r.coins), 0) FROM coin_reservations r JOIN payments p ON p.payment_id = r.payment_id
                           WHERE r.shopper_key = l.shopper_key AND r.state = 'held' AND p.status IN ('PENDING', 'PAID', 'ON-DELIVERY')) AS spendable
         FROM coin_ledger l GROUP BY l.shopper_key) b
       WHERE ledger < 0 OR spendable < 0`,
    ),
    coinsHeldAfterEnd: await ids(
      `SELECT r.payment_id AS id FROM coin_reservations r JOIN payments p ON p.payment_id = r.payment_id WHERE r.state = 'held' AND p.finished_at IS NOT NULL`,
    ),
    doublePayments: await ids(`SELECT transaction_id AS id FROM payments WHERE status = 'PAID' GROUP BY transaction_id HAVING count(*) > 1`),
    overRefunded: await ids(
      `SELECT p.payment_id AS id FROM payments p JOIN payment_refunds r ON r.payment_id = p.payment_id GROUP BY p.payment_id, p.amount_paise HAVING sum(r.amount_paise) > p.amount_paise
       UNION SELECT refund_id AS id FROM simulated_upi_refunds GROUP BY refund_id HAVING count(*) > 1`,
    ),
  };
}

export const NO_BREACHES: Breaches = {
  doubleOrders: [],
  doubleSellerOrders: [],
  paidWithoutOrder: [],
  unplacedNotRefunded: [],
  placedAndRefunded: [],
  coinsBelowZero: [],
  coinsHeldAfterEnd: [],
  doublePayments: [],
  overRefunded: [],
};

/** The sellers' orders as they wrote them to their state file (on stop, and as they change). */
function readSellerOrders(networkDataDir: string): Array<{ id: string; transactionId: string }> {
  const file = path.join(networkDataDir, 'network', 'state.json');
  if (!existsSync(file)) return [];
  const state = JSON.parse(readFileSync(file, 'utf8')) as { orders: Array<{ id: string; transactionId: string }> };
  return state.orders;
}
