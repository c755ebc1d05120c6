import type { z } from 'zod';

/** A 4xx answer with a message a developer or shopper can act on (STYLE: errors are values). */
export function jsonError(status: number, message: string, details?: unknown): Response {
  return Response.json({ status: 'FAILURE', error: { message, ...(details === undefined ? {} : { details }) } }, { status });
}

/** Parses query parameters with a schema, answering 400 with the first problem when they do not fit. */
export function parseQuery<T extends z.ZodType>(url: URL, schema: T): { ok: true; data: z.infer<T> } | { ok: false; response: Response } {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: jsonError(400, describeIssue(parsed.error)) };
}

/** Reads and parses a JSON body with a schema; malformed JSON and wrong shapes are 400s, never 500s. */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; response: Response }> {
  let json: unknown;
  try {
    const text = await request.text();
    if (hasNul(text)) return { ok: false, response: jsonError(400, NUL_MESSAGE) };
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, 'The request body must be JSON') };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: jsonError(400, describeIssue(parsed.error)) };
}

/** PostgreSQL text cannot hold NUL: such input is refused as a whole, before any query. */
export const NUL_MESSAGE = 'Text may not contain NUL characters';

/** A NUL character, raw or as a JSON escape. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000') || /\\u0000/i.test(text);
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'request';
  return `${where}: ${issue.message}`;
}

/** Catalogue answers may be kept by a CDN briefly, one copy per pincode (the SPEC §7 `pincode` header). */
export function catalogueJson(body: unknown): Response {
  return Response.json(body, {
    headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300', Vary: 'pincode, Cookie' },
  });
}
