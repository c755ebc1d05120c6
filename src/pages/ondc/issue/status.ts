import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { refreshIssue } from '#/features/issues/issues.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';

const bodySchema = z.object({ issue_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'issue_id is an issue id') });

/** POST /ondc/issue/status {issue_id}: asks the seller where the complaint stands (IGM issue_status). */
export const POST: APIRoute = async ({ request, cookies, locals }) => {
  const body = await parseJsonBody(request, bodySchema);
  if (!body.ok) return body.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such complaint');
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const asked = await refreshIssue(getDatabase(), app, shopper, body.data.issue_id);
  if (!asked.ok)
    return asked.status === 404
      ? jsonError(404, asked.message)
      : Response.json({ status: 'NACK', error: { message: asked.message } }, { status: asked.status });
  return Response.json({ status: 'ACK', data: { issue_id: asked.issueId } });
};
