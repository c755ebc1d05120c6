import { requestSupport } from '#/features/orders/orders.server.ts';
import { askSellerRoute } from './_ask-seller.ts';

/** SPEC §7.4 GET /ondc/order/get-provider-support-details?order_id → {status, data: {message_id}}; the client polls fetchMessage. */
export const GET = askSellerRoute(requestSupport);
