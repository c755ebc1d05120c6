import { z } from 'zod';

/** SPEC §3 Grocery category: id, name, image, color, redirectionURL, rank. */
export const groceryCategorySchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  image: z.string().min(1),
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  redirectionURL: z.string().startsWith('/'),
  rank: z.number().int().positive(),
});
export type GroceryCategory = z.infer<typeof groceryCategorySchema>;
export type GrocerySubCategory = GroceryCategory & { parentId: number };

/** SPEC §3: the All entry of every sub-category strip. */
export const ALL_SUB_CATEGORIES_ID = 99999;

export function categoryUrl(categoryId: number) {
  return `/grocery-category?categoryId=${categoryId}`;
}

// Top-level ids are 1–12; sub-category ids are the parent id × 100 + 1…6 (SPEC §3: 101–1206).
const TREE: Array<{ name: string; slug: string; color: string; subs: [string, string, string, string, string, string] }> = [
  {
    name: 'Fruits & Vegetables',
    slug: 'fruits-vegetables',
    color: '#2e7d32',
    subs: ['Fresh Vegetables', 'Fresh Fruits', 'Leafy Greens & Herbs', 'Exotic Fruits & Veggies', 'Cuts & Sprouts', 'Onion, Potato & Tomato'],
  },
  {
    name: 'Dairy Bread & Batters',
    slug: 'dairy-bread-batters',
    color: '#1565c0',
    subs: ['Milk', 'Curd & Yogurt', 'Paneer & Cheese', 'Butter & Ghee', 'Bread & Pav', 'Dosa & Idli Batter'],
  },
  { name: 'Meat & Eggs', slug: 'meat-eggs', color: '#c62828', subs: ['Chicken', 'Mutton', 'Fish & Seafood', 'Eggs', 'Prawns', 'Marinated & Ready to Cook'] },
  { name: 'Beverages', slug: 'beverages', color: '#6d4c41', subs: ['Tea', 'Coffee', 'Juices', 'Soft Drinks', 'Health Drinks', 'Water & Soda'] },
  {
    name: 'Instant Food',
    slug: 'instant-food',
    color: '#ef6c00',
    subs: ['Noodles', 'Pasta & Vermicelli', 'Ready to Eat Meals', 'Breakfast Mixes', 'Soups', 'Frozen Snacks'],
  },
  {
    name: 'Munchies',
    slug: 'munchies',
    color: '#f9a825',
    subs: ['Chips & Crisps', 'Namkeen', 'Biscuits & Cookies', 'Popcorn', 'Nuts & Dry Fruits', 'Rusk & Khari'],
  },
  {
    name: 'Grains Oil & Ghee',
    slug: 'grains-oil-ghee',
    color: '#8d6e63',
    subs: ['Atta & Flours', 'Rice', 'Dals & Pulses', 'Cooking Oil', 'Desi Ghee', 'Sugar, Salt & Jaggery'],
  },
  {
    name: 'Home Care',
    slug: 'home-care',
    color: '#00838f',
    subs: ['Detergents', 'Dishwash', 'Floor & Surface Cleaners', 'Toilet Cleaners', 'Pooja Needs', 'Fresheners & Repellents'],
  },
  {
    name: 'Personal Care',
    slug: 'personal-care',
    color: '#ad1457',
    subs: ['Bath & Soaps', 'Hair Care', 'Oral Care', 'Skin Care', 'Shaving & Grooming', 'Feminine Hygiene'],
  },
  {
    name: 'Pickles & Masala',
    slug: 'pickles-masala',
    color: '#bf360c',
    subs: ['Pickles', 'Whole Spices', 'Powdered Masala', 'Blended Masala', 'Chutney & Sauces', 'Papad'],
  },
  {
    name: 'Sweet Tooth',
    slug: 'sweet-tooth',
    color: '#8e24aa',
    subs: ['Indian Sweets', 'Chocolates', 'Ice Creams', 'Cakes & Pastries', 'Honey & Spreads', 'Candies & Mints'],
  },
  {
    name: 'Health & Wellness',
    slug: 'health-wellness',
    color: '#00695c',
    subs: ['Ayurveda', 'Protein & Supplements', 'Sugar Free', 'Baby Care', 'First Aid', 'Organic Staples'],
  },
];

export const GROCERY_CATEGORIES: GroceryCategory[] = TREE.map((c, i) => ({
  id: i + 1,
  name: c.name,
  image: `/images/categories/${c.slug}.svg`,
  color: c.color,
  redirectionURL: categoryUrl(i + 1),
  rank: i + 1,
}));

export const GROCERY_SUB_CATEGORIES: GrocerySubCategory[] = TREE.flatMap((c, i) =>
  c.subs.map((name, j) => {
    const id = (i + 1) * 100 + j + 1;
    return {
      id,
      parentId: i + 1,
      name,
      image: `/images/categories/${c.slug}.svg`,
      color: c.color,
      redirectionURL: categoryUrl(id),
      rank: j + 1,
    };
  }),
);

export function findCategory(id: number): GroceryCategory | GrocerySubCategory | undefined {
  return GROCERY_CATEGORIES.find((c) => c.id === id) ?? GROCERY_SUB_CATEGORIES.find((s) => s.id === id);
}

export function subCategoriesOf(parentId: number): GrocerySubCategory[] {
  return GROCERY_SUB_CATEGORIES.filter((s) => s.parentId === parentId);
}

/** The top-level category a listing belongs to: itself, or the parent of a sub-category. */
export function topLevelIdOf(category: GroceryCategory | GrocerySubCategory): number {
  return 'parentId' in category ? category.parentId : category.id;
}
