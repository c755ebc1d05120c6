// The analytics endpoints' shared work (SPEC §7.5): read a bounded JSON body, check it against its
// schema, limit the sender, and hand the rows to the batched writer. Nothing is stored from a
// request that fails any of these.
import type { AstroCookies } from 'astro';
import type { z } from 'zod';
import { getDatabase } from '#/db/client.ts';
import { jsonError, readText, unstorableText } from '#/lib/http/json.ts';
import { SESSION_COOKIE } from '#/features/platform/session.ts';
import { shopperKey } from '#/features/platform/shopper.server.ts';
import { hiveArraySchema, hiveEventSchema, logEventSchema, trackingEventSchema, type HiveEvent } from './event-schemas.ts';
import { hashIdentifier, rateLimit, recordEvents, type EventRow } from './store.server.ts';

type Input = {
  request: Request;
  cookies: AstroCookies;
  userId: string | null | undefined;
  claimedUserId?: string | null | undefined;
  clientAddress: string | undefined;
};

/** The body as JSON, unchecked: its size was checked while it was read (body-limits.ts). */
async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: JSON.parse(await readText(request)) };
  } catch {
    return { ok: false, response: jsonError(400, 'The body is not JSON') };
  }
}

/** The body checked against its schema, and every text in it storable (no NUL, no lone surrogate). */
function check<T extends z.ZodType>(schema: T, body: unknown): { ok: true; data: z.infer<T> } | { ok: false; message: string } {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid event' };
  }
  const problem = unstorableText(parsed.data);
  return problem ? { ok: false, message: problem } : { ok: true, data: parsed.data };
}

function parse<T extends z.ZodType>(schema: T, body: unknown): { ok: true; data: z.infer<T> } | { ok: false; response: Response } {
  const checked = check(schema, body);
  return checked.ok ? checked : { ok: false, response: jsonError(400, checked.message) };
}

function senderOf(input: Input): { shopper: string | null; sender: string } {
  const shopper = shopperKey(input.cookies, input.userId ?? null, { create: false });
  return { shopper, sender: shopper ?? input.cookies.get(SESSION_COOKIE)?.value ?? input.clientAddress ?? 'unknown' };
}

async function limited(sender: string, events: number): Promise<Response | null> {
  const wait = await rateLimit(getDatabase(), sender, events);
  if (wait === null) return null;
  return new Response(JSON.stringify({ error: { message: 'Too many events: try again later' } }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(wait) },
  });
}

const accepted = (count: number, refused: Array<{ index: number; message: string }> = []) =>
  Response.json({ status: 'ACK', accepted: count, ...(refused.length > 0 ? { refused } : {}) });
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Reads, checks and limits one request's events, then hands them to the batched writer. */
async function take<T extends z.ZodType>(input: Input, schema: T, rowsOf: (data: z.infer<T>, shopper: string | null) => EventRow[]): Promise<Response> {
  const read = await readJson(input.request);
  if (!read.ok) return read.response;
  const parsed = parse(schema, read.body);
  if (!parsed.ok) return parsed.response;
  const { shopper, sender } = senderOf(input);
  const rows = rowsOf(parsed.data, shopper);
  const over = await limited(sender, rows.length);
  if (over) return over;
  recordEvents(getDatabase(), rows);
  return accepted(rows.length);
}

/**
 * SPEC §7.5 ext_user_id, as the event or the userId cookie names it: `ext_user_verified` only when
 * it is the user whose token verified (issue 24), so an unsigned id never passes for a signed-in one.
 */
function extUser(named: string | undefined, input: Input): { ext_user_id?: string; ext_user_verified?: boolean } {
  const id = named ?? input.claimedUserId ?? null;
  return id ? { ext_user_id: id, ext_user_verified: !!input.userId && id === input.userId } : {};
}

/**
 * POST /ondc/hive: a JSON array of §7.5 events; the §7.5 headers fill what an event leaves out.
 * Each event is checked on its own before anything is queued (issue 24): a bad one is refused by
 * its index and the others are kept; only a batch with no good event is a 400.
 */
export async function takeHive(input: Input): Promise<Response> {
  const read = await readJson(input.request);
  if (!read.ok) return read.response;
  const batch = hiveArraySchema.safeParse(read.body);
  if (!batch.success) return jsonError(400, batch.error.issues[0]?.message ?? 'Expected a JSON array of events');
  const good: HiveEvent[] = [];
  const refused: Array<{ index: number; message: string }> = [];
  batch.data.forEach((event, index) => {
    const checked = check(hiveEventSchema, event);
    if (checked.ok) good.push(checked.data);
    else refused.push({ index, message: checked.message });
  });
  if (good.length === 0) return jsonError(400, refused[0]?.message ?? 'Invalid event', { refused });
  const { shopper, sender } = senderOf(input);
  const rows = good.map((event) => hiveRow(input, event, shopper));
  const over = await limited(sender, rows.length);
  if (over) return over;
  recordEvents(getDatabase(), rows);
  return accepted(rows.length, refused);
}

function hiveRow(input: Input, event: HiveEvent, shopper: string | null): EventRow {
  const header = (name: string) => str(input.request.headers.get(name));
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
    attributes: { ...fields, ...extUser(event.ext_user_id, input), ...(properties ? { properties } : {}) },
  };
}

/** POST /ondc/log: one event with `event` and `type` (home_page_loaded and the like). */
export function takeLog(input: Input): Promise<Response> {
  return take(input, logEventSchema, ({ event: name, ...attributes }, shopper) => [
    {
      endpoint: 'log',
      name,
      shopper_key: shopper,
      session_id: str(attributes['session_id']),
      device_id: str(attributes['device_id']),
      page: str(attributes['page_name']),
      source: str(attributes['source']),
      lob: str(attributes['lob']),
      event_id: str(attributes['event_id']),
      city_name: str(attributes['city_name']),
      pincode: str(attributes['pincode']),
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      identifier_hash: null,
      attributes,
    },
  ]);
}

/** POST /ins-api and /insttttruummeenttt: a §3 tracking event; the mobile number is kept hashed. */
export function takeTracking(input: Input): Promise<Response> {
  return take(input, trackingEventSchema, (event, shopper) => {
    const { identifier, eventName, page_source: pageSource, source, lob } = event.data;
    return [
      {
        endpoint: 'ins',
        name: eventName,
        shopper_key: shopper,
        session_id: null,
        device_id: null,
        page: pageSource ?? null,
        source,
        lob,
        event_id: event.id,
        city_name: null,
        pincode: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        identifier_hash: identifier ? hashIdentifier(identifier) : null,
        attributes: { id: event.id, ...(event.metadata ? { metadata: event.metadata } : {}) },
      },
    ];
  });
}
