// Cart rules shared by the server and the islands (DESIGN §3): pure, no I/O, no zod (the wire
// schemas live in payload.ts so the islands' bundle stays small).

/** What an item card hands the add-to-cart control (contract with the catalogue pages). */
export interface AddToCartItem {
  bppId: string;
  providerId: string;
  locationId: string;
  itemId: string;
  name: string;
  domain: 'ONDC:RET10' | 'ONDC:RET11';
  pricePaise: number;
  inStock: boolean;
  customisable: boolean;
  providerName: string;
}
