import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { operatorOnly } from '#/features/analytics/ops.server.ts';
import { sendRecons } from '#/features/settlement/settlement.server.ts';
import { getBuyerApp } from '#/ondc/runtime.server.ts';

/** POST /ops/settlement/recon: sends each seller the recon of its settled orders now (operator token). */
export const POST: APIRoute = async ({ request }) => {
  const refused = operatorOnly(request);
  if (refused) return refused;
  return Response.json({ data: await sendRecons(getDatabase(), getBuyerApp()) }, { headers: { 'cache-control': 'no-store' } });
};
