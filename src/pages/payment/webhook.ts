import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { readText } from '#/lib/http/json.ts';
import { receiveNotice } from '#/features/payment/webhook.server.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '#/features/payment/webhook.ts';

/** The payment gateway's signed notice of a payment's outcome (issue 24; README "Payments"). */
export const POST: APIRoute = async ({ request }) => {
  // The signature is over the bytes as sent, so the body is verified before it is parsed.
  const answer = await receiveNotice(getDatabase(), await readText(request), {
    timestamp: request.headers.get(TIMESTAMP_HEADER),
    signature: request.headers.get(SIGNATURE_HEADER),
  });
  return Response.json(answer.body, { status: answer.status });
};
