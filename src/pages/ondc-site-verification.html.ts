import type { APIRoute } from 'astro';
import { siteVerificationPage, storefrontOnboarding } from '#/ondc/onboarding.server.ts';

/** Read by the ONDC registry during a subscribe: the request id signed with the key being subscribed. */
export const GET: APIRoute = async () => {
  const page = siteVerificationPage(await storefrontOnboarding());
  if (!page) return new Response('No ONDC registry subscription is under way.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
};
