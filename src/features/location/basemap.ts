import { GAZETTEER, type GazetteerCity } from './gazetteer.ts';

// The offline basemap of /address-map (issue 5): with no tile source configured, the map draws
// each locality as the area whose points are nearer its centre than any other's, i.e. exactly
// the area reverse geocoding names after that locality. The shopper sees on the map the
// locality and pincode the pin will get.

export interface LocalityArea {
  type: 'Feature';
  properties: { name: string; pincode: string; cityId: string; city: string; lat: number; lng: number };
  geometry: { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
}

export interface Basemap {
  type: 'FeatureCollection';
  features: LocalityArea[];
}

/** How far the drawn city reaches past its outermost locality centre (km). */
const CITY_MARGIN_KM = 3;
const OUTLINE_POINTS = 40;

type Point = [x: number, y: number];

export function buildBasemap(cities: readonly GazetteerCity[] = GAZETTEER): Basemap {
  return { type: 'FeatureCollection', features: cities.flatMap(cityAreas) };
}

function cityAreas(city: GazetteerCity): LocalityArea[] {
  const lat0 = city.localities.reduce((s, l) => s + l.lat, 0) / city.localities.length;
  const lng0 = city.localities.reduce((s, l) => s + l.lng, 0) / city.localities.length;
  // Over a city, an equirectangular plane around its centre keeps distances within a fraction
  // of a percent of the great-circle ones, so straight bisectors are the nearest-locality edges.
  const kmPerLng = 111.32 * Math.cos((lat0 * Math.PI) / 180);
  const kmPerLat = 110.57;
  const toPlane = (lat: number, lng: number): Point => [(lng - lng0) * kmPerLng, (lat - lat0) * kmPerLat];
  const toLngLat = ([x, y]: Point): [number, number] => [round(lng0 + x / kmPerLng), round(lat0 + y / kmPerLat)];

  const centres = city.localities.map((l) => toPlane(l.lat, l.lng));
  const radius = Math.max(...centres.map(([x, y]) => Math.hypot(x, y))) + CITY_MARGIN_KM;
  const outline: Point[] = Array.from({ length: OUTLINE_POINTS }, (_, i) => {
    const angle = (2 * Math.PI * i) / OUTLINE_POINTS;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });

  return city.localities.map((locality, i) => {
    const own = centres[i] as Point;
    let area = outline;
    centres.forEach((other, j) => {
      if (j !== i) area = keepNearer(area, own, other);
    });
    const ring = area.map(toLngLat);
    if (ring[0]) ring.push(ring[0]);
    return {
      type: 'Feature',
      properties: { name: locality.name, pincode: locality.pincode, cityId: city.id, city: city.name, lat: locality.lat, lng: locality.lng },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
  });
}

/** Clips a convex polygon to the half of the plane nearer `own` than `other` (Sutherland–Hodgman). */
function keepNearer(polygon: Point[], own: Point, other: Point): Point[] {
  const normal: Point = [other[0] - own[0], other[1] - own[1]];
  const mid: Point = [(own[0] + other[0]) / 2, (own[1] + other[1]) / 2];
  const side = (p: Point) => (p[0] - mid[0]) * normal[0] + (p[1] - mid[1]) * normal[1];
  const result: Point[] = [];
  polygon.forEach((current, k) => {
    const previous = polygon[(k + polygon.length - 1) % polygon.length] as Point;
    const sc = side(current);
    const sp = side(previous);
    if (sc <= 0) {
      if (sp > 0) result.push(crossing(previous, current, sp, sc));
      result.push(current);
    } else if (sp <= 0) {
      result.push(crossing(previous, current, sp, sc));
    }
  });
  return result;
}

function crossing(a: Point, b: Point, sa: number, sb: number): Point {
  const t = sa / (sa - sb);
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

function round(n: number) {
  return Math.round(n * 1e5) / 1e5;
}
