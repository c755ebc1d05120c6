import { requestTrack } from '#/features/orders/orders.server.ts';
import { askSellerRoute } from './_ask-seller.ts';

/** GET /ondc/order/track?order_id: asks the seller where the rider is (ONDC track); the client polls fetchMessage?type=track. */
export const GET = askSellerRoute(requestTrack);
