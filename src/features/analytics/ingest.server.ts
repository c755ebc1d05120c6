// The analytics endpoints' shared work (SPEC §7.5): read a bounded JSON body, check it against its
// schema, limit the sender, and hand the rows to the batched writer. Nothing is stored from a
// request that fails any of these.
import type { AstroCookies } from 'astro';
import type { z } from 'zod';
import { readConfig } from '../../config.server.ts';
import { getDatabase } from '../../db/client.ts';
import { hasNul, jsonError, NUL_MESSAGE } from '../../lib/http/json.ts';
import { SESSION_COOKIE } from '../platform/session.ts';
import { shopperKey } from '../platform/shopper.server.ts';
import { hiveBatchSchema, logEventSchema, MAX_BODY_BYTES, trackingEventSchema, type HiveEvent } from './events.ts';
import { hashIdentifier, rateLimit, recordEvents, type EventRow } from './store.server.ts';

type Input = { request: Request; cookies: AstroCookies; userId: string | null | undefined; clientAddress: string | undefined };

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) return { ok: false, response: jsonError(413, `The body is larger than ${MAX_BODY_BYTES / 1024} KB`) };
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) return { ok: false, response: jsonError(413, `The body is larger than ${MAX_BODY_BYTES / 1024} KB`) };
  if (hasNul(text)) return { ok: false, response: jsonError(400, NUL_MESSAGE) };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError(400, 'The body is not JSON') };
  }
}

function parse<T extends z.ZodType>(schema: T, body: unknown): { ok: true; data: z.infer<T> } | { ok: false; response: Response } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, response: jsonError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid event') };
}

function senderOf(input: Input): { shopper: string | null; sender: string } {
  const shopper = shopperKey(input.cookies, input.userId ?? null, { create: false });
  return { shopper, sender: shopper ?? input.cookies.get(SESSION_COOKIE)?.value ?? input.clientAddress ?? 'unknown' };
}

function limited(sender: string, events: number): Response | null {
  const wait = rateLimit(sender, events);
  if (wait === null) return null;
  return new Response(JSON.stringify({ error: { message: 'Too many events: try again later' } }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(wait) } });
}

const accepted = (count: number) => Response.json({ status: 'ACK', accepted: count });
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** POST /ondc/hive: a JSON array of §7.5 events; the §7.5 headers fill what an event leaves out. */
export async function takeHive(input: Input): Promise<Response> {
  const read = await readJson(input.request);
  if (!read.ok) return read.response;
  const batch = parse(hiveBatchSchema, read.body);
  if (!batch.ok) return batch.response;
  const { shopper, sender } = senderOf(input);
  const over = limited(sender, batch.data.length);
  if (over) return over;
  const header = (name: string) => str(input.request.headers.get(name));
  const row = (event: HiveEvent): EventRow => {
    const { event_name, properties, ...fields } = event;
    return {
      endpoint: 'hive',
      name: event_name,
      shopper_key: shopper,
      session_id: event.session_id ?? header('session_id'),
      device_id: event.device_id ?? header('device_id'),
      page: event.page_name ?? event.ref_page ?? null,
      source: event.source ?? header('source'),
      lob: event.lob ?? null,
      event_id: event.event_id ?? header('event_id'),
      city_name: event.city_name ?? header('city_name'),
      pincode: event.pincode ?? header('pincode'),
      utm_source: event.utm_source ?? header('utm_source'),
      utm_medium: event.utm_medium ?? header('utm_medium'),
      utm_campaign: event.utm_campaign ?? header('utm_campaign'),
      identifier_hash: null,
      attributes: { ...fields, ...(properties ? { properties } : {}) },
    };
  };
  recordEvents(getDatabase(), batch.data.map(row));
  return accepted(batch.data.length);
}

/** POST /ondc/log: one event with `event` and `type` (home_page_loaded and the like). */
export async function takeLog(input: Input): Promise<Response> {
  const read = await readJson(input.request);
  if (!read.ok) return read.response;
  const event = parse(logEventSchema, read.body);
  if (!event.ok) return event.response;
  const { shopper, sender } = senderOf(input);
  const over = limited(sender, 1);
  if (over) return over;
  const { event: name, ...attributes } = event.data;
  recordEvents(getDatabase(), [
    {
      endpoint: 'log', name, shopper_key: shopper, session_id: str(attributes['session_id']), device_id: str(attributes['device_id']), page: str(attributes['page_name']),
      source: str(attributes['source']), lob: str(attributes['lob']), event_id: str(attributes['event_id']), city_name: str(attributes['city_name']), pincode: str(attributes['pincode']),
      utm_source: null, utm_medium: null, utm_campaign: null, identifier_hash: null, attributes,
    },
  ]);
  return accepted(1);
}

/** POST /ins-api and /insttttruummeenttt: a §3 tracking event; the mobile number is kept hashed. */
export async function takeTracking(input: Input): Promise<Response> {
  const read = await readJson(input.request);
  if (!read.ok) return read.response;
  const event = parse(trackingEventSchema, read.body);
  if (!event.ok) return event.response;
  const { shopper, sender } = senderOf(input);
  const over = limited(sender, 1);
  if (over) return over;
  const { identifier, eventName, page_source: pageSource, source, lob } = event.data.data;
  recordEvents(getDatabase(), [
    {
      endpoint: 'ins', name: eventName, shopper_key: shopper, session_id: null, device_id: null, page: pageSource ?? null, source, lob, event_id: event.data.id,
      city_name: null, pincode: null, utm_source: null, utm_medium: null, utm_campaign: null,
      identifier_hash: identifier ? hashIdentifier(readConfig().dataDir, identifier) : null,
      attributes: { id: event.data.id, ...(event.data.metadata ? { metadata: event.data.metadata } : {}) },
    },
  ]);
  return accepted(1);
}
