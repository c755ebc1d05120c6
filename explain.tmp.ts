import pg from 'pg';
import type { Database } from './src/db/client.ts';
import { groceryItems, searchDishes } from './src/features/catalogue/catalogue.server.ts';
import { groceryItemsSchema } from './src/features/catalogue/catalogue.ts';
const pool = new pg.Pool({ connectionString: process.env.URL });
const q = process.argv[2] ?? 'aloo';
const kind = process.argv[3] ?? 'items';
const db = { kind: 'postgres', query: async (sql: string, params: unknown[] = []) => {
  const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  const t0 = performance.now(); const r = await pool.query(sql, params); console.log('rows', r.rowCount, (performance.now() - t0).toFixed(1), 'ms');
  return r.rows;
} } as unknown as Database;
if (kind === 'items') await groceryItems(db, { pincode: process.env.PIN ?? '560102' }, groceryItemsSchema.parse({ limit: 20, searchText: q }));
else await searchDishes(db, { pincode: process.env.PIN ?? '560102' }, { searchText: q, limit: 30, page: 0 });
await pool.end();
