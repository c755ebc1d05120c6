// A product page (issue 29): which item an address names, what its ONDC facts say to a shopper,
// and the schema.org data search engines read. Pure: the page and its queries hand the facts in.
import { z } from 'zod';
import { durationParts } from '#/ondc/context.ts';

/**
 * /product?provider_id=…&item_id=…: an item as ONDC names it (a store's items are keyed by their
 * ids; the location is the item's own). Ids a card already carries cost its link little once
 * compressed: a slug and a hash cost the 55-card store page 0.7 KB of gzip, these 0.3 KB.
 */
const productQuerySchema = z.object({
  provider_id: z.string().trim().min(1).max(200),
  item_id: z.string().trim().min(1).max(200),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** The item a product address names, or null for a missing, empty or overlong id (the page then answers 404). */
export function parseProductQuery(params: URLSearchParams): ProductQuery | null {
  const parsed = productQuerySchema.safeParse({ provider_id: params.get('provider_id'), item_id: params.get('item_id') });
  return parsed.success ? parsed.data : null;
}

/** The statutory block of an item, as ingest keeps it: only the facts the seller really stated. */
export const itemStatutorySchema = z.object({
  manufacturer: z.string().optional(),
  manufacturerAddress: z.string().optional(),
  commonName: z.string().optional(),
  packedOn: z.string().optional(),
  brandOwnerFssai: z.string().optional(),
  otherFssai: z.string().optional(),
  importerFssai: z.string().optional(),
  nutrition: z.string().optional(),
  additives: z.string().optional(),
});
export type ItemStatutory = z.infer<typeof itemStatutorySchema>;

/** Whole days of a return window ("P7D" → 7); 0 when none is given or it is not whole days. */
export function returnDays(iso: string | null): number {
  const parts = durationParts(iso);
  return parts && parts.hours === 0 && parts.minutes === 0 ? parts.days : 0;
}

export interface ProductFacts {
  /** Absolute address of this page (the canonical one: the SPEC §5 dedupe winner's). */
  url: string;
  name: string;
  description: string | null;
  /** Absolute addresses of its pictures, through our origin. */
  images: string[];
  sku: string;
  gtin: string | null;
  brand: string | null;
  /** Rupees and paise as integer paise: the figure the listing shows. */
  pricePaise: number;
  inStock: boolean;
  storeName: string;
  returnable: boolean;
  returnWindow: string | null;
  rating: number | null;
  ratingCount: number | null;
  /** Home › category › sub-category (or store) › item: names and absolute addresses; the last has none. */
  breadcrumb: Array<{ name: string; url: string | null }>;
}

/** ₹ as schema.org wants a price: a dot and two decimals, no symbol or grouping. */
function offerPrice(paise: number): string {
  return (paise / 100).toFixed(2);
}

/**
 * Google's Product rich result (product snippet and merchant listing): name, image and an offer
 * with price, currency and availability are required; brand, sku, gtin, description, rating,
 * condition, seller and return policy are recommended. With the page's BreadcrumbList.
 */
export function productJsonLd(product: ProductFacts) {
  const days = returnDays(product.returnWindow);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        '@id': `${product.url}#product`,
        name: product.name,
        url: product.url,
        image: product.images,
        sku: product.sku,
        ...(product.gtin ? { gtin: product.gtin } : {}),
        ...(product.description ? { description: product.description } : {}),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        ...(product.rating !== null && product.ratingCount
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, ratingCount: product.ratingCount } }
          : {}),
        offers: {
          '@type': 'Offer',
          url: product.url,
          price: offerPrice(product.pricePaise),
          priceCurrency: 'INR',
          availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: product.storeName },
          hasMerchantReturnPolicy:
            product.returnable && days > 0
              ? {
                  '@type': 'MerchantReturnPolicy',
                  applicableCountry: 'IN',
                  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
                  merchantReturnDays: days,
                }
              : { '@type': 'MerchantReturnPolicy', applicableCountry: 'IN', returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' },
        },
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: product.breadcrumb.map((crumb, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: crumb.name,
          ...(crumb.url ? { item: crumb.url } : {}),
        })),
      },
    ],
  };
}
