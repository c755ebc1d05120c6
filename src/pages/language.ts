import type { APIRoute } from 'astro';
import { z } from 'zod';
import { localeSchema, switchPath } from '#/features/i18n/locale.ts';
import { parseQuery } from '#/lib/http/json.ts';

// The language switch in the header and footer (a plain link, so it works without JavaScript):
// back to the page the shopper was on, in the chosen language. The page is taken from Referer
// (same origin only), not from the link, so no page writes its own address, private query
// parameters included, into its HTML. The ?lang= it lands on stores the choice (middleware).
const querySchema = z.object({ to: localeSchema });

export const GET: APIRoute = ({ url, request }) => {
  const query = parseQuery(url, querySchema);
  if (!query.ok) return query.response;
  return new Response(null, {
    status: 303,
    headers: { Location: switchPath(sameOriginPath(request.headers.get('referer'), url.origin), query.data.to), 'Cache-Control': 'no-store' },
  });
};

/** The path and query of a same-origin referrer; home for anything else. */
function sameOriginPath(referer: string | null, origin: string): string {
  if (!referer) return '/';
  try {
    const from = new URL(referer);
    return from.origin === origin && from.pathname !== '/language' ? `${from.pathname}${from.search}` : '/';
  } catch {
    return '/';
  }
}
