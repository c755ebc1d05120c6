import type { APIRoute } from 'astro';
import { readLocationConfig } from '#/features/location/config.server.ts';
import { GAZETTEER } from '#/features/location/gazetteer.ts';
import { latLngQuerySchema } from '#/features/location/geo.ts';
import { reverseGeocode } from '#/features/location/reverse-geocode.server.ts';
import { jsonError, parseQuery } from '#/lib/http/json.ts';

/** SPEC §7.1 GET /kong-api/reverse-geocode?lat&lng → data {formattedAddress, city, state, pinCode, locality, landmark}. */
export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(url, latLngQuerySchema);
  if (!query.ok) return query.response;
  const data = await reverseGeocode(query.data, readLocationConfig().reverseGeocodeUrl);
  if (!data) {
    return jsonError(404, `We have no addresses near ${query.data.lat}, ${query.data.lng}: we deliver in ${GAZETTEER.map((c) => c.name).join(', ')}`);
  }
  // The same point always names the same place: let the browser keep it for a while.
  return Response.json({ status: 'SUCCESS', data }, { headers: { 'Cache-Control': 'public, max-age=3600' } });
};
