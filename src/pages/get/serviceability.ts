import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { isPincodeServed } from '#/features/location/serviceability.server.ts';
import { parseQuery } from '#/lib/http/json.ts';

const querySchema = z.object({ pincode: z.string().regex(/^[1-9]\d{5}$/, 'pincode must be 6 digits') });

/** Issue 5: whether any seller delivers to a pincode, so the picker can say "we don't deliver here yet". */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  const served = await isPincodeServed(getDatabase(), query.data.pincode);
  return Response.json({ status: 'SUCCESS', data: { pinCode: query.data.pincode, served } });
};
