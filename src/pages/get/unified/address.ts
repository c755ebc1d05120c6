import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { SIGN_IN_TO_SYNC_MESSAGE } from '#/features/location/address.ts';
import { listSavedAddresses } from '#/features/location/addresses.server.ts';
import { jsonError } from '#/lib/http/json.ts';

/** SPEC §7.1 GET /get/unified/address: the signed-in user's saved addresses, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.userId) return jsonError(401, SIGN_IN_TO_SYNC_MESSAGE);
  const data = await listSavedAddresses(getDatabase(), locals.userId);
  return Response.json({ status: 'SUCCESS', userWhitelistedForSync: true, data });
};
