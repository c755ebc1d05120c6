// The grocery vocabulary expanded into concrete products (brand × line × variant × pack),
// one pool per sub-category. A product is the same wherever it is sold: its name, MRP,
// barcode and the brand owner's FSSAI licence do not depend on the seller, which is what
// makes the SPEC §5 duplicate rule (licence + name) fire across sellers in a city.
import { itemImageKey } from './images.ts';
import { GROCERY_VOCABULARY, statutoryOf, type MeasureUnit, type OndcGroceryCategory, type Statutory, type VegNonVeg } from './names.ts';
import { hashString, intBetween, mulberry32 } from './random.ts';

export type Pack = { value: number; unit: MeasureUnit };

type Product = {
  subCategoryId: number;
  /** brand, line, variant and pack size, as a shelf label reads */
  name: string;
  /** the name without the pack size: variants of one product share a picture */
  baseName: string;
  brand: string;
  ondcCategory: OndcGroceryCategory;
  statutory: Statutory;
  pack: Pack;
  mrpPaise: number;
  vegNonVeg: VegNonVeg | null;
  fssaiLicence: string | null;
  /** EAN-13 with India's GS1 prefix 890 */
  ean: string;
  imageKey: string;
};

export type ProductPool = { subCategoryId: number; products: readonly Product[] };

/** Loose produce is sold under the store's own label and named without a brand. */
export const HOUSE_BRAND = 'Farm Fresh';

const UNIT_OF_SHORT = {
  g: 'gram',
  kg: 'kilogram',
  ml: 'millilitre',
  l: 'litre',
  pc: 'unit',
  dz: 'dozen',
} as const satisfies Record<string, MeasureUnit>;

const LABEL_OF_UNIT: Record<MeasureUnit, string> = {
  gram: 'g',
  kilogram: 'kg',
  millilitre: 'ml',
  litre: 'L',
  unit: 'pc',
  dozen: 'dozen',
};

/** '500 g', '1 L', '6 pcs': the SPEC §5 short unit names. */
export function packLabel(pack: Pack): string {
  const label = LABEL_OF_UNIT[pack.unit];
  return `${pack.value} ${pack.unit === 'unit' && pack.value !== 1 ? 'pcs' : label}`;
}

const PACK_PATTERN = /^(\d+(?:\.\d+)?)(kg|g|ml|l|pc|dz) (\d+)$/;

function parsePack(spec: string): { pack: Pack; mrpRupees: number } {
  const match = PACK_PATTERN.exec(spec);
  if (!match) throw new Error(`Bad pack spec in the vocabulary: ${spec}`);
  const unit = UNIT_OF_SHORT[match[2] as keyof typeof UNIT_OF_SHORT];
  return { pack: { value: Number(match[1]), unit }, mrpRupees: Number(match[3]) };
}

// Indian state codes used in the second and third digits of an FSSAI licence number.
const FSSAI_STATE_CODES = ['10', '11', '13', '14', '15', '19', '20', '21', '22', '24', '27', '28', '29', '33', '36'];

/**
 * The 14-digit licence of a brand's owner: 1 (central licence), state code, year, office,
 * serial. Derived from the brand name alone so every seller quotes the same number.
 */
export function fssaiLicenceOf(brand: string): string {
  const rng = mulberry32(hashString(`fssai:${brand}`));
  const state = FSSAI_STATE_CODES[intBetween(rng, 0, FSSAI_STATE_CODES.length - 1)] ?? '10';
  const year = String(intBetween(rng, 12, 24));
  const office = String(intBetween(rng, 1, 999)).padStart(3, '0');
  const serial = String(intBetween(rng, 0, 999_999)).padStart(6, '0');
  return `1${state}${year}${office}${serial}`;
}

function eanOf(name: string): string {
  const body = `890${String(hashString(`ean:${name}`) % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

// Brands price the same kind of product a little apart (±15 %), as shelves do.
function brandPriceFactor(brand: string): number {
  return 0.85 + (hashString(`price:${brand}`) % 31) / 100;
}

function expandSubCategory(vocabulary: (typeof GROCERY_VOCABULARY)[number]): Product[] {
  const statutory = statutoryOf(vocabulary.ondcCategory);
  return vocabulary.lines.flatMap((line) => {
    const brands = line.brands.length > 0 ? line.brands : [null];
    const variants = line.variants.length > 0 ? line.variants : [''];
    return brands.flatMap((brand) =>
      variants.flatMap((variant) =>
        line.packs.map((spec) => {
          const { pack, mrpRupees } = parsePack(spec);
          const baseName = [brand, line.name, variant].filter((part) => part).join(' ');
          const name = `${baseName} ${packLabel(pack)}`;
          // A line's MRP is the brand's own when it has one brand, else a typical shelf price.
          const factor = brand && line.brands.length > 1 ? brandPriceFactor(brand) : 1;
          const licensed = brand !== null && line.food !== null && statutory !== 'none';
          return {
            subCategoryId: vocabulary.id,
            name,
            baseName,
            brand: brand ?? HOUSE_BRAND,
            ondcCategory: vocabulary.ondcCategory,
            statutory,
            pack,
            mrpPaise: Math.max(5, Math.round(mrpRupees * factor)) * 100,
            vegNonVeg: line.food,
            fssaiLicence: licensed ? fssaiLicenceOf(brand) : null,
            ean: eanOf(name),
            imageKey: itemImageKey(vocabulary.family, baseName),
          };
        }),
      ),
    );
  });
}

/** One pool per sub-category, in the SPEC's id order; the first product of each is a staple. */
export const PRODUCT_POOLS: readonly ProductPool[] = GROCERY_VOCABULARY.map((vocabulary) => ({
  subCategoryId: vocabulary.id,
  products: expandSubCategory(vocabulary),
}));
