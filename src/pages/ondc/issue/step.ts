import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { issueStepRequestSchema } from '#/features/issues/issues.ts';
import { takeIssueStep } from '#/features/issues/issues.server.ts';
import { complaintPath } from '#/features/issues/paths.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { jsonError } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';

/**
 * POST /ondc/issue/step {step: accept|reject|escalate|close|info, issue_id, …} → {data: {issue_id}}: the
 * shopper's next step on a complaint, sent to the seller as the issue with one more action. The
 * complaint page's forms post here without JavaScript and come back to the page.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const body = await readFormOrJson(request, issueStepRequestSchema);
  if (!body.ok) return body.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  if (!shopper) return jsonError(404, 'No such complaint');
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const taken = await takeIssueStep(getDatabase(), app, shopper, body.data);
  if (taken.ok === false && taken.status === 404) return jsonError(404, taken.message);
  if (body.isForm) return redirect(`${complaintPath(body.data.issue_id)}&notice=${taken.ok ? body.data.step : 'failed'}`, 303);
  if (!taken.ok) return Response.json({ status: 'NACK', error: { message: taken.message } }, { status: taken.status });
  return Response.json({ status: 'ACK', data: { issue_id: taken.issueId } });
};
