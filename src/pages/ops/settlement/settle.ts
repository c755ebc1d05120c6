import type { APIRoute } from 'astro';
import { readConfig } from '#/config.server.ts';
import { getDatabase } from '#/db/client.ts';
import { operatorOnly } from '#/features/analytics/ops.server.ts';
import { settleWithSellers, settlementAgencyOf } from '#/features/settlement/settlement.server.ts';
import { getBuyerApp } from '#/ondc/runtime.server.ts';

/** POST /ops/settlement/settle: a round of settlement now, recons then settles (operator token). */
export const POST: APIRoute = async ({ request }) => {
  const refused = operatorOnly(request);
  if (refused) return refused;
  const app = getBuyerApp();
  const agency = settlementAgencyOf(app, readConfig().settlementAgency);
  if (!agency)
    return Response.json({ error: { message: 'No settlement agency: set SETTLEMENT_AGENCY_URL' } }, { status: 409, headers: { 'cache-control': 'no-store' } });
  return Response.json({ data: await settleWithSellers(getDatabase(), app, agency) }, { headers: { 'cache-control': 'no-store' } });
};
