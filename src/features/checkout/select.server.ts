// POST /ondc/select: the SPEC §3 select request, checked against our catalogue (the client names
// a seller; where that seller lives comes from our records, never from the request), sent signed
// to the seller as ONDC `select`.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { sendRequest } from '../../ondc/bap.server.ts';
import { cityCode } from '../../ondc/cities.ts';
import { TRANSACTION_LIFETIME_MS, transactionOwner } from '../../ondc/message-store.server.ts';
import type { BuyerApp } from '../../ondc/runtime.server.ts';
import { NO_ADDRESS_MESSAGE, type SelectRequest } from './select.ts';

export type SelectOutcome =
  | { ok: true; messageId: string; transactionId: string }
  | { ok: false; status: 400 | 404 | 502; message: string; code?: string | undefined };

export async function sendSelect(database: Database, app: BuyerApp, shopper: string, request: SelectRequest): Promise<SelectOutcome> {
  if (!request.address) return { ok: false, status: 400, message: NO_ADDRESS_MESSAGE };
  const city = request.ondcCity.startsWith('std:') ? request.ondcCity : cityCode(request.ondcCity);
  if (!city) return { ok: false, status: 400, message: `We do not deliver in ${request.ondcCity} yet` };

  const [provider] = await database.query<{ bpp_uri: string; location_id: string }>(
    `SELECT s.bpp_uri, p.location_id FROM catalogue_providers p JOIN catalogue_sellers s USING (bpp_id)
     WHERE p.bpp_id = $1 AND p.provider_id = $2`,
    [request.bpp.bpp_id, request.provider.id],
  );
  if (!provider) return { ok: false, status: 404, message: 'This store is no longer on the network' };

  const skus = [...new Set(request.items.map((i) => i.sku_id))];
  const known = await database.query<{ item_id: string }>(
    'SELECT item_id FROM catalogue_items WHERE bpp_id = $1 AND provider_id = $2 AND item_id = ANY($3)',
    [request.bpp.bpp_id, request.provider.id, skus],
  );
  const missing = skus.filter((sku) => !known.some((k) => k.item_id === sku));
  if (missing.length > 0) return { ok: false, status: 400, message: `Unknown item ${missing[0]} for this store` };

  const transactionId = request.transaction_id ?? randomUUID();
  const owner = await transactionOwner(database, transactionId);
  if (owner && owner.shopper_key !== shopper) return { ok: false, status: 404, message: 'Unknown transaction' };

  const sent = await sendRequest(database, app, {
    action: 'select',
    url: provider.bpp_uri,
    domain: request.categoryDomain,
    city,
    transactionId,
    shopperKey: shopper,
    bppId: request.bpp.bpp_id,
    bppUri: provider.bpp_uri,
    lifetimeMs: TRANSACTION_LIFETIME_MS.select,
    message: {
      order: {
        provider: { id: request.provider.id, locations: [{ id: provider.location_id }] },
        items: request.items.map((item) => ({
          id: item.sku_id,
          location_id: item.location_id,
          quantity: { count: item.quantity },
          ...(item.parent_item_id ? { parent_item_id: item.parent_item_id } : {}),
          ...(item.tags ? { tags: item.tags } : {}),
        })),
        fulfillments: [
          {
            end: {
              location: {
                ...(request.lat_long ? { gps: request.lat_long.replace(/\s/g, '') } : {}),
                address: { area_code: request.address.area_code },
              },
            },
          },
        ],
      },
    },
  });
  if (sent.ack !== 'ACK') {
    return { ok: false, status: 502, message: sent.error?.message ?? 'The store refused the request', code: sent.error?.code };
  }
  return { ok: true, messageId: sent.messageId, transactionId };
}
