import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ url }) => {
  const site = (process.env.PUBLIC_SITE_URL ?? url.origin).replace(/\/$/, '');
  const body = [
    'User-agent: *',
    // Shopper-specific and protocol paths are not for crawlers.
    ...['/cart', '/payment', '/order-history', '/order-confirmation', '/invoice', '/ondc/', '/bap/', '/media', '/test'].map((p) => `Disallow: ${p}`),
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
};
