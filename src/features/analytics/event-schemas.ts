// What the analytics endpoints take (SPEC §7.5, §3 tracking event), as zod schemas. Server-side
// only in practice: the page module imports the HiveEvent type, never these values.
import { z } from 'zod';
import { MAX_BATCH } from './events.ts';

const text = (max: number) => z.string().max(max);
const value = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/** SPEC §7.5: the fields every /ondc/hive event carries (all optional: a page fills what it knows). */
export const hiveEventSchema = z
  .object({
    event_name: text(80).min(1),
    timestamp: z.union([z.string().max(40), z.number()]).optional(),
    os_name: text(40).optional(),
    app_version: text(40).optional(),
    ext_user_id: text(100).optional(),
    addressSynced: z.boolean().optional(),
    utm_source: text(100).optional(),
    utm_medium: text(100).optional(),
    utm_campaign: text(100).optional(),
    city_name: text(60).optional(),
    locality: text(120).optional(),
    pincode: text(10).optional(),
    lat_lng: text(60).optional(),
    session_id: text(80).optional(),
    device_id: text(80).optional(),
    app_session_id: text(80).optional(),
    source: text(20).optional(),
    os_version: text(40).optional(),
    device_model: text(80).optional(),
    deliveryCriteria: text(40).optional(),
    ref_page: text(80).optional(),
    event_id: text(80).optional(),
    page_name: text(80).optional(),
    lob: text(20).optional(),
    properties: z.record(z.string().max(60), value).optional(),
  })
  .strict();
export type HiveEvent = z.infer<typeof hiveEventSchema>;

/** The batch as a whole, before each event is checked on its own (one bad event loses only itself). */
export const hiveArraySchema = z
  .array(z.unknown(), { error: 'Expected a JSON array of events' })
  .min(1, 'Send at least one event')
  .max(MAX_BATCH, `At most ${MAX_BATCH} events at once`);

/** SPEC §7.5 POST /ondc/log: one event with `event` and `type` (home_page_loaded, not-initialised). */
export const logEventSchema = z
  .object({ event: text(80).min(1), type: text(40).min(1) })
  .catchall(value)
  .refine((body) => Object.keys(body).length <= 40, 'Too many attributes');

/** SPEC §3 tracking event (/ins-api, /insttttruummeenttt). */
export const trackingEventSchema = z
  .object({
    id: text(80).min(1),
    metadata: z.record(z.string().max(60), value).optional(),
    data: z.object({
      eventName: text(80).min(1),
      page_source: text(80).optional(),
      source: z.enum(['app', 'android_mweb', 'ios_mweb', 'other_mweb', 'desktop']),
      lob: z.enum(['electric', 'mobility']),
      identifier: z
        .string()
        .regex(/^\+?\d{10,13}$/, 'identifier is a mobile number')
        .optional(),
    }),
  })
  .strict();
