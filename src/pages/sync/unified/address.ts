import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { NO_CITY_MESSAGE, SIGN_IN_TO_SYNC_MESSAGE, addressListSchema, canSyncAddresses } from '#/features/location/address.ts';
import { syncAddresses } from '#/features/location/addresses.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/**
 * SPEC §7.1 POST /sync/unified/address: the device's addresses merged into the user's account.
 * Every signed-in user may sync (the SPEC's whitelist config is empty), so the answer says so.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!locals.userId) return jsonError(401, SIGN_IN_TO_SYNC_MESSAGE);
  const body = await parseJsonBody(request, addressListSchema);
  if (!body.ok) return body.response;
  if (!canSyncAddresses(body.data)) return jsonError(400, NO_CITY_MESSAGE);
  const data = await syncAddresses(getDatabase(), locals.userId, body.data);
  return Response.json({ status: 'SUCCESS', userWhitelistedForSync: true, data });
};
