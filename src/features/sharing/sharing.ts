// What a shared link shows (issue 29): the page's title, its Open Graph / Twitter card and the
// schema.org data search engines read. Pure: pages hand in what they show, these words come back.
import type { Locale } from '#/features/i18n/locale.ts';

/** SPEC §1: the page title is GROCERY APP; other pages name what they show before it. */
export const APP_TITLE = 'GROCERY APP';
const SEPARATOR = ' · ';

/** "Amul Fresh Paneer · FreshMart · GROCERY APP"; exactly "GROCERY APP" when there is nothing to name. */
export function pageTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.map((p) => p?.trim()).filter((p): p is string => !!p), APP_TITLE].join(SEPARATOR);
}

/** A card's picture, always an address on our own origin (SPEC-free, but the CSP and crawlers want one host). */
export interface ShareImage {
  path: string;
  alt: string;
  width: number;
  height: number;
}

/** The shape link previews (WhatsApp, Facebook, X) draw without cropping: 1.91:1. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
/** The brand card, drawn at build time from the favicon (features/pwa/integration.ts). */
export const BRAND_SHARE_PATH = '/icons/share.png';

export function brandImage(alt: string): ShareImage {
  return { path: BRAND_SHARE_PATH, alt, ...SHARE_SIZE };
}

/**
 * A seller's picture as a share card from our origin. Seller pictures are SVG, which no link
 * preview draws, so /media/share.png rasterises them onto a 1200×630 card.
 */
export function sellerShareImage(src: string | null | undefined, alt: string): ShareImage | null {
  // `:` and `/` may stand unescaped in a query (RFC 3986 §3.4), as in mediaUrl: bytes on every shared page.
  return src ? { path: `/media/share.png?src=${encodeURIComponent(src).replace(/%2F/g, '/').replace(/%3A/g, ':')}`, alt, ...SHARE_SIZE } : null;
}

/** og:locale values: the same language-region pairs as hreflang, with an underscore. */
export const OG_LOCALE: Record<Locale, string> = { en: 'en_IN', hi: 'hi_IN' };

/** Home: who we are and how to search us (Google's sitelinks search box reads the SearchAction). */
export function homeJsonLd(site: string, description: string, locale: Locale) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': `${site}/#organization`, name: APP_TITLE, url: `${site}/`, logo: `${site}/icons/icon-512.png` },
      {
        '@type': 'WebSite',
        '@id': `${site}/#website`,
        name: APP_TITLE,
        url: `${site}/`,
        description,
        inLanguage: locale === 'hi' ? 'hi-IN' : 'en-IN',
        publisher: { '@id': `${site}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${site}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function clock(hhmm: number): string {
  return `${String(Math.floor(hhmm / 100)).padStart(2, '0')}:${String(hhmm % 100).padStart(2, '0')}`;
}

/**
 * schema.org opening hours from the ONDC range (HHMM, every day). A range past midnight (closes
 * before it opens) is, as Google documents, a closing time earlier than the opening time.
 */
export function openingHours(opensAt: number | null, closesAt: number | null) {
  if (opensAt === null || closesAt === null) return [];
  return [{ '@type': 'OpeningHoursSpecification', dayOfWeek: DAYS, opens: clock(opensAt), closes: clock(closesAt) }];
}

export interface StoreFacts {
  name: string;
  isFood: boolean;
  url: string;
  image: string | null;
  description: string | null;
  street: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  lat: number;
  lng: number;
  telephone: string | null;
  opensAt: number | null;
  closesAt: number | null;
}

/** A store or restaurant as Google's LocalBusiness rich result reads it (name and address required; geo, hours, phone recommended). */
export function storeJsonLd(store: StoreFacts) {
  const hours = openingHours(store.opensAt, store.closesAt);
  // ONDC's street and locality ("12 80 Feet Road", "Koramangala") make schema.org's one street line.
  const street = [store.street, store.locality].filter(Boolean).join(', ');
  return {
    '@context': 'https://schema.org',
    '@type': store.isFood ? 'Restaurant' : 'GroceryStore',
    name: store.name,
    url: store.url,
    ...(store.image ? { image: store.image } : {}),
    ...(store.description ? { description: store.description } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(street ? { streetAddress: street } : {}),
      ...(store.city ? { addressLocality: store.city } : {}),
      ...(store.pincode ? { postalCode: store.pincode } : {}),
      ...(store.state ? { addressRegion: store.state } : {}),
      addressCountry: 'IN',
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.lat, longitude: store.lng },
    ...(store.telephone ? { telephone: store.telephone } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
  };
}
