import type { APIRoute } from 'astro';
import { answerChallenge, storefrontOnboarding } from '#/ondc/onboarding.server.ts';

const MAX_BODY_CHARS = 16 * 1024;

/** The registry's challenge during a subscribe (callback_url "/"): answered with it decrypted, at once. */
export const POST: APIRoute = async ({ request }) => {
  const text = await request.text();
  if (text.length > MAX_BODY_CHARS) return Response.json({ error: { code: 'too-large', message: 'The body is over 16 KiB' } }, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json({ error: { code: 'invalid-request', message: 'The body is not JSON' } }, { status: 400 });
  }
  const reply = answerChallenge(await storefrontOnboarding(), body);
  return Response.json(reply.body, { status: reply.status });
};
