import type { APIRoute } from 'astro';
import { getDatabase } from '../db/client.ts';
import { GROCERY_CATEGORIES, GROCERY_SUB_CATEGORIES } from '../features/catalogue/categories.ts';
import { providerUrl } from '../features/catalogue/paths.ts';

// @astrojs/sitemap cannot list server-rendered routes (DESIGN §7): the catalogue's pages come
// from the database.
export const GET: APIRoute = async ({ url }) => {
  const site = (process.env.PUBLIC_SITE_URL ?? url.origin).replace(/\/$/, '');
  const providers = await getDatabase().query<{ provider_id: string; location_id: string }>(
    `SELECT provider_id, location_id FROM catalogue_providers WHERE status = 'enable' ORDER BY provider_id LIMIT 45000`,
  );
  const paths = [
    '/', '/stores', '/offers', '/grocery-category', '/privacy-policy', '/terms-and-conditions',
    ...[...GROCERY_CATEGORIES, ...GROCERY_SUB_CATEGORIES].map((c) => c.redirectionURL),
    ...providers.map((p) => providerUrl({ id: p.provider_id, locationId: p.location_id })),
  ];
  const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map((p) => `  <url><loc>${escape(site + p)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=3600' } });
};
