// The operator's analytics read side over HTTP (works while PGlite is held by the running
// storefront): only with ANALYTICS_TOKEN set and sent as a bearer token; otherwise not there.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { jsonError } from '#/lib/http/json.ts';

export const sinceSchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,3}[dh]$/, 'since is like 7d or 12h')
    .default('7d'),
  name: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(100_000).default(10_000),
});

export function sinceDate(since: string, now = Date.now()): Date {
  const amount = Number(since.slice(0, -1));
  return new Date(now - amount * (since.endsWith('d') ? 86_400_000 : 3_600_000));
}

/** null when the caller is the operator; the refusal to send otherwise. */
export function operatorOnly(request: Request): Response | null {
  const token = process.env['ANALYTICS_TOKEN'];
  if (!token) return jsonError(404, 'Not found');
  const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : jsonError(401, 'A valid analytics token is needed');
}
