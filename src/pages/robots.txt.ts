import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ url }) => {
  const site = (process.env.PUBLIC_SITE_URL ?? url.origin).replace(/\/$/, '');
  const body = [
    'User-agent: *',
    // Shopper-specific, operator and protocol paths are not for crawlers. /media (seller pictures
    // through our origin, only from sellers in our catalogue) stays open so product pictures and
    // share cards can be indexed and previewed (issue 29); shoppers' return photos stay closed.
    ...[
      '/cart',
      '/payment',
      '/order-history',
      '/order-confirmation',
      '/invoice',
      '/return-photos/',
      '/complaint-details/',
      '/ops/',
      '/ondc/',
      '/bap/',
      '/test',
    ].map((p) => `Disallow: ${p}`),
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
};
