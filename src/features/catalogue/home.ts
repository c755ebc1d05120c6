// Home page widgets: offer banners (SPEC §3 offer card templates) and curated lists.
import type { Filter } from './catalogue.ts';

export interface OfferCardTemplate {
  title: string;
  bgImage: string;
  textColor: string;
}

/** SPEC §3 offer card templates, keyed default, biryani, burger, chicken, rice. */
export const OFFER_CARD_TEMPLATES = {
  default: { title: 'Offers near you', bgImage: '/images/offers/default.svg', textColor: '#1c1f1e' },
  biryani: { title: 'Biryani deals', bgImage: '/images/offers/biryani.svg', textColor: '#3e2723' },
  burger: { title: 'Burger bonanza', bgImage: '/images/offers/burger.svg', textColor: '#3e2723' },
  chicken: { title: 'Chicken specials', bgImage: '/images/offers/chicken.svg', textColor: '#3e2723' },
  rice: { title: 'Rice bowls and meals', bgImage: '/images/offers/rice.svg', textColor: '#1b3a1f' },
} as const satisfies Record<string, OfferCardTemplate>;
export type OfferTemplateKey = keyof typeof OFFER_CARD_TEMPLATES;

/** The template that fits a store: by what it cooks, else the default card. */
export function offerTemplateFor(text: string): OfferTemplateKey {
  const t = text.toLowerCase();
  if (t.includes('biryani')) return 'biryani';
  if (t.includes('burger')) return 'burger';
  if (t.includes('chicken')) return 'chicken';
  if (/\b(rice|thali|meals?)\b/.test(t)) return 'rice';
  return 'default';
}

/** SPEC §3 festive tray tags. */
export const FESTIVE_TRAY_TAGS = ['hbTray_holi1_SnS', 'hbTray_holi1_BnC', 'hbTray_holi1_SnHC', 'hbTray_holi1_CnL'] as const;

/** SPEC §3 tray config: tag, name (icon and background come from the page). */
export const TRAYS = [
  { tag: 'discountTray', name: 'Deals of the day' },
  { tag: 'bestSeller', name: 'Bestsellers' },
  { tag: 'occasion', name: 'For the occasion' },
] as const;

/** Curated lists and the filters that define them. */
export const CURATED_LISTS = {
  deals: { title: 'Deals of the day', filters: [{ type: 'TERM_EQ', field: 'trayTag', value: 'discountTray' }] },
  bestsellers: { title: 'Bestsellers', filters: [{ type: 'TERM_EQ', field: 'trayTag', value: 'bestSeller' }] },
  'new-arrivals': { title: 'For the occasion', filters: [{ type: 'TERM_EQ', field: 'trayTag', value: 'occasion' }] },
  'under-99': { title: 'Under ₹99', filters: [{ type: 'LTE', field: 'currentPrice', value: 99 }] },
  festive: { title: 'Festive picks', filters: [{ type: 'IN', field: 'trayTag', value: [...FESTIVE_TRAY_TAGS] }] },
} as const satisfies Record<string, { title: string; filters: Filter[] }>;
export type CuratedListKey = keyof typeof CURATED_LISTS;
