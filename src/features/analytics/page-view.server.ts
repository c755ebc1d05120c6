// Page views recorded where the page is made (issue 12): a page needs no script to be counted,
// so pages without interaction stay free of JavaScript. Crawlers are not shoppers.
import type { AstroCookies } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { DELIVERY_LOCATION_COOKIE, readDeliveryLocation } from '#/features/location/delivery-location.ts';
import { analyticsPageName } from '#/features/platform/page-name.ts';
import { DEVICE_COOKIE } from '#/features/platform/shopper.server.ts';
import type { Tenant } from '#/features/platform/tenant.ts';
import { lobOf, sourceOf } from './events.ts';
import { recordEvents, type EventRow } from './store.server.ts';

const CRAWLER = /bot|crawl|spider|slurp|lighthouse|headlesschrome\/.*\(compatible/i;
/** The native app names itself in its webview's user agent (README: native bridge contract). */
export const NATIVE_APP_UA = /KiranaApp\//;

function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

/** Records one shopper-facing page answered with HTML; home also logs home_page_loaded (SPEC §7.5). */
export function recordPageView(input: {
  url: URL;
  status: number;
  userAgent: string;
  cookies: AstroCookies;
  sessionId: string;
  shopper: string | null;
  tenant: Tenant;
}): void {
  if (input.status >= 400 || isCrawler(input.userAgent)) return;
  const page = analyticsPageName(input.url.pathname);
  const location = readDeliveryLocation(input.cookies.get(DELIVERY_LOCATION_COOKIE)?.value);
  const q = (name: string) => input.url.searchParams.get(name)?.slice(0, 100) ?? null;
  const base: Omit<EventRow, 'endpoint' | 'name'> = {
    shopper_key: input.shopper,
    session_id: input.sessionId || null,
    device_id: input.cookies.get(DEVICE_COOKIE)?.value ?? null,
    page,
    source: sourceOf(input.userAgent, NATIVE_APP_UA.test(input.userAgent)),
    lob: lobOf(input.tenant),
    event_id: crypto.randomUUID(),
    city_name: location.city,
    pincode: location.pincode,
    utm_source: q('utm_source'),
    utm_medium: q('utm_medium'),
    utm_campaign: q('utm_campaign'),
    identifier_hash: null,
    attributes: { path: input.url.pathname, query: input.url.search.slice(0, 300) },
  };
  const rows: EventRow[] = [{ ...base, endpoint: 'hive', name: 'page_view' }];
  // No customer-engagement service runs in this storefront: its flag says so.
  if (page === 'home_page')
    rows.push({
      ...base,
      endpoint: 'log',
      name: 'home_page_loaded',
      attributes: { ...base.attributes, type: 'info', customer_engagement_service_loaded: false },
    });
  recordEvents(getDatabase(), rows);
}

/** An event the server itself saw happen for a shopper (a cancel or return request sent). */
export function recordShopperEvent(name: string, shopper: string, attributes: Record<string, unknown>, sessionId: string | null = null): void {
  recordEvents(getDatabase(), [
    {
      endpoint: 'hive',
      name,
      shopper_key: shopper,
      session_id: sessionId,
      device_id: null,
      page: null,
      source: null,
      lob: null,
      event_id: crypto.randomUUID(),
      city_name: null,
      pincode: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      identifier_hash: null,
      attributes,
    },
  ]);
}
