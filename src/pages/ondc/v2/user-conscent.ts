import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { consentOf } from '#/features/checkout/init.server.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';

/** SPEC §7.3 GET /ondc/v2/user-conscent → {is_consent_accepted}; SPEC §4: accepted by default, also on failure. */
export const GET: APIRoute = async ({ cookies, locals }) => {
  try {
    return Response.json({ is_consent_accepted: await consentOf(getDatabase(), shopperKey(cookies, locals.userId, { create: false })) });
  } catch {
    return Response.json({ is_consent_accepted: true });
  }
};
