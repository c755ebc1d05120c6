// ONDC retail 1.2 `catalog_rejection`: the buyer app tells a seller which catalogue entries it
// will not list and why, one error per item, with ONDC's rejection codes (91xxx item errors,
// 90xxx provider errors). The message has no `message` block: `errors` sits beside the context.
import { z } from 'zod';
import { contextSchema } from './context.ts';

/** The item rejection codes the storefront uses, with ONDC's wording for each. */
const ITEM_REJECTIONS = {
  '91003': 'No Images found',
  '91007': 'Other Mandatory/Statutory Field not there',
  '91010': 'Price is Zero',
  '91011': 'Incorrect Image File Format',
  '91013': 'Net Quantity not present',
  '91018': 'Available quantity for the SKU is either absent or invalid',
  '91019': 'Category for the SKU does not exist',
  '91021': 'Category field is missing',
  '91024': 'Price less than zero',
  '91001': 'Item price > MRP',
  '91029': 'Invalid customisation group',
} as const;

export type ItemRejectionCode = keyof typeof ITEM_REJECTIONS;

/** The store rejection codes the storefront uses (a store it cannot list at all). */
const PROVIDER_REJECTIONS = {
  '90019': 'Other Provider Error',
  '90021': 'Invalid Address received',
  '90025': 'Delivery radius not given',
  '90026': 'Store timing not in correct format',
  '90032': 'Store location error',
} as const;

export type ProviderRejectionCode = keyof typeof PROVIDER_REJECTIONS;

const catalogErrorSchema = z.object({
  type: z.enum(['ITEM-ERROR', 'PROVIDER-ERROR', 'INTEGRATION-ERROR', 'BPP-ERROR']),
  code: z.string().regex(/^\d{5}$/),
  /** where in the on_search: `/message/catalog/bpp/providers/<provider id>/items/<item id>` */
  path: z.string().min(1),
  message: z.string().min(1),
});
export type CatalogError = z.infer<typeof catalogErrorSchema>;

export const catalogRejectionSchema = z.object({
  context: contextSchema.extend({ action: z.literal('catalog_rejection'), bpp_id: z.string().min(1), bpp_uri: z.url(), ttl: z.string().min(1) }),
  errors: z.array(catalogErrorSchema).min(1),
});

export type ItemRejection = { providerId: string; itemId: string; code: ItemRejectionCode; detail: string };
export type ProviderRejection = { providerId: string; code: ProviderRejectionCode; detail: string };
export type Rejection = ItemRejection | ProviderRejection;

/** The item's place in the catalogue, as catalog_rejection paths name it. */
export function itemPath(providerId: string, itemId: string): string {
  return `/message/catalog/bpp/providers/${providerId}/items/${itemId}`;
}

/** The provider and item a rejection path names, or null for another path. */
export function parseItemPath(path: string): { providerId: string; itemId: string } | null {
  const match = /^\/message\/catalog\/bpp\/providers\/([^/]+)\/items\/([^/]+)$/.exec(path);
  return match ? { providerId: match[1] ?? '', itemId: match[2] ?? '' } : null;
}

/** One error per rejection, ITEM-ERROR or PROVIDER-ERROR: ONDC's wording, then what exactly was wrong. */
export function catalogErrors(rejections: readonly Rejection[]): CatalogError[] {
  return rejections.map((r) =>
    'itemId' in r
      ? { type: 'ITEM-ERROR', code: r.code, path: itemPath(r.providerId, r.itemId), message: `${ITEM_REJECTIONS[r.code]}: ${r.detail}` }
      : {
          type: 'PROVIDER-ERROR',
          code: r.code,
          path: `/message/catalog/bpp/providers/${r.providerId}`,
          message: `${PROVIDER_REJECTIONS[r.code]}: ${r.detail}`,
        },
  );
}
