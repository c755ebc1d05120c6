// Tracking an order on its way (SPEC §9: a time estimate from an ISO duration in days, hours,
// minutes and seconds; the map refreshes every 60 s while the rider has the order).
import type { LatLng } from '#/lib/geo.ts';
import type { OrderStatus } from './orders.ts';

/** SPEC §9 tracking interval. */
export const TRACK_REFRESH_MS = 60_000;

/** The rider has the order: the map follows them. */
export function isOnTheWay(status: OrderStatus): boolean {
  return status === 'picked_up' || status === 'out_for_delivery';
}

/** ONDC gps "12.9716,77.5946" to a point; null when it is not one on Earth. */
export function parseGps(gps: string | undefined | null): LatLng | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(gps ?? '');
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
