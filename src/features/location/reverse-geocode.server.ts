import { z } from 'zod';
import type { LatLng } from '#/lib/geo.ts';
import { reverseGeocodeAnswerSchema, reverseGeocodeOffline, type ReverseGeocodeAnswer } from './reverse-geocode.ts';

/** A slow geocoding service must not hold the shopper's pin drag: past this, answer offline. */
const SERVICE_TIMEOUT_MS = 3000;

const serviceAnswerSchema = z.union([z.object({ data: reverseGeocodeAnswerSchema }), reverseGeocodeAnswerSchema]);

/**
 * SPEC §7.1 reverse geocoding: a configured geocoding service when there is one (DESIGN §4),
 * otherwise, and whenever that service fails, the offline gazetteer. Null outside our cities.
 */
export async function reverseGeocode(point: LatLng, serviceUrl: string | null): Promise<ReverseGeocodeAnswer | null> {
  if (serviceUrl) {
    const answer = await askService(serviceUrl, point);
    if (answer) return answer;
  }
  return reverseGeocodeOffline(point);
}

async function askService(template: string, point: LatLng): Promise<ReverseGeocodeAnswer | null> {
  const url = template.replace('{lat}', String(point.lat)).replace('{lng}', String(point.lng));
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const parsed = serviceAnswerSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`unexpected answer: ${parsed.error.issues[0]?.message ?? ''}`);
    return 'data' in parsed.data ? parsed.data.data : parsed.data;
  } catch (error) {
    console.warn(`reverse geocoding service failed, answering offline: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
