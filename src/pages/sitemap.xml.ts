import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { GROCERY_CATEGORIES, GROCERY_SUB_CATEGORIES } from '#/features/catalogue/categories.ts';
import { productUrl, providerUrl } from '#/features/catalogue/paths.ts';
import { sitemapProducts, sitemapStores } from '#/features/catalogue/product.server.ts';
import { HREFLANG, LOCALES, localisedPath } from '#/features/i18n/locale.ts';

/** A sitemap holds at most 50,000 addresses, and each page is listed in both languages. */
const MAX_PAGES = 25_000;
/** Room left for the fixed pages and a few products when every store is listed. */
const MAX_STORES = 24_900;

// @astrojs/sitemap cannot list server-rendered routes (DESIGN §7): the catalogue's pages come
// from the database. The fixed pages, the stores (24,900 at most), then product pages (issue 29:
// each product once, the SPEC §5 winner's page) in what room is left.
export const GET: APIRoute = async ({ url }) => {
  const site = (process.env.PUBLIC_SITE_URL ?? url.origin).replace(/\/$/, '');
  const database = getDatabase();
  const stores = await sitemapStores(database, MAX_STORES);
  const pages: Array<{ path: string; lastmod?: Date }> = [
    '/',
    '/stores',
    '/offers',
    '/grocery-category',
    '/privacy-policy',
    '/terms-and-conditions',
    ...[...GROCERY_CATEGORIES, ...GROCERY_SUB_CATEGORIES].map((c) => c.redirectionURL),
    ...stores.map(providerUrl),
  ].map((path) => ({ path }));
  const products = await sitemapProducts(database, MAX_PAGES - pages.length);
  pages.push(...products.map((p) => ({ path: productUrl(p), lastmod: p.lastmod })));
  const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  // Every page once per language, each entry naming all its languages (Google's sitemap hreflang).
  const alternates = (p: string) =>
    [...LOCALES.map((l) => ({ hreflang: HREFLANG[l], href: site + localisedPath(p, l) })), { hreflang: 'x-default', href: site + localisedPath(p, 'en') }]
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${pages
    .flatMap(({ path, lastmod }) =>
      LOCALES.map(
        (l) =>
          `  <url><loc>${escapeXml(site + localisedPath(path, l))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates(path)}</url>`,
      ),
    )
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=3600' } });
};
