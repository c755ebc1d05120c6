import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { operatorOnly, sinceDate, sinceSchema } from '#/features/analytics/ops.server.ts';
import { eventsSince } from '#/features/analytics/store.server.ts';
import { parseQuery } from '#/lib/http/json.ts';

/** GET /ops/analytics/events?since=7d&name=: the events as NDJSON, for another tool. */
export const GET: APIRoute = async ({ request, url }) => {
  const refused = operatorOnly(request);
  if (refused) return refused;
  const query = parseQuery(url, sinceSchema);
  if (!query.ok) return query.response;
  const rows = await eventsSince(getDatabase(), sinceDate(query.data.since), query.data.limit, query.data.name);
  return new Response(rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length ? '\n' : ''), {
    headers: { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' },
  });
};
