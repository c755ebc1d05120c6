import { GAZETTEER, PLACES, findCityByPincode, type GazetteerCity, type Place } from './gazetteer.ts';
import { distanceKm, type LatLng } from '#/lib/geo.ts';
import { hasDevanagari, latinSpellings, soundKey } from '#/lib/devanagari.ts';

/** Enough to choose from on a phone screen. */
export const SEARCH_LIMIT = 8;

export type LocalitySearch =
  | { kind: 'places'; places: Place[] }
  /** A pincode we have no locality for, in a city we know: the shopper drops the pin there. */
  | { kind: 'city'; city: GazetteerCity; pincode: string }
  | { kind: 'none' };

/**
 * The search box of /address-map: a pincode (whole or its first digits) or a locality, landmark
 * or city name. Names match at the start of a word first, then anywhere; among equals, the
 * localities nearest the pin come first, so "nagar" lists the shopper's own city's Nagars.
 */
export function searchLocalities(query: string, near?: LatLng): LocalitySearch {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q.length < 2) return { kind: 'none' };
  if (/^\d+$/.test(q)) {
    const places = byDistance(
      PLACES.filter((p) => p.pincode.startsWith(q)),
      near,
    ).slice(0, SEARCH_LIMIT);
    if (places.length > 0) return { kind: 'places', places };
    const city = q.length === 6 ? findCityByPincode(q) : undefined;
    return city ? { kind: 'city', city, pincode: q } : { kind: 'none' };
  }
  const words = (s: string) => s.toLowerCase().split(/[\s,.()-]+/);
  // A name typed in Devanagari (कोरमंगला) is matched by how it sounds against the Latin names.
  const typed = hasDevanagari(q) ? q.split(' ').map((w) => latinSpellings(w).map(soundKey)) : undefined;
  const soundsLike = (s: string) => {
    if (!typed) return false;
    const whole = soundKey(s);
    const keys = words(s).map(soundKey);
    return typed.every((spellings) => spellings.some((key) => key.length > 0 && (whole.startsWith(key) || keys.some((k) => k.startsWith(key)))));
  };
  const startsWord = (s: string) => s.toLowerCase().startsWith(q) || words(s).some((w) => w.startsWith(q)) || soundsLike(s);
  const cityMatches = new Set(GAZETTEER.filter((c) => startsWord(c.name) || c.aliases.some((a) => a.startsWith(q))).map((c) => c.id));
  const ranked = PLACES.map((p) => {
    const rank = startsWord(p.name) ? 0 : p.name.toLowerCase().includes(q) ? 1 : startsWord(p.landmark) ? 2 : cityMatches.has(p.cityId) ? 3 : -1;
    return { p, rank, km: near ? distanceKm(near, p) : 0 };
  }).filter((r) => r.rank >= 0);
  ranked.sort((a, b) => a.rank - b.rank || a.km - b.km);
  const places = ranked.slice(0, SEARCH_LIMIT).map((r) => r.p);
  return places.length > 0 ? { kind: 'places', places } : { kind: 'none' };
}

function byDistance(places: Place[], near: LatLng | undefined): Place[] {
  // A copy sorted in place: older Android webviews lack Array.prototype.toSorted.
  return near ? [...places].sort((a, b) => distanceKm(near, a) - distanceKm(near, b)) : places;
}
