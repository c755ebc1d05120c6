// The embedded sellers' tax classification of what they sell: an HSN heading and GST rate per
// ONDC category (the rates of the GST Council's September 2025 schedule, 0 / 5 / 18 / 40 %), and
// restaurant service (SAC 996331, 5 %) for every dish and add-on. A seller states it on each
// catalogue item as the `tax` tag (README "Invoices and credit notes"); a real seller's own
// classification of its goods takes the place of this table.
import type { CatalogueItem } from './generate.ts';
import type { OndcGroceryCategory } from './names.ts';

export type TaxClass = { hsn: string; ratePercent: number };

const GOODS: Readonly<Record<OndcGroceryCategory, TaxClass>> = {
  'Fruits and Vegetables': { hsn: '0709', ratePercent: 0 },
  'Frozen Vegetables': { hsn: '0710', ratePercent: 5 },
  'Dairy and Cheese': { hsn: '0406', ratePercent: 5 },
  'Bakery, Cakes & Dairy': { hsn: '1905', ratePercent: 5 },
  'Snacks and Namkeen': { hsn: '2106', ratePercent: 5 },
  'Snacks, Dry Fruits, Nuts': { hsn: '0802', ratePercent: 5 },
  'Cereals and Breakfast': { hsn: '1904', ratePercent: 5 },
  'Sauces, Spreads and Dips': { hsn: '2103', ratePercent: 5 },
  'Chocolates and Biscuits': { hsn: '1806', ratePercent: 5 },
  'Energy and Soft Drinks': { hsn: '2202', ratePercent: 40 },
  'Fruit Juices and Fruit Drinks': { hsn: '2009', ratePercent: 5 },
  'Ready to Cook and Eat': { hsn: '2106', ratePercent: 5 },
  'Pickles and Chutney': { hsn: '2001', ratePercent: 5 },
  'Indian Sweets': { hsn: '1704', ratePercent: 5 },
  'Frozen Snacks': { hsn: '2106', ratePercent: 5 },
  Water: { hsn: '2201', ratePercent: 5 },
  'Masala & Seasoning': { hsn: '0910', ratePercent: 5 },
  'Oil & Ghee': { hsn: '1512', ratePercent: 5 },
  'Eggs, Meat & Fish': { hsn: '0207', ratePercent: 0 },
  'Pasta, Soup and Noodles': { hsn: '1902', ratePercent: 5 },
  'Atta, Flours and Sooji': { hsn: '1101', ratePercent: 5 },
  'Rice and Rice Products': { hsn: '1006', ratePercent: 5 },
  'Dals and Pulses': { hsn: '0713', ratePercent: 5 },
  'Salt, Sugar and Jaggery': { hsn: '1701', ratePercent: 5 },
  'Tea and Coffee': { hsn: '0902', ratePercent: 5 },
  'Cleaning Supplies': { hsn: '3402', ratePercent: 18 },
  'Pooja Needs': { hsn: '3307', ratePercent: 5 },
  'Fresheners and Repellents': { hsn: '3808', ratePercent: 18 },
  'Bath Soaps and Gels': { hsn: '3401', ratePercent: 5 },
  'Hair Care - Shampoo, Oils, Conditioners': { hsn: '3305', ratePercent: 5 },
  'Skin Care - Lotions, Moisturisers, and Creams': { hsn: '3304', ratePercent: 18 },
  'Shaving and Grooming': { hsn: '3307', ratePercent: 5 },
  'Oral Care': { hsn: '3306', ratePercent: 5 },
  'Feminine Care': { hsn: '9619', ratePercent: 0 },
  'Baby Care - Diapers and Accessories': { hsn: '9619', ratePercent: 5 },
  'Health and Safety': { hsn: '3004', ratePercent: 5 },
};

/** Restaurant service, SAC 996331: food served by a restaurant is taxed as a service at 5 %. */
export const RESTAURANT_SERVICE: TaxClass = { hsn: '996331', ratePercent: 5 };

function goodsTaxClass(category: string): TaxClass | null {
  return category in GOODS ? GOODS[category as OndcGroceryCategory] : null;
}

/** An item's classification: goods by their category, a dish or add-on as restaurant service. */
export function itemTaxClass(item: CatalogueItem): TaxClass | null {
  return item.kind === 'grocery' ? goodsTaxClass(item.ondcCategory) : RESTAURANT_SERVICE;
}
