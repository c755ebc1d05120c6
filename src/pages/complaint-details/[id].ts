import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { readComplaintDetails } from '#/features/issues/issues.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

/** GET /complaint-details/<issue id>: a complaint's written account, for its shopper or through the respondents' signed link (IGM additional_desc). */
export const GET: APIRoute = async ({ params, url, cookies, locals }) => {
  const id = params['id'] ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return jsonError(404, 'No such complaint');
  const text = await readComplaintDetails(getDatabase(), findBuyerApp(), id, {
    shopper: shopperKey(cookies, locals.userId, { create: false }),
    expires: url.searchParams.get('expires'),
    sig: url.searchParams.get('sig'),
  });
  if (text === null) return jsonError(404, 'No such complaint');
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  });
};
