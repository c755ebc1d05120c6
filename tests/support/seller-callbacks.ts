// Callbacks as a seller of the embedded network would send them, signed with its real key (read
// from the network's key files): what a compromised or dishonest seller can do (issue 24).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '#/ondc/signing.ts';
import { store } from './checkout.ts';

export type SellerKey = { id: string; uniqueKeyId: string; privateKey: string };

function sellerKey(dataDir: string, sellerId: string): SellerKey {
  const file = JSON.parse(readFileSync(path.join(dataDir, 'network', 'keys', `${sellerId}.json`), 'utf8')) as { unique_key_id: string; private_key: string };
  return { id: sellerId, uniqueKeyId: file.unique_key_id, privateKey: file.private_key };
}

/** The seller of the checkout store, and another real seller of the same network. */
export function sellers(dataDir: string): { owner: SellerKey; rogue: SellerKey } {
  const other = readdirSync(path.join(dataDir, 'network', 'keys'))
    .map((f) => f.replace(/\.json$/, ''))
    .find((id) => id !== store.seller.id);
  if (!other) throw new Error('the network has only one seller');
  return { owner: sellerKey(dataDir, store.seller.id), rogue: sellerKey(dataDir, other) };
}

export type CallbackContext = Record<string, unknown> & { action: string; transaction_id: string; message_id: string; bpp_id: string };

/** A callback context for our storefront, as the embedded sellers write it. */
export function callbackContext(
  url: string,
  input: { action: string; transactionId: string; messageId: string; seller: SellerKey; timestamp?: Date },
): CallbackContext {
  return {
    domain: 'ONDC:RET10',
    country: 'IND',
    city: 'std:080',
    action: input.action,
    core_version: '1.2.0',
    bap_id: 'kirana.localhost',
    bap_uri: `${url}/bap`,
    bpp_id: input.seller.id,
    bpp_uri: `http://sellers.localhost:1/sellers/${input.seller.id}`,
    transaction_id: input.transactionId,
    message_id: input.messageId,
    timestamp: (input.timestamp ?? new Date()).toISOString(),
    ttl: 'PT30S',
  };
}

export type Signature = { created?: number; expires?: number };

/** POSTs `body` to /bap/<action>, signed by `seller` (now, for 60 s, unless told otherwise). */
export async function postSigned(url: string, action: string, body: unknown, seller: SellerKey, signature: Signature = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const authorization = signRequest({ body: text, subscriberId: seller.id, uniqueKeyId: seller.uniqueKeyId, privateKey: seller.privateKey, ...signature });
  const response = await fetch(`${url}/bap/${action}`, { method: 'POST', body: text, headers: { 'content-type': 'application/json', authorization } });
  const reply = (await response.json().catch(() => null)) as {
    message?: { ack?: { status?: string } };
    error?: { type?: string; code?: string; path?: string; message?: string };
  } | null;
  return { status: response.status, ack: reply?.message?.ack?.status, error: reply?.error };
}

/** A minimal ONDC report of one of our orders, which a forged push builds on. */
export function reportedOrder(orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    id: orderId,
    state: 'In-progress',
    provider: { id: store.provider.id, locations: [{ id: store.location.id }] },
    items: [{ id: store.items[0]!.id, fulfillment_id: 'F1', quantity: { count: 1 } }],
    fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: 'Out-for-delivery' } } }],
    quote: { price: { currency: 'INR', value: '63.00' }, breakup: [] },
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}
