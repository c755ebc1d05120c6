import { describe, expect, it } from 'vitest';
import { eventFields, type PageFacts } from './fields.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36';
const facts = (overrides: Partial<PageFacts> = {}, cookies: Record<string, string> = {}): PageFacts => ({
  userAgent: ANDROID,
  cookie: (name) => cookies[name] ?? null,
  url: new URL('https://kirana.example/grocery-category?categoryId=101&utm_source=sms&utm_campaign=diwali'),
  referrer: 'https://kirana.example/',
  sessionTenant: null,
  landingUtm: null,
  inNativeApp: false,
  now: new Date('2026-11-24T10:00:00Z'),
  eventId: 'e-1',
  ...overrides,
});

describe('the §7.5 fields of an event', () => {
  it('come from the page, its cookies, the landing URL and the user agent', () => {
    const place = JSON.stringify({ label: 'HSR Layout', city: 'bengaluru', pincode: '560102', lat: 12.91, lng: 77.64 });
    expect(eventFields(facts({}, { sessionId: 's-9', deliveryLocation: place }))).toEqual({
      timestamp: '2026-11-24T10:00:00.000Z',
      os_name: 'android',
      session_id: 's-9',
      source: 'android_mweb',
      page_name: 'grocery-category_page',
      ref_page: 'home_page',
      event_id: 'e-1',
      lob: 'mobility',
      city_name: 'bengaluru',
      locality: 'HSR Layout',
      pincode: '560102',
      lat_lng: '12.91,77.64',
      utm_source: 'sms',
      utm_campaign: 'diwali',
    });
  });

  it('keep the landing page’s utm fields, ignore another site as referrer, and follow the tenant', () => {
    const fields = eventFields(
      facts(
        { landingUtm: { utm_source: 'whatsapp' }, referrer: 'https://elsewhere.example/x', sessionTenant: 'ev_delivery', inNativeApp: true },
        { tenant: 'nonsense' },
      ),
    );
    expect(fields).toMatchObject({ utm_source: 'whatsapp', source: 'app', lob: 'electric' });
    expect(fields).not.toHaveProperty('ref_page');
    expect(fields).not.toHaveProperty('utm_campaign');
    expect(eventFields(facts({ sessionTenant: 'ev_delivery' }, { tenant: 'mobility' })).lob).toBe('mobility');
  });

  it('say desktop and iOS where they are', () => {
    expect(eventFields(facts({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' })).source).toBe('desktop');
    expect(eventFields(facts({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' }))).toMatchObject({
      source: 'ios_mweb',
      os_name: 'ios',
    });
  });
});
