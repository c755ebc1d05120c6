// Core's parse takes a classic or a mini schema (mini where the schema also runs in the browser).
import { safeParse, type $ZodError, type $ZodType, type output } from 'zod/v4/core';

/** A 4xx answer with a message a developer or shopper can act on (STYLE: errors are values). */
export function jsonError(status: number, message: string, details?: unknown): Response {
  return Response.json({ status: 'FAILURE', error: { message, ...(details === undefined ? {} : { details }) } }, { status });
}

/** Parses query parameters with a schema, answering 400 with the first problem when they do not fit. */
export function parseQuery<T extends $ZodType>(url: URL, schema: T): { ok: true; data: output<T> } | { ok: false; response: Response } {
  const parsed = safeParse(schema, Object.fromEntries(url.searchParams));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: jsonError(400, describeIssue(parsed.error)) };
}

/** Reads and parses a JSON body with a schema; malformed JSON, unstorable text and wrong shapes are 400s, never 500s. */
export async function parseJsonBody<T extends $ZodType>(
  request: Request,
  schema: T,
): Promise<{ ok: true; data: output<T> } | { ok: false; response: Response }> {
  const json = parseJsonText(await readText(request));
  if (!json.ok) return { ok: false, response: jsonError(400, json.message) };
  const parsed = safeParse(schema, json.value);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, response: jsonError(400, describeIssue(parsed.error)) };
}

/**
 * The body as text. Its size was checked while it was read, against its route's limit, before any
 * route ran (src/lib/http/body.server.ts); a client gone mid-body reads as empty.
 */
export async function readText(request: Request): Promise<string> {
  try {
    return await request.text();
  } catch {
    return '';
  }
}

/** The body's bytes (a photo), read within its route's limit as `readText` is. */
export async function readBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await request.arrayBuffer());
  } catch {
    return new Uint8Array();
  }
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON text parsed, with every string and key in it storable (see `unstorableText`). */
export function parseJsonText(text: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The request body must be JSON' };
  }
  // Decoded UTF-8 holds no lone surrogate and JSON no raw NUL: only an escape can make one, so text
  // without such an escape needs no walk (a 500-item catalogue page: the walk cost more than parsing).
  if (!MAYBE_UNSTORABLE.test(text)) return { ok: true, value };
  const problem = unstorableText(value);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/** A `\uD800`–`\uDFFF` or `\u0000` escape, or a raw NUL (which JSON.parse refuses anyway). */
const MAYBE_UNSTORABLE = /\\u(?:[dD][89a-fA-F]|0000)|\0/;

/** PostgreSQL text cannot hold NUL: such input is refused as a whole, before any query. */
export const NUL_MESSAGE = 'Text may not contain NUL characters';
/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) is not Unicode text: PostgreSQL refuses it in
 * jsonb and it cannot be encoded as UTF-8 (issue 24: it gave 500s on five endpoints).
 */
export const SURROGATE_MESSAGE = 'Text may not contain lone UTF-16 surrogates (not Unicode characters)';

/**
 * Where a parsed JSON value holds text we cannot store or show (a NUL, a lone surrogate, in a
 * string or a key), as a message naming the place; null when all of it is fine. Walks without
 * recursion: JSON.parse takes nesting far deeper than the call stack would.
 */
export function unstorableText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: next, path } = stack.pop()!;
    if (typeof next === 'string') {
      const problem = textProblem(next);
      if (problem) return `${path || 'body'}: ${problem}`;
    } else if (Array.isArray(next)) {
      for (let i = next.length - 1; i >= 0; i--) stack.push({ value: next[i], path: `${path}${path ? '.' : ''}${i}` });
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        const problem = textProblem(key);
        if (problem) return `${path || 'body'}: a key: ${problem}`;
        stack.push({ value: child, path: `${path}${path ? '.' : ''}${key}` });
      }
    }
  }
  return null;
}

/** What is wrong with one piece of text, or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (!text.isWellFormed()) return SURROGATE_MESSAGE;
  return null;
}

/** A NUL character, raw or as a JSON escape. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000') || /\\u0000/i.test(text);
}

export function describeIssue(error: $ZodError): string {
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
