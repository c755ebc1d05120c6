import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { instrumentQuerySchema } from '#/features/payment/payment.ts';
import { lastUpiId } from '#/features/payment/payment.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.3 GET …/getInstrumentDetails?instrumentType=upi_account → {success, instrument_type, vpa}. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const query = parseQuery(url, instrumentQuerySchema);
  if (!query.ok) return query.response;
  const shopper = shopperKey(cookies, locals.userId, { create: false });
  const vpa = shopper ? await lastUpiId(getDatabase(), shopper) : null;
  return Response.json({ success: vpa !== null, instrument_type: 'upi_account', ...(vpa ? { vpa } : {}) });
};
