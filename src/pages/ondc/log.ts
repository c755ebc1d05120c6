import type { APIRoute } from 'astro';
import { takeLog } from '#/features/analytics/ingest.server.ts';

/** SPEC §7.5 POST /ondc/log: one logged event (home_page_loaded …). */
export const POST: APIRoute = ({ request, cookies, locals, clientAddress }) => takeLog({ request, cookies, userId: locals.userId, clientAddress });
