// What must hold however the shop was stopped (issue 14): read from the storefront's database and
// the sellers' own record once everything is down.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../src/db/client.ts';

export type Breaches = {
  /** transactions with more than one order, on our side */
  doubleOrders: string[];
  /** transactions the sellers made more than one order for */
  doubleSellerOrders: string[];
  /** payments captured (PAID) that no order carries */
  paidWithoutOrder: string[];
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
    paidWithoutOrder: await ids(`SELECT p.payment_id AS id FROM payments p WHERE p.status = 'PAID' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.payment_id)`),
    doublePayments: await ids(`SELECT transaction_id AS id FROM payments WHERE status = 'PAID' GROUP BY transaction_id HAVING count(*) > 1`),
    overRefunded: await ids(
      `SELECT p.payment_id AS id FROM payments p JOIN payment_refunds r ON r.payment_id = p.payment_id GROUP BY p.payment_id, p.amount_paise HAVING sum(r.amount_paise) > p.amount_paise
       UNION SELECT refund_id AS id FROM simulated_upi_refunds GROUP BY refund_id HAVING count(*) > 1`,
    ),
  };
}

export const NO_BREACHES: Breaches = { doubleOrders: [], doubleSellerOrders: [], paidWithoutOrder: [], doublePayments: [], overRefunded: [] };

/** The sellers' orders as they wrote them to their state file (on stop, and as they change). */
function readSellerOrders(networkDataDir: string): Array<{ id: string; transactionId: string }> {
  const file = path.join(networkDataDir, 'network', 'state.json');
  if (!existsSync(file)) return [];
  const state = JSON.parse(readFileSync(file, 'utf8')) as { orders: Array<{ id: string; transactionId: string }> };
  return state.orders;
}
