import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { operatorOnly } from '#/features/analytics/ops.server.ts';
import { reportQuerySchema, settlementCsv } from '#/features/settlement/report.ts';
import { settlementReport } from '#/features/settlement/settlement.server.ts';
import { parseQuery } from '#/lib/http/json.ts';

/** GET /ops/settlement.csv?by=order|seller: the settlement ledger for a spreadsheet (operator token). */
export const GET: APIRoute = async ({ request, url }) => {
  const refused = operatorOnly(request);
  if (refused) return refused;
  const query = parseQuery(url, reportQuerySchema);
  if (!query.ok) return query.response;
  const csv = settlementCsv(await settlementReport(getDatabase()), query.data.by);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="settlement-by-${query.data.by}.csv"`,
      'cache-control': 'no-store',
    },
  });
};
