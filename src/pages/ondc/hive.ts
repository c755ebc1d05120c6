import type { APIRoute } from 'astro';
import { takeHive } from '#/features/analytics/ingest.server.ts';

/** SPEC §7.5 POST /ondc/hive: a batch of analytics events. */
export const POST: APIRoute = ({ request, cookies, locals, clientAddress }) =>
  takeHive({ request, cookies, userId: locals.userId, claimedUserId: locals.claimedUserId, clientAddress });
