import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { raiseIssueRequestSchema } from '#/features/issues/issues.ts';
import { findIssueAfter, grievanceOfficer, raiseIssue } from '#/features/issues/issues.server.ts';
import { complaintPath, helpPath } from '#/features/issues/paths.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';

const querySchema = z.object({
  issue_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'issue_id is an issue id'),
  seen: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'seen is the id of the last step a page shows')
    .optional(),
});

/**
 * GET /ondc/issue?issue_id → {data: the complaint whole, grievance_officer}; another shopper's is a
 * 404. With `seen` (the last step the page shows), the answer waits for a later step to be kept,
 * or a few seconds.
 */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const found = shopper ? await findIssueAfter(getDatabase(), shopper, query.data.issue_id, query.data.seen) : null;
  if (!found) return jsonError(404, 'No such complaint');
  return Response.json({ status: 'ACK', data: { ...found, grievance_officer: grievanceOfficer() } });
};

/**
 * POST /ondc/issue {order_id, code, item_ids, description, photo_ids} → {data: {issue_id}}: a
 * complaint about one of the shopper's orders, sent to its seller (IGM 2.0 issue). The help form
 * posts here too without JavaScript and is sent on to the complaint's page.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const body = await readFormOrJson(request, raiseIssueRequestSchema, ['item_ids', 'photo_ids']);
  if (!body.ok) return body.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such order');
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const raised = await raiseIssue(getDatabase(), app, shopper, body.data);
  if (body.isForm)
    return redirect(raised.ok ? complaintPath(raised.issueId) : `${helpPath(body.data.order_id)}&error=${encodeURIComponent(raised.message)}`, 303);
  if (!raised.ok)
    return raised.status === 404
      ? jsonError(404, raised.message)
      : Response.json({ status: 'NACK', error: { message: raised.message } }, { status: raised.status });
  return Response.json({ status: 'ACK', data: { issue_id: raised.issueId } });
};
