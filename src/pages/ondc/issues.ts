import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { listIssues } from '#/features/issues/issues.server.ts';
import { orderIdSchema } from '#/features/orders/paths.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { parseQuery } from '#/lib/http/json.ts';

const querySchema = z.object({ order_id: orderIdSchema.optional() });

/** GET /ondc/issues[?order_id] → {data: [complaints]}: the shopper's own complaints, newest first. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  return Response.json({ status: 'ACK', data: shopper ? await listIssues(getDatabase(), shopper, query.data.order_id) : [] });
};
