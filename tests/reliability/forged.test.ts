// Forged callbacks (issue 14): a message that claims to be a seller's is taken only when that
// seller signed exactly these bytes, recently. No signature, another key, a changed body or an
// expired signature are refused (401 NACK) and change nothing a shopper sees; nor does a second
// answer the seller signs itself (409 NACK, issue 24: the first answer stands).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { generateKeyPair, signRequest } from '#/ondc/signing.ts';
import { fillCart, selectBody, store } from '../support/checkout.ts';
import { shopper } from '../support/http.ts';

const [server] = inject('servers');
const url = server!.url;
const sellerKeys = JSON.parse(readFileSync(path.join(server!.dataDir, 'network', 'keys', `${store.seller.id}.json`), 'utf8')) as {
  unique_key_id: string;
  private_key: string;
};

async function pendingSelect() {
  const client = shopper(url);
  await fillCart(client, [{ sku_id: store.items[0]!.id, quantity: 1 }]);
  const ack = await (await client.post('/ondc/select', selectBody([{ sku_id: store.items[0]!.id, quantity: 1 }]))).json();
  // The genuine on_select arrives first; each forgery below tries to replace it.
  for (let i = 0; i < 20; i++) {
    const answer = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`)).json();
    if (answer.status === 'SUCCESS') return { client, ack, genuine: answer };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no on_select');
}

function forgedOnSelect(ack: { data: { transaction_id: string; message_id: string } }) {
  return JSON.stringify({
    context: {
      domain: 'ONDC:RET10',
      country: 'IND',
      city: 'std:080',
      action: 'on_select',
      core_version: '1.2.0',
      bap_id: 'kirana.localhost',
      bap_uri: `${url}/bap`,
      bpp_id: store.seller.id,
      bpp_uri: `http://sellers.localhost:1/sellers/${store.seller.id}`,
      transaction_id: ack.data.transaction_id,
      message_id: ack.data.message_id,
      timestamp: new Date().toISOString(),
      ttl: 'PT30S',
    },
    message: { order: { provider: { id: store.provider.id }, items: [], quote: { price: { currency: 'INR', value: '0.01' }, breakup: [] } } },
  });
}

const post = (body: string, authorization?: string) =>
  fetch(`${url}/bap/on_select`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) } });

describe('forged callbacks', () => {
  it('refuses no signature, another key, a changed body and an expired signature, and keeps the seller’s answer', async () => {
    const { client, ack, genuine } = await pendingSelect();
    const body = forgedOnSelect(ack);
    const stranger = generateKeyPair();
    const now = Math.floor(Date.now() / 1000);
    const sign = (text: string, extra: { privateKey?: string; created?: number; expires?: number } = {}) =>
      signRequest({
        body: text,
        subscriberId: store.seller.id,
        uniqueKeyId: sellerKeys.unique_key_id,
        privateKey: extra.privateKey ?? sellerKeys.private_key,
        ...(extra.created ? { created: extra.created } : {}),
        ...(extra.expires ? { expires: extra.expires } : {}),
      });
    const attempts: Array<[string, Response]> = [
      ['unsigned', await post(body)],
      ['another key', await post(body, sign(body, { privateKey: stranger.privateKey }))],
      ['changed body', await post(body.replace('0.01', '0.02'), sign(body))],
      ['expired', await post(body, sign(body, { created: now - 7200, expires: now - 3600 }))],
      ['garbage header', await post(body, 'Signature keyId="x|y|ed25519",signature="AAAA"')],
    ];
    for (const [name, response] of attempts) {
      expect(response.status, name).toBe(401);
      expect(await response.json(), name).toMatchObject({ message: { ack: { status: 'NACK' } } });
    }
    const after = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`)).json();
    expect(after.message.order.quote).toEqual(genuine.message.order.quote);
  }, 30_000);

  it('a second, different answer signed by the seller itself is refused however often it comes, and the first stands (issue 24)', async () => {
    const { client, ack, genuine } = await pendingSelect();
    const body = forgedOnSelect(ack);
    const authorization = signRequest({ body, subscriberId: store.seller.id, uniqueKeyId: sellerKeys.unique_key_id, privateKey: sellerKeys.private_key });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await post(body, authorization);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ message: { ack: { status: 'NACK' } }, error: { code: '20008' } });
    }
    const answer = await (await client.get(`/ondc/fetchMessage?type=select&message_id=${ack.data.message_id}`)).json();
    expect(answer.message.order.quote).toEqual(genuine.message.order.quote);
  }, 30_000);
});
