// The SPEC §7.5 fields of a page's event, from what the page knows: its address and referrer, its
// cookies (session, delivery location, tenant), the landing URL's utm fields and the user agent.
import { analyticsPageName } from '#/features/platform/page-name.ts';
import { resolveTenant, TENANT_COOKIE } from '#/features/platform/tenant.ts';
import { lobOf, sourceOf, type HiveEvent } from './events.ts';

export type Utm = Pick<HiveEvent, 'utm_source' | 'utm_medium' | 'utm_campaign'>;

export type PageFacts = {
  userAgent: string;
  cookie: (name: string) => string | null;
  url: URL;
  referrer: string;
  /** the tenant kept in session storage (SPEC §1), if any */
  sessionTenant: string | null;
  /** utm fields kept from the session's landing page, if any */
  landingUtm: Utm | null;
  inNativeApp: boolean;
  now: Date;
  eventId: string;
};

/** utm fields of a landing URL (SPEC §7.5), at most 100 characters each. */
export function utmOf(url: URL): Utm {
  return Object.fromEntries(
    (['utm_source', 'utm_medium', 'utm_campaign'] as const).flatMap((k) => (url.searchParams.get(k) ? [[k, url.searchParams.get(k)!.slice(0, 100)]] : [])),
  );
}

export function eventFields(facts: PageFacts): Omit<HiveEvent, 'event_name'> {
  let place: { label: string; city: string; pincode: string; lat: number; lng: number } | null = null;
  try {
    place = JSON.parse(facts.cookie('deliveryLocation') ?? 'null');
  } catch {
    place = null;
  }
  const ua = facts.userAgent;
  const referrer = URL.canParse(facts.referrer) ? new URL(facts.referrer) : null;
  const tenant = resolveTenant(facts.cookie(TENANT_COOKIE), facts.sessionTenant);
  const session = facts.cookie('sessionId');
  return {
    timestamp: facts.now.toISOString(),
    os_name: /Android/i.test(ua) ? 'android' : /iPhone|iPad|iPod/i.test(ua) ? 'ios' : 'other',
    ...(session ? { session_id: session } : {}),
    source: sourceOf(ua, facts.inNativeApp),
    page_name: analyticsPageName(facts.url.pathname),
    ...(referrer && referrer.origin === facts.url.origin ? { ref_page: analyticsPageName(referrer.pathname) } : {}),
    event_id: facts.eventId,
    lob: lobOf(tenant),
    ...(place ? { city_name: place.city, locality: place.label, pincode: place.pincode, lat_lng: `${place.lat},${place.lng}` } : {}),
    ...(facts.landingUtm ?? utmOf(facts.url)),
  };
}
