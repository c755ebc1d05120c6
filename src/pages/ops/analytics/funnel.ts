import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { operatorOnly, sinceDate, sinceSchema } from '#/features/analytics/ops.server.ts';
import { FUNNEL, funnelSince } from '#/features/analytics/store.server.ts';
import { parseQuery } from '#/lib/http/json.ts';

/** GET /ops/analytics/funnel?since=7d: per day, sessions reaching home → listing → cart → checkout → order. */
export const GET: APIRoute = async ({ request, url }) => {
  const refused = operatorOnly(request);
  if (refused) return refused;
  const query = parseQuery(url, sinceSchema);
  if (!query.ok) return query.response;
  return Response.json(
    { steps: FUNNEL.map((f) => f.step), days: await funnelSince(getDatabase(), sinceDate(query.data.since)) },
    { headers: { 'cache-control': 'no-store' } },
  );
};
