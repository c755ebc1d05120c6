import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { operatorOnly } from '#/features/analytics/ops.server.ts';
import { officerDecisionSchema } from '#/features/issues/grievance-desk.ts';
import { resolveGrievance } from '#/features/issues/grievance-desk.server.ts';
import { grievanceDeskPath } from '#/features/issues/paths.ts';
import { jsonError } from '#/lib/http/json.ts';
import { findBuyerApp } from '#/ondc/runtime.server.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';

/**
 * POST /ops/grievances/resolve {issue_id, outcome: REFUND|REPLACEMENT|NO_ACTION, amount, response}
 * (operator token): our grievance officer resolves an escalated complaint. The desk's form posts
 * here without JavaScript and comes back to the complaint; a refusal is its 4xx with the reason.
 */
export const POST: APIRoute = async ({ request, redirect }) => {
  const refused = operatorOnly(request);
  if (refused) return refused;
  const body = await readFormOrJson(request, officerDecisionSchema);
  if (!body.ok) return body.response;
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const resolved = await resolveGrievance(getDatabase(), app, body.data);
  if (!resolved.ok) return jsonError(resolved.status, resolved.message);
  if (body.isForm) return redirect(`${grievanceDeskPath(resolved.issueId)}&notice=resolved`, 303);
  return Response.json({ status: 'ACK', data: { issue_id: resolved.issueId } }, { headers: { 'cache-control': 'no-store' } });
};
