import { z } from 'zod';

// Location settings, read from the environment at run time like src/config.server.ts. Both are
// off by default: nothing may be fetched from outside unless an operator says so.
const locationEnvSchema = z.object({
  /** A tile URL template such as https://tiles.example/{z}/{x}/{y}.png; unset draws the offline basemap. */
  MAP_TILE_URL: z
    .url()
    .refine((u) => u.includes('{z}') && u.includes('{x}') && u.includes('{y}'), 'MAP_TILE_URL needs {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  /** A reverse-geocoding service answering the SPEC §7.1 shape for {lat} and {lng}; unset uses the gazetteer. */
  REVERSE_GEOCODE_URL: z
    .url()
    .refine((u) => u.includes('{lat}') && u.includes('{lng}'), 'REVERSE_GEOCODE_URL needs {lat} and {lng}')
    .optional(),
});

export interface LocationConfig {
  tiles: { url: string; origin: string; attribution: string } | null;
  reverseGeocodeUrl: string | null;
}

export function readLocationConfig(env: NodeJS.ProcessEnv = process.env): LocationConfig {
  const parsed = locationEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) throw new Error(`Invalid location configuration: ${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    tiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, origin: tileOrigin(e.MAP_TILE_URL), attribution: e.MAP_TILE_ATTRIBUTION ?? '' } : null,
    reverseGeocodeUrl: e.REVERSE_GEOCODE_URL ?? null,
  };
}

// Templates may carry {s} subdomains; the CSP source must cover all of them.
function tileOrigin(template: string): string {
  const url = new URL(template.replace('{s}', 'subdomain'));
  return template.includes('{s}.') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
}
