import type { APIRoute } from 'astro';
import { getDatabase } from '#/db/client.ts';
import { handleSellerCallback } from '#/features/platform/seller-callbacks.server.ts';
import { readText } from '#/lib/http/json.ts';
import { getBuyerApp } from '#/ondc/runtime.server.ts';

/** ONDC callbacks from sellers: /bap/on_search, /bap/on_select … (signed, verified, stored once). */
export const POST: APIRoute = async ({ params, request }) => {
  const app = getBuyerApp();
  const reception = await handleSellerCallback(getDatabase(), app, {
    action: params.action ?? '',
    rawBody: await readText(request),
    authorization: request.headers.get('authorization'),
  });
  // ONDC's signature rule: a refused signature is answered 401 with the scheme and headers it wants.
  const headers: HeadersInit =
    reception.status === 401 ? { 'WWW-Authenticate': `Signature realm="${app.identity.subscriberId}",headers="(created) (expires) digest"` } : {};
  return Response.json(reception.body, { status: reception.status, headers });
};
