import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { NO_CITY_MESSAGE, SIGN_IN_TO_SYNC_MESSAGE, addressSchema, canSyncAddresses } from '#/features/location/address.ts';
import { deleteAddress, saveAddress } from '#/features/location/addresses.server.ts';
import { jsonError, parseJsonBody, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.1 POST /save/unified/address: one address, with the SPEC §5 replace rules. Answers the list. */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!locals.userId) return jsonError(401, SIGN_IN_TO_SYNC_MESSAGE);
  const body = await parseJsonBody(request, addressSchema);
  if (!body.ok) return body.response;
  if (!canSyncAddresses([body.data])) return jsonError(400, NO_CITY_MESSAGE);
  const data = await saveAddress(getDatabase(), locals.userId, body.data);
  return Response.json({ status: 'SUCCESS', data });
};

const deleteQuerySchema = z.object({ id: addressSchema.shape.id });

/** SPEC §5: delete removes the address by id (DELETE /save/unified/address?id=…). Answers the list. */
export const DELETE: APIRoute = async ({ url, locals }) => {
  if (!locals.userId) return jsonError(401, SIGN_IN_TO_SYNC_MESSAGE);
  const query = parseQuery(url, deleteQuerySchema);
  if (!query.ok) return query.response;
  const data = await deleteAddress(getDatabase(), locals.userId, query.data.id);
  return Response.json({ status: 'SUCCESS', data });
};
