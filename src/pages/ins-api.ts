import type { APIRoute } from 'astro';
import { takeTracking } from '#/features/analytics/ingest.server.ts';

/** SPEC §7.5 POST /ins-api: a tracking event. */
export const POST: APIRoute = ({ request, cookies, locals, clientAddress }) => takeTracking({ request, cookies, userId: locals.userId, clientAddress });
