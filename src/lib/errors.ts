/** An error whose message was written for shoppers, so the error page may show it (SPEC §2.2). */
export class ShopperFacingError extends Error {
  override name = 'ShopperFacingError';
}
