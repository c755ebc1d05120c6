import type { APIRoute } from 'astro';
import { getDatabase } from '../db/client.ts';
import { GROCERY_CATEGORIES, GROCERY_SUB_CATEGORIES } from '../features/catalogue/categories.ts';
import { providerUrl } from '../features/catalogue/paths.ts';
import { HREFLANG, LOCALES, localisedPath } from '../features/i18n/locale.ts';

// @astrojs/sitemap cannot list server-rendered routes (DESIGN §7): the catalogue's pages come
// from the database. A sitemap holds at most 50,000 addresses, and each page is listed in both
// languages: 24,900 stores at most.
export const GET: APIRoute = async ({ url }) => {
  const site = (process.env.PUBLIC_SITE_URL ?? url.origin).replace(/\/$/, '');
  const providers = await getDatabase().query<{ provider_id: string; location_id: string }>(
    `SELECT provider_id, location_id FROM catalogue_providers WHERE status = 'enable' ORDER BY provider_id LIMIT 24900`,
  );
  const paths = [
    '/', '/stores', '/offers', '/grocery-category', '/privacy-policy', '/terms-and-conditions',
    ...[...GROCERY_CATEGORIES, ...GROCERY_SUB_CATEGORIES].map((c) => c.redirectionURL),
    ...providers.map((p) => providerUrl({ id: p.provider_id, locationId: p.location_id })),
  ];
  const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  // Every page once per language, each entry naming all its languages (Google's sitemap hreflang).
  const alternates = (p: string) =>
    [...LOCALES.map((l) => ({ hreflang: HREFLANG[l], href: site + localisedPath(p, l) })), { hreflang: 'x-default', href: site + localisedPath(p, 'en') }]
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escape(a.href)}"/>`)
      .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${paths
    .flatMap((p) => LOCALES.map((l) => `  <url><loc>${escape(site + localisedPath(p, l))}</loc>${alternates(p)}</url>`))
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=3600' } });
};
