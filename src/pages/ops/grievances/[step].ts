import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { getDatabase, type Database } from '#/db/client.ts';
import { operatorOnly } from '#/features/analytics/ops.server.ts';
import { officerDecisionSchema, officerQuestionSchema } from '#/features/issues/grievance-desk.ts';
import { askShopper, resolveGrievance } from '#/features/issues/grievance-desk.server.ts';
import type { IssueOutcome } from '#/features/issues/issues.server.ts';
import { grievanceDeskPath } from '#/features/issues/paths.ts';
import { jsonError } from '#/lib/http/json.ts';
import { readFormOrJson } from '#/lib/http/form-or-json.ts';
import { findBuyerApp, type BuyerApp } from '#/ondc/runtime.server.ts';

/** One step of our grievance officer's on an escalated complaint: its body, what it does, the desk's notice after it. */
type Step<T extends z.ZodType> = { schema: T; run: (database: Database, app: BuyerApp, body: z.infer<T>) => Promise<IssueOutcome>; notice: string };

async function take<T extends z.ZodType>({ request, redirect }: APIContext, step: Step<T>): Promise<Response> {
  const body = await readFormOrJson(request, step.schema);
  if (!body.ok) return body.response;
  const app = findBuyerApp();
  if (!app) return jsonError(503, 'The store network is not reachable right now');
  const done = await step.run(getDatabase(), app, body.data);
  if (!done.ok) return jsonError(done.status, done.message);
  if (body.isForm) return redirect(`${grievanceDeskPath(done.issueId)}&notice=${step.notice}`, 303);
  return Response.json({ status: 'ACK', data: { issue_id: done.issueId } }, { headers: { 'cache-control': 'no-store' } });
}

/**
 * POST /ops/grievances/resolve {issue_id, outcome: REFUND|REPLACEMENT|NO_ACTION, amount, response}
 * and POST /ops/grievances/ask {issue_id, question} (operator token): our grievance officer
 * resolves an escalated complaint, or first asks the shopper, who answers on the complaint's page.
 * The desk's forms post here without JavaScript and come back to the complaint; a refusal is its
 * 4xx with the reason.
 */
export const POST: APIRoute = async (context) => {
  const refused = operatorOnly(context.request);
  if (refused) return refused;
  if (context.params.step === 'resolve') return take(context, { schema: officerDecisionSchema, run: resolveGrievance, notice: 'resolved' });
  if (context.params.step === 'ask') return take(context, { schema: officerQuestionSchema, run: askShopper, notice: 'asked' });
  return jsonError(404, 'No such step: resolve or ask');
};
