// What the simulated grocery stores sell: product lines an Indian shopper knows, written
// for this project, filed under the storefront's 72 sub-category ids (SPEC §3: 101–1206;
// names in src/features/catalogue/categories.ts, quoted in the comments below).
import type { ImageFamily } from './images.ts';

export type VegNonVeg = 'veg' | 'non_veg' | 'egg';

/** ONDC `quantity.unitized.measure.unit` values (ondc-notes §4). */
export type MeasureUnit = 'unit' | 'dozen' | 'gram' | 'kilogram' | 'litre' | 'millilitre';

export type Statutory = 'prepackaged_food' | 'packaged_commodities' | 'none';

// RET10 category_id texts (ondc-notes §4 lists (a) and (b)) with the statutory block each
// one needs (log-validation-utility constants/category.ts). Non-food categories carry the
// packaged-commodities block (Legal Metrology) but never an FSSAI licence.
const ONDC_GROCERY_CATEGORIES = {
  'Fruits and Vegetables': 'none',
  Water: 'none',
  'Frozen Vegetables': 'none',
  'Dairy and Cheese': 'prepackaged_food',
  'Bakery, Cakes & Dairy': 'prepackaged_food',
  'Snacks and Namkeen': 'prepackaged_food',
  'Snacks, Dry Fruits, Nuts': 'prepackaged_food',
  'Cereals and Breakfast': 'prepackaged_food',
  'Sauces, Spreads and Dips': 'prepackaged_food',
  'Chocolates and Biscuits': 'prepackaged_food',
  'Energy and Soft Drinks': 'prepackaged_food',
  'Fruit Juices and Fruit Drinks': 'prepackaged_food',
  'Ready to Cook and Eat': 'prepackaged_food',
  'Pickles and Chutney': 'prepackaged_food',
  'Indian Sweets': 'prepackaged_food',
  'Frozen Snacks': 'prepackaged_food',
  'Masala & Seasoning': 'packaged_commodities',
  'Oil & Ghee': 'packaged_commodities',
  'Eggs, Meat & Fish': 'packaged_commodities',
  'Pasta, Soup and Noodles': 'packaged_commodities',
  'Atta, Flours and Sooji': 'packaged_commodities',
  'Rice and Rice Products': 'packaged_commodities',
  'Dals and Pulses': 'packaged_commodities',
  'Salt, Sugar and Jaggery': 'packaged_commodities',
  'Tea and Coffee': 'packaged_commodities',
} as const satisfies Record<string, Statutory>;

// What a kirana sells beyond groceries, ONDC files in other retail domains (ONDC:RET13 beauty &
// personal care, RET16 home & kitchen, RET18 health & wellness; log-validation-utility's category
// lists). The store lists these goods under those domains, each as its own provider, and they
// carry the Legal Metrology (packaged commodities) block like any packed good.
const OTHER_RETAIL_DOMAINS = {
  'Cleaning Supplies': 'ONDC:RET16',
  'Pooja Needs': 'ONDC:RET16',
  'Fresheners and Repellents': 'ONDC:RET16',
  'Bath Soaps and Gels': 'ONDC:RET13',
  'Hair Care - Shampoo, Oils, Conditioners': 'ONDC:RET13',
  'Skin Care - Lotions, Moisturisers, and Creams': 'ONDC:RET13',
  'Shaving and Grooming': 'ONDC:RET13',
  'Oral Care': 'ONDC:RET18',
  'Feminine Care': 'ONDC:RET18',
  'Baby Care - Diapers and Accessories': 'ONDC:RET18',
  'Health and Safety': 'ONDC:RET18',
} as const;

export type OndcGroceryCategory = keyof typeof ONDC_GROCERY_CATEGORIES | keyof typeof OTHER_RETAIL_DOMAINS;
/** The RET10 categories the sellers use, each with the statutory block ONDC's validator maps it to. */
export const RET10_CATEGORIES: ReadonlySet<string> = new Set(Object.keys(ONDC_GROCERY_CATEGORIES));
/** The retail domains a grocery store's goods are listed in. */
export type StoreDomain = 'ONDC:RET10' | (typeof OTHER_RETAIL_DOMAINS)[keyof typeof OTHER_RETAIL_DOMAINS];

export function statutoryOf(category: OndcGroceryCategory): Statutory {
  return category in ONDC_GROCERY_CATEGORIES ? ONDC_GROCERY_CATEGORIES[category as keyof typeof ONDC_GROCERY_CATEGORIES] : 'packaged_commodities';
}

export function domainOf(category: OndcGroceryCategory): StoreDomain {
  return category in OTHER_RETAIL_DOMAINS ? OTHER_RETAIL_DOMAINS[category as keyof typeof OTHER_RETAIL_DOMAINS] : 'ONDC:RET10';
}

type ShortUnit = 'g' | 'kg' | 'ml' | 'l' | 'pc' | 'dz';
/** '500g 65': pack size and unit, then the MRP in whole rupees as printed on the pack. */
type PackSpec = `${number}${ShortUnit} ${number}`;

type ProductLine = {
  /** '' when the brand alone names the product (Thums Up, Parle-G) */
  name: string;
  /** empty for loose produce, which is sold under the store's own label */
  brands: readonly string[];
  packs: readonly PackSpec[];
  /** flavours or kinds; each one is a separate product */
  variants: readonly string[];
  /** null for non-food; overrides the sub-category's default */
  food: VegNonVeg | null;
};

export type SubCategoryVocabulary = {
  id: number;
  ondcCategory: OndcGroceryCategory;
  family: ImageFamily;
  lines: readonly ProductLine[];
};

type LineOptions = { variants?: readonly string[]; food?: VegNonVeg | null };

function subCategory(
  id: number,
  ondcCategory: OndcGroceryCategory,
  family: ImageFamily,
  food: VegNonVeg | null,
  lines: ReadonlyArray<readonly [string, readonly string[], readonly PackSpec[], LineOptions?]>,
): SubCategoryVocabulary {
  return {
    id,
    ondcCategory,
    family,
    lines: lines.map(([name, brands, packs, options]) => ({
      name,
      brands,
      packs,
      variants: options?.variants ?? [],
      food: options?.food === undefined ? food : options.food,
    })),
  };
}

const HALDIRAMS = "Haldiram's";
const CHINGS = "Ching's Secret";
const KELLOGGS = "Kellogg's";

export const GROCERY_VOCABULARY: readonly SubCategoryVocabulary[] = [
  // 101 Fresh Vegetables
  subCategory(101, 'Fruits and Vegetables', 'leaf', 'veg', [
    ['Green Chilli', [], ['100g 12', '250g 28']],
    ['Ginger (Adrak)', [], ['100g 18', '250g 40']],
    ['Garlic (Lehsun)', [], ['100g 30', '250g 70']],
    ['Lady Finger (Bhindi)', [], ['250g 22', '500g 42']],
    ['Cauliflower (Gobi)', [], ['1pc 45']],
    ['Bottle Gourd (Lauki)', [], ['1pc 35']],
    ['Capsicum Green', [], ['250g 30', '500g 58']],
    ['Carrot (Gajar)', [], ['500g 35']],
    ['Brinjal (Baingan)', [], ['500g 32']],
    ['Cucumber (Kheera)', [], ['500g 30']],
  ]),
  // 102 Fresh Fruits
  subCategory(102, 'Fruits and Vegetables', 'fruit', 'veg', [
    ['Banana Robusta', [], ['6pc 42', '1dz 80']],
    ['Shimla Apple', [], ['4pc 140', '1kg 220']],
    ['Alphonso Mango', [], ['6pc 480']],
    ['Pomegranate (Anar)', [], ['2pc 120']],
    ['Papaya', [], ['1pc 60']],
    ['Watermelon', [], ['1pc 80']],
    ['Nagpur Orange', [], ['1kg 110']],
    ['Guava (Amrood)', [], ['500g 50']],
    ['Chikoo', [], ['500g 60']],
    ['Green Grapes', [], ['500g 70']],
  ]),
  // 103 Leafy Greens & Herbs
  subCategory(103, 'Fruits and Vegetables', 'leaf', 'veg', [
    ['Coriander (Dhania)', [], ['100g 15']],
    ['Mint (Pudina)', [], ['100g 15']],
    ['Spinach (Palak)', [], ['250g 25']],
    ['Fenugreek (Methi)', [], ['250g 25']],
    ['Curry Leaves', [], ['50g 10']],
    ['Spring Onion', [], ['250g 30']],
    ['Lemon (Nimbu)', [], ['4pc 20', '250g 35']],
  ]),
  // 104 Exotic Fruits & Veggies
  subCategory(104, 'Fruits and Vegetables', 'fruit', 'veg', [
    ['Hass Avocado', [], ['1pc 150']],
    ['Green Kiwi', [], ['3pc 99']],
    ['Broccoli', [], ['1pc 90']],
    ['Zucchini Green', [], ['500g 80']],
    ['Dragon Fruit', [], ['1pc 110']],
    ['Cherry Tomato', [], ['200g 60']],
    ['Blueberries', [], ['125g 299']],
  ]),
  // 105 Cuts & Sprouts
  subCategory(105, 'Fruits and Vegetables', 'leaf', 'veg', [
    ['Mixed Sprouts', [], ['200g 45']],
    ['Moong Sprouts', [], ['200g 40']],
    ['Peeled Garlic', [], ['100g 40']],
    ['Diced Pumpkin', [], ['250g 40']],
    ['Sambar Vegetable Mix', [], ['500g 55']],
    ['Cut Pineapple', [], ['250g 75']],
  ]),
  // 106 Onion, Potato & Tomato
  subCategory(106, 'Fruits and Vegetables', 'leaf', 'veg', [
    ['Onion (Pyaz)', [], ['500g 25', '1kg 45', '2kg 85']],
    ['Potato (Aloo)', [], ['1kg 38', '2kg 72']],
    ['Tomato Hybrid', [], ['500g 22', '1kg 40']],
    ['Tomato Local', [], ['500g 20', '1kg 36']],
    ['Sambar Onion', [], ['250g 30']],
    ['Baby Potato', [], ['500g 35']],
  ]),
  // 201 Milk
  subCategory(201, 'Dairy and Cheese', 'carton', 'veg', [
    ['Taaza Toned Milk', ['Amul'], ['500ml 28', '1l 56']],
    ['Gold Full Cream Milk', ['Amul'], ['500ml 34', '1l 68']],
    ['Toned Milk', ['Mother Dairy', 'Nandini', 'Aavin', 'Heritage'], ['500ml 27', '1l 54']],
    ['Full Cream Milk', ['Mother Dairy', 'Nandini', 'Gokul'], ['500ml 34', '1l 68']],
    ['Cow Milk', ['Akshayakalpa', 'Gowardhan'], ['500ml 38', '1l 75']],
    ['Double Toned Milk', ['Mother Dairy', 'Heritage'], ['500ml 25']],
  ]),
  // 202 Curd & Yogurt
  subCategory(202, 'Dairy and Cheese', 'cup', 'veg', [
    ['Masti Dahi', ['Amul'], ['400g 35', '1kg 77']],
    ['Classic Curd', ['Mother Dairy', 'Nandini', 'Milky Mist', 'Heritage'], ['400g 35', '1kg 80']],
    ['Greek Yogurt', ['Epigamia', 'Milky Mist'], ['90g 40'], { variants: ['Blueberry', 'Mango', 'Natural'] }],
    ['Sweet Lassi', ['Amul', 'Mother Dairy'], ['200ml 20']],
    ['Masala Chaach', ['Amul', 'Mother Dairy'], ['200ml 15', '1l 60']],
    ['Mishti Doi', ['Mother Dairy'], ['100g 25']],
  ]),
  // 203 Paneer & Cheese
  subCategory(203, 'Dairy and Cheese', 'cheese', 'veg', [
    ['Fresh Paneer', ['Amul', 'Mother Dairy', 'Milky Mist', 'Gowardhan', 'Nandini'], ['200g 90', '500g 215']],
    ['Malai Paneer', ['Amul'], ['200g 95']],
    ['Cheese Slices', ['Amul', 'Britannia', 'Go'], ['100g 75', '200g 140']],
    ['Processed Cheese Block', ['Amul', 'Britannia'], ['200g 120', '500g 280']],
    ['Mozzarella Cheese', ['Amul', 'Go', 'Milky Mist'], ['200g 125']],
    ['Cheese Spread', ['Amul', 'Britannia'], ['200g 105'], { variants: ['Plain', 'Garlic'] }],
  ]),
  // 204 Butter & Ghee
  subCategory(204, 'Dairy and Cheese', 'box', 'veg', [
    ['Salted Butter', ['Amul', 'Mother Dairy', 'Nandini', 'Britannia'], ['100g 58', '500g 285']],
    ['Unsalted White Butter', ['Amul', 'Gowardhan'], ['500g 260']],
    ['Garlic & Herbs Butter', ['Amul'], ['100g 65']],
    ['Fresh Cream', ['Amul', 'Mother Dairy'], ['250ml 68']],
    ['Cow Ghee', ['Amul', 'Nandini', 'Milky Mist'], ['200ml 150']],
  ]),
  // 205 Bread & Pav
  subCategory(205, 'Bakery, Cakes & Dairy', 'bread', 'veg', [
    ['White Bread', ['Britannia', 'Modern', 'Harvest Gold', 'English Oven'], ['400g 40', '700g 55']],
    ['Brown Bread', ['Britannia', 'Modern', 'Harvest Gold', 'English Oven'], ['400g 50']],
    ['100% Whole Wheat Bread', ['Britannia', 'English Oven', 'Modern'], ['400g 55']],
    ['Multigrain Bread', ['English Oven', 'Britannia'], ['400g 60']],
    ['Pav', ['Britannia', 'Harvest Gold', 'English Oven'], ['6pc 35', '12pc 60']],
    ['Burger Buns', ['Harvest Gold', 'English Oven'], ['4pc 40']],
  ]),
  // 206 Dosa & Idli Batter
  subCategory(206, 'Ready to Cook and Eat', 'jar', 'veg', [
    ['Idli & Dosa Batter', ['iD Fresh', 'Milky Mist', 'Fresh Batter Co'], ['500g 50', '1kg 85']],
    ['Ragi Dosa Batter', ['iD Fresh'], ['1kg 95']],
    ['Vada Batter', ['iD Fresh'], ['500g 60']],
    ['Malabar Parota', ['iD Fresh', 'Sun Fresh'], ['400g 70']],
    ['Whole Wheat Chapati', ['iD Fresh', 'Sun Fresh'], ['10pc 60']],
  ]),
  // 301 Chicken
  subCategory(301, 'Eggs, Meat & Fish', 'meat', 'non_veg', [
    ['Chicken Curry Cut', ['Licious', 'FreshToHome', 'Zorabian', 'Suguna'], ['500g 179', '1kg 339']],
    ['Boneless Chicken Breast', ['Licious', 'FreshToHome', 'Zorabian'], ['450g 289']],
    ['Chicken Drumsticks', ['Licious', 'FreshToHome', 'Suguna'], ['500g 229']],
    ['Chicken Keema', ['Licious', 'FreshToHome'], ['450g 259']],
    ['Chicken Wings', ['Licious', 'Zorabian'], ['500g 199']],
  ]),
  // 302 Mutton
  subCategory(302, 'Eggs, Meat & Fish', 'meat', 'non_veg', [
    ['Goat Curry Cut', ['Licious', 'FreshToHome', 'Meatigo'], ['500g 499', '1kg 980']],
    ['Goat Boneless', ['Licious', 'FreshToHome'], ['500g 649']],
    ['Mutton Keema', ['Licious', 'FreshToHome', 'Meatigo'], ['500g 579']],
    ['Lamb Chops', ['Licious'], ['250g 399']],
  ]),
  // 303 Fish & Seafood
  subCategory(303, 'Eggs, Meat & Fish', 'fish', 'non_veg', [
    ['Rohu Curry Cut', ['Licious', 'FreshToHome', 'Captain Fresh'], ['500g 189']],
    ['Seer Fish (Surmai) Steaks', ['Licious', 'FreshToHome'], ['500g 649']],
    ['Pomfret Whole Cleaned', ['FreshToHome', 'Captain Fresh'], ['500g 499']],
    ['Basa Fillet', ['Licious', 'Captain Fresh'], ['400g 299']],
    ['Bangda (Mackerel)', ['FreshToHome'], ['500g 199']],
  ]),
  // 304 Eggs
  subCategory(304, 'Eggs, Meat & Fish', 'egg', 'egg', [
    ['Farm Eggs', ['Eggoz', 'Keggs', 'Henfresh', 'Suguna'], ['6pc 54', '12pc 99', '30pc 230']],
    ['Brown Eggs', ['Eggoz', 'Keggs'], ['6pc 72', '12pc 138']],
    ['Omega-3 Eggs', ['Keggs', 'Henfresh'], ['6pc 90']],
    ['Country Eggs (Desi)', ['Eggoz'], ['6pc 99']],
  ]),
  // 305 Prawns
  subCategory(305, 'Eggs, Meat & Fish', 'fish', 'non_veg', [
    ['Medium Prawns Cleaned', ['Licious', 'FreshToHome', 'Captain Fresh'], ['250g 279']],
    ['Tiger Prawns', ['FreshToHome', 'Captain Fresh'], ['500g 799']],
    ['Jumbo Prawns', ['Licious'], ['250g 449']],
    ['Prawn Tempura', ['Prasuma', 'Captain Fresh'], ['250g 299']],
  ]),
  // 306 Marinated & Ready to Cook
  subCategory(306, 'Eggs, Meat & Fish', 'meat', 'non_veg', [
    ['Chicken Tikka', ['Licious', 'FreshToHome', 'Zorabian'], ['250g 249']],
    ['Chicken Seekh Kebab', ['Licious', 'Prasuma', 'Zorabian'], ['250g 239']],
    ['Tandoori Chicken', ['Licious', 'FreshToHome'], ['500g 349']],
    ['Chicken Salami', ['Prasuma', "Venky's", 'Zorabian'], ['200g 190']],
    ['Chicken Frankfurter Sausages', ['Prasuma', "Venky's"], ['250g 180']],
    ['Chicken Nuggets', ['Prasuma', "Venky's", 'Godrej Real Good'], ['400g 240']],
  ]),
  // 401 Tea
  subCategory(401, 'Tea and Coffee', 'box', 'veg', [
    ['Premium', ['Tata Tea'], ['250g 140', '500g 275', '1kg 530']],
    ['Gold', ['Tata Tea'], ['500g 310']],
    ['Leaf Tea', ['Red Label', 'Taj Mahal', 'Wagh Bakri', 'Society'], ['250g 145', '500g 285']],
    ['Masala Chai', ['Wagh Bakri', 'Society'], ['250g 160']],
    ['Green Tea', ['Lipton', 'Tetley', 'Organic India'], ['25pc 160'], { variants: ['Pure', 'Lemon & Honey', 'Tulsi'] }],
  ]),
  // 402 Coffee
  subCategory(402, 'Tea and Coffee', 'jar', 'veg', [
    ['Instant Coffee', ['Nescafe', 'Bru', 'Davidoff', 'Continental'], ['50g 180', '100g 340']],
    ['Filter Coffee Powder', ["Narasu's", 'Cothas', 'Leo', 'Bru'], ['200g 150', '500g 360']],
    ['Cold Coffee', ['Amul', 'Sleepy Owl'], ['200ml 40']],
    ['Coffee Beans', ['Blue Tokai', 'Third Wave'], ['250g 550']],
  ]),
  // 403 Juices
  subCategory(403, 'Fruit Juices and Fruit Drinks', 'carton', 'veg', [
    ['Mixed Fruit Juice', ['Real', 'Tropicana', 'B Natural'], ['200ml 25', '1l 120']],
    ['Orange Juice', ['Real', 'Tropicana', 'B Natural'], ['1l 125']],
    ['Mango Drink', ['Maaza', 'Frooti', 'Slice'], ['600ml 40', '1.2l 70']],
    ['Aam Panna', ['Paper Boat'], ['200ml 30']],
    ['Tender Coconut Water', ['Raw Pressery', 'Coco Natural'], ['200ml 50']],
  ]),
  // 404 Soft Drinks
  subCategory(404, 'Energy and Soft Drinks', 'bottle', 'veg', [
    ['', ['Coca-Cola', 'Pepsi', 'Thums Up', 'Sprite', 'Fanta', '7UP', 'Limca'], ['300ml 20', '750ml 40', '2.25l 99']],
    ['Diet Coke', ['Coca-Cola'], ['300ml 40']],
    ['Jeera Soda', ['Sosyo', 'Lahori'], ['300ml 25']],
    ['Energy Drink', ['Red Bull', 'Monster', 'Sting'], ['250ml 125']],
  ]),
  // 405 Health Drinks
  subCategory(405, 'Energy and Soft Drinks', 'jar', 'veg', [
    ['Health Drink Powder', ['Horlicks', 'Bournvita', 'Boost', 'Complan'], ['500g 260', '1kg 480'], { variants: ['Classic Malt', 'Chocolate'] }],
    ["Women's Plus", ['Horlicks'], ['400g 330']],
    ['Malt Drink', ['Maltova', 'Viva'], ['500g 220']],
    ['Glucose Powder', ['Glucon-D'], ['500g 120'], { variants: ['Orange', 'Nimbu Pani', 'Regular'] }],
    ['Sharbat', ['Rooh Afza', 'Dabur'], ['750ml 175']],
  ]),
  // 406 Water & Soda
  subCategory(406, 'Water', 'bottle', 'veg', [
    ['Packaged Drinking Water', ['Bisleri', 'Kinley', 'Aquafina', 'Bailley'], ['500ml 10', '1l 20', '2l 30', '5l 70']],
    ['Club Soda', ['Kinley', 'Bisleri', 'Schweppes'], ['750ml 20']],
    ['Tonic Water', ['Schweppes', 'Sepoy & Co'], ['300ml 60']],
    ['Natural Mineral Water', ['Himalayan'], ['1l 75']],
  ]),
  // 501 Noodles
  subCategory(501, 'Pasta, Soup and Noodles', 'packet', 'veg', [
    ['Masala Noodles', ['Maggi', 'Yippee', 'Top Ramen'], ['70g 14', '280g 56', '560g 105']],
    ['Atta Noodles', ['Maggi'], ['290g 70']],
    ['Hakka Noodles', [CHINGS], ['150g 40']],
    ['Cup Noodles', ['Maggi', 'Knorr'], ['70g 50'], { variants: ['Masala', 'Mazedaar Masala'] }],
    ['Schezwan Instant Noodles', [CHINGS], ['240g 60']],
  ]),
  // 502 Pasta & Vermicelli
  subCategory(502, 'Pasta, Soup and Noodles', 'packet', 'veg', [
    ['Penne Pasta', ['Del Monte', 'Borges'], ['500g 120']],
    ['Fusilli Pasta', ['Del Monte', 'Borges'], ['500g 120']],
    ['Macaroni', ['Bambino', 'Sunfeast'], ['400g 60']],
    ['Roasted Vermicelli', ['Bambino', 'MTR'], ['400g 55']],
    ['Masala Pasta', ['Sunfeast YiPPee', 'Maggi'], ['70g 25']],
  ]),
  // 503 Ready to Eat Meals
  subCategory(503, 'Ready to Cook and Eat', 'bowl', 'veg', [
    ['Dal Makhani', ['MTR', HALDIRAMS, 'Kitchens of India'], ['300g 110']],
    ['Rajma Masala', ['MTR', HALDIRAMS], ['300g 105']],
    ['Paneer Butter Masala', ['MTR', HALDIRAMS], ['300g 145']],
    ['Pongal', ['MTR'], ['300g 95']],
    ['Veg Pulao', ['MTR', HALDIRAMS], ['250g 95']],
    ['Chicken Biryani', ['Kitchens of India'], ['285g 199'], { food: 'non_veg' }],
  ]),
  // 504 Breakfast Mixes
  subCategory(504, 'Cereals and Breakfast', 'box', 'veg', [
    ['Rava Idli Mix', ['MTR', 'Gits'], ['500g 130']],
    ['Dhokla Mix', ['Gits', 'MTR'], ['200g 75']],
    ['Upma Mix', ['MTR'], ['200g 65']],
    ['Corn Flakes', [KELLOGGS, "Bagrry's"], ['475g 190']],
    ['Chocos', [KELLOGGS], ['375g 190']],
    ['Rolled Oats', ['Quaker', 'Saffola', 'True Elements'], ['500g 110', '1kg 199']],
    ['Masala Oats', ['Saffola'], ['38g 15', '500g 199'], { variants: ['Classic Masala', 'Peppy Tomato'] }],
    ['Muesli', [KELLOGGS, 'Yogabar', "Bagrry's"], ['500g 350'], { variants: ['Fruit & Nut', 'No Added Sugar'] }],
  ]),
  // 505 Soups
  subCategory(505, 'Pasta, Soup and Noodles', 'bowl', 'veg', [
    ['Tomato Soup', ['Knorr', 'Maggi', CHINGS], ['53g 60']],
    ['Sweet Corn Veg Soup', ['Knorr', CHINGS], ['44g 60']],
    ['Hot & Sour Veg Soup', ['Knorr', CHINGS], ['43g 60']],
    ['Manchow Soup', [CHINGS], ['55g 60']],
  ]),
  // 506 Frozen Snacks
  subCategory(506, 'Frozen Snacks', 'packet', 'veg', [
    ['French Fries', ['McCain', 'Godrej Yummiez'], ['420g 120', '750g 195']],
    ['Aloo Tikki', ['McCain', HALDIRAMS], ['400g 120']],
    ['Veg Momos', ['Wow! Momo', 'Prasuma'], ['10pc 160']],
    ['Smiles', ['McCain'], ['415g 130']],
    ['Frozen Green Peas', ['Safal', 'Godrej Yummiez'], ['500g 100']],
    ['Frozen Sweet Corn', ['Safal'], ['500g 110']],
  ]),
  // 601 Chips & Crisps
  subCategory(601, 'Snacks and Namkeen', 'packet', 'veg', [
    [
      'Potato Chips',
      ["Lay's", 'Bingo', 'Balaji'],
      ['52g 20', '90g 40'],
      {
        variants: ['Classic Salted', 'Magic Masala', 'Cream & Onion', 'Tomato Tango'],
      },
    ],
    ['', ['Kurkure'], ['90g 20'], { variants: ['Masala Munch', 'Chilli Chatka', 'Green Chutney'] }],
    ['Banana Chips', [HALDIRAMS, 'Beyond Snack'], ['150g 70']],
    ['', ['Pringles'], ['107g 115'], { variants: ['Original', 'Sour Cream & Onion'] }],
    ['Nachos', ['Doritos', 'Cornitos'], ['60g 30', '150g 80'], { variants: ['Cheese', 'Sweet Chilli'] }],
  ]),
  // 602 Namkeen
  subCategory(602, 'Snacks and Namkeen', 'packet', 'veg', [
    ['Aloo Bhujia', [HALDIRAMS, 'Bikaji', 'Bikanervala', 'Balaji'], ['200g 55', '400g 105', '1kg 240']],
    ['Moong Dal', [HALDIRAMS, 'Bikaji'], ['200g 55']],
    ['Khatta Meetha', [HALDIRAMS, 'Bikanervala'], ['200g 55']],
    ['Navratan Mix', [HALDIRAMS, 'Bikaji'], ['400g 110']],
    ['Madras Mixture', [HALDIRAMS, 'Bikaji'], ['200g 55']],
    ['Bhakarwadi', ['Chitale Bandhu'], ['250g 90']],
  ]),
  // 603 Biscuits & Cookies
  subCategory(603, 'Chocolates and Biscuits', 'packet', 'veg', [
    ['Marie Gold', ['Britannia'], ['250g 35']],
    ['Good Day', ['Britannia'], ['200g 40'], { variants: ['Cashew', 'Butter'] }],
    ['', ['Parle-G'], ['250g 25', '800g 80']],
    ['Hide & Seek', ['Parle'], ['120g 35']],
    ['Monaco', ['Parle'], ['200g 35']],
    ['Bourbon', ['Britannia'], ['150g 30']],
    ['Dark Fantasy Choco Fills', ['Sunfeast'], ['75g 40']],
    ['', ['Oreo'], ['120g 35'], { variants: ['Vanilla', 'Chocolate'] }],
    ['Digestive', ["McVitie's"], ['250g 70']],
  ]),
  // 604 Popcorn
  subCategory(604, 'Snacks and Namkeen', 'packet', 'veg', [
    ['Microwave Popcorn', ['Act II', '4700BC'], ['70g 35'], { variants: ['Butter', 'Classic Salted'] }],
    ['Gourmet Popcorn', ['4700BC'], ['100g 99'], { variants: ['Caramel', 'Cheese'] }],
    ['Instant Popcorn', ['Act II'], ['30g 10']],
    ['Makhana Puffs', ['Farmley'], ['60g 60'], { variants: ['Peri Peri', 'Cream & Onion'] }],
  ]),
  // 605 Nuts & Dry Fruits
  subCategory(605, 'Snacks, Dry Fruits, Nuts', 'jar', 'veg', [
    ['Cashews (Kaju) W320', ['Happilo', 'Nutraj', 'Farmley'], ['100g 130', '250g 320', '500g 620']],
    ['Almonds (Badam)', ['Happilo', 'Nutraj', 'Farmley'], ['250g 280', '500g 540']],
    ['Raisins (Kishmish)', ['Happilo', 'Nutraj'], ['250g 120']],
    ['Walnut Kernels', ['Happilo', 'Nutraj'], ['200g 300']],
    ['Pistachios Roasted Salted', ['Happilo', 'Farmley'], ['200g 320']],
    ['Dates (Khajur)', ['Lion', 'Farmley'], ['500g 180']],
    ['Makhana (Fox Nuts)', ['Farmley', 'Happilo'], ['100g 160']],
  ]),
  // 606 Rusk & Khari
  subCategory(606, 'Bakery, Cakes & Dairy', 'bread', 'veg', [
    ['Toast Rusk', ['Britannia', 'Parle', 'Bonn'], ['300g 60']],
    ['Elaichi Rusk', ['Parle', 'Britannia'], ['200g 45']],
    ['Puff Khari', ['Britannia', 'Monginis'], ['200g 60']],
    ['Cake Rusk', ['Britannia', 'Modern'], ['300g 110']],
  ]),
  // 701 Atta & Flours
  subCategory(701, 'Atta, Flours and Sooji', 'sack', 'veg', [
    ['Shudh Chakki Atta', ['Aashirvaad'], ['1kg 70', '5kg 295', '10kg 560']],
    ['Chakki Fresh Atta', ['Pillsbury', 'Fortune', 'Annapurna'], ['5kg 275', '10kg 525']],
    ['Multigrain Atta', ['Aashirvaad', 'Fortune'], ['5kg 375']],
    ['Besan', ['Tata Sampann', 'Rajdhani', 'Fortune'], ['500g 70', '1kg 130']],
    ['Sooji (Rava)', ['Rajdhani', 'Fortune'], ['500g 40', '1kg 75']],
    ['Maida', ['Rajdhani', 'Pillsbury'], ['500g 35', '1kg 65']],
    ['Ragi Flour', ['24 Mantra Organic', 'Pro Nature'], ['500g 60']],
  ]),
  // 702 Rice
  subCategory(702, 'Rice and Rice Products', 'sack', 'veg', [
    ['Basmati Rice', ['India Gate', 'Daawat', 'Kohinoor', 'Fortune'], ['1kg 150', '5kg 690']],
    ['Sona Masoori Rice', ['Fortune', 'Daawat', 'Pro Nature'], ['5kg 420', '10kg 810', '25kg 1900']],
    ['Kolam Rice', ['Daawat', 'Lal Qilla'], ['5kg 380']],
    ['Ponni Boiled Rice', ['Fortune', '24 Mantra Organic'], ['5kg 360']],
    ['Idli Rice', ['Pro Nature', 'Fortune'], ['5kg 300']],
    ['Brown Rice', ['Daawat', '24 Mantra Organic'], ['1kg 140']],
    ['Poha (Flattened Rice)', ['Tata Sampann', 'Rajdhani'], ['500g 40', '1kg 70']],
  ]),
  // 703 Dals & Pulses
  subCategory(703, 'Dals and Pulses', 'sack', 'veg', [
    ['Toor Dal', ['Tata Sampann', 'Fortune', 'Rajdhani'], ['500g 90', '1kg 175', '2kg 340']],
    ['Moong Dal', ['Tata Sampann', 'Rajdhani'], ['500g 75', '1kg 145']],
    ['Chana Dal', ['Tata Sampann', 'Fortune', 'Rajdhani'], ['500g 55', '1kg 105']],
    ['Urad Dal Split', ['Tata Sampann', 'Rajdhani'], ['500g 80', '1kg 155']],
    ['Masoor Dal', ['Tata Sampann', 'Fortune'], ['500g 60', '1kg 115']],
    ['Rajma Chitra', ['Tata Sampann', 'Rajdhani'], ['500g 95']],
    ['Kabuli Chana', ['Tata Sampann', 'Rajdhani'], ['500g 85', '1kg 165']],
  ]),
  // 704 Cooking Oil
  subCategory(704, 'Oil & Ghee', 'bottle', 'veg', [
    ['Refined Sunflower Oil', ['Fortune', 'Sundrop', 'Gold Drop', 'Freedom'], ['1l 165', '5l 780']],
    ['Kachi Ghani Mustard Oil', ['Fortune', 'Patanjali', 'Dhara'], ['1l 185', '5l 880']],
    ['Groundnut Oil', ['Fortune', 'Dhara'], ['1l 210']],
    ['Gold Refined Oil', ['Saffola'], ['1l 195', '5l 930']],
    ['Cold Pressed Coconut Oil', ['Parachute', 'Coco Soul'], ['500ml 170', '1l 320']],
    ['Extra Virgin Olive Oil', ['Figaro', 'Borges'], ['500ml 650']],
    ['Gingelly Oil', ['Idhayam'], ['1l 360']],
  ]),
  // 705 Desi Ghee
  subCategory(705, 'Oil & Ghee', 'jar', 'veg', [
    ['Pure Ghee', ['Amul', 'Aashirvaad Svasti', 'Nandini', 'Gowardhan', 'Patanjali', 'Mother Dairy'], ['500ml 320', '1l 630']],
    ['Cow Ghee', ['Amul', 'Gowardhan', 'Milky Mist'], ['500ml 340', '1l 660']],
    ['A2 Desi Ghee', ['Akshayakalpa', 'Anveshan'], ['500ml 899']],
    ['Vanaspati', ['Dalda'], ['1l 175']],
  ]),
  // 706 Sugar, Salt & Jaggery
  subCategory(706, 'Salt, Sugar and Jaggery', 'sack', 'veg', [
    ['', ['Tata Salt'], ['1kg 28']],
    ['Iodised Salt', ['Aashirvaad', 'Annapurna'], ['1kg 25']],
    ['Rock Salt (Sendha Namak)', ['Tata Sampann', 'Catch'], ['500g 60']],
    ['Sugar', ['Madhur', 'Trust', 'Dhampure'], ['1kg 55', '5kg 265']],
    ['Jaggery (Gud)', ['24 Mantra Organic', 'Pro Nature', 'Dhampure'], ['500g 60', '1kg 110']],
    ['Brown Sugar', ['Dhampure', 'Trust'], ['500g 80']],
  ]),
  // 801 Detergents
  subCategory(801, 'Cleaning Supplies', 'box', null, [
    ['Matic Front Load Detergent Powder', ['Surf Excel'], ['1kg 300', '2kg 580']],
    ['Easy Wash Detergent Powder', ['Surf Excel'], ['1kg 140']],
    ['Detergent Powder', ['Ariel', 'Tide', 'Rin', 'Wheel', 'Ghadi'], ['1kg 120', '4kg 450']],
    ['Liquid Detergent', ['Surf Excel', 'Ariel', 'Tide'], ['1l 240', '2l 460']],
    ['Detergent Bar', ['Rin', 'Surf Excel', 'Tide'], ['250g 30']],
    ['Fabric Conditioner', ['Comfort'], ['860ml 230']],
  ]),
  // 802 Dishwash
  subCategory(802, 'Cleaning Supplies', 'soap', null, [
    ['Dishwash Bar', ['Vim', 'Exo', 'Pril'], ['300g 30']],
    ['Dishwash Liquid Gel', ['Vim', 'Pril', 'Exo'], ['500ml 115', '750ml 165']],
    ['Scrub Pad', ['Scotch-Brite', 'Gala'], ['3pc 60']],
    ['Dishwasher Detergent', ['Finish'], ['1kg 599']],
  ]),
  // 803 Floor & Surface Cleaners
  subCategory(803, 'Cleaning Supplies', 'spray', null, [
    ['Disinfectant Floor Cleaner', ['Lizol', 'Domex'], ['500ml 120', '1l 220'], { variants: ['Citrus', 'Floral', 'Pine'] }],
    ['Glass Cleaner', ['Colin'], ['500ml 120']],
    ['Kitchen Cleaner Spray', ['Cif', 'Mr Muscle'], ['500ml 170']],
    ['Phenyl', ['Bengal Chemicals', 'Nimyle'], ['1l 110']],
  ]),
  // 804 Toilet Cleaners
  subCategory(804, 'Cleaning Supplies', 'bottle', null, [
    ['Toilet Cleaner', ['Harpic', 'Domex', 'Sanifresh'], ['500ml 100', '1l 190']],
    ['Bathroom Cleaner', ['Harpic', 'Lizol'], ['500ml 110']],
    ['Toilet Rim Block', ['Harpic', 'Odonil'], ['1pc 80']],
  ]),
  // 805 Pooja Needs
  subCategory(805, 'Pooja Needs', 'flower', null, [
    ['Agarbatti', ['Cycle', 'Zed Black', 'Mangaldeep'], ['100g 65'], { variants: ['Sandal', 'Rose', 'Lavender'] }],
    ['Camphor (Kapur)', ['Mangaldeep', 'Cycle'], ['50g 90']],
    ['Dhoop Sticks', ['Cycle', 'Zed Black'], ['20pc 50']],
    ['Cotton Wicks', ['Mangaldeep'], ['100pc 30']],
    ['Puja Oil', ['Mangaldeep', 'Cycle'], ['1l 160']],
  ]),
  // 806 Fresheners & Repellents
  subCategory(806, 'Fresheners and Repellents', 'spray', null, [
    ['Mosquito Repellent Refill', ['Good Knight', 'All Out', 'Mortein'], ['45ml 80']],
    ['Mosquito Repellent Machine with Refill', ['Good Knight', 'All Out'], ['1pc 99']],
    ['Cockroach Spray', ['HIT', 'Mortein'], ['400ml 230']],
    ['Room Freshener', ['Odonil', 'Godrej aer', 'Ambi Pur'], ['220ml 180'], { variants: ['Lavender', 'Rose', 'Citrus'] }],
    ['Naphthalene Balls', ['Odonil'], ['200g 70']],
  ]),
  // 901 Bath & Soaps
  subCategory(901, 'Bath Soaps and Gels', 'soap', null, [
    ['Bathing Soap', ['Lux', 'Dove', 'Pears', 'Santoor', 'Lifebuoy', 'Cinthol', 'Medimix', 'Mysore Sandal'], ['100g 45', '3pc 140']],
    ['Body Wash', ['Dove', 'Nivea', 'Fiama', 'Pears'], ['250ml 250']],
    ['Handwash', ['Dettol', 'Lifebuoy', 'Savlon'], ['200ml 99', '750ml 199']],
  ]),
  // 902 Hair Care
  subCategory(902, 'Hair Care - Shampoo, Oils, Conditioners', 'bottle', null, [
    ['Shampoo', ['Clinic Plus', 'Head & Shoulders', 'Dove', 'Pantene', 'Sunsilk', 'TRESemme'], ['180ml 190', '340ml 360']],
    ['Conditioner', ['Dove', 'Pantene', 'TRESemme'], ['180ml 210']],
    ['Coconut Hair Oil', ['Parachute', 'Dabur'], ['250ml 120', '500ml 230']],
    ['Amla Hair Oil', ['Dabur', 'Patanjali'], ['275ml 150']],
    ['Almond Drops Hair Oil', ['Bajaj'], ['200ml 140']],
    ['Onion Hair Oil', ['Mamaearth'], ['250ml 420']],
  ]),
  // 903 Oral Care
  subCategory(903, 'Oral Care', 'tube', null, [
    ['Toothpaste', ['Colgate', 'Pepsodent', 'Close Up', 'Sensodyne', 'Dabur Red'], ['150g 110', '200g 140']],
    ['Toothbrush', ['Colgate', 'Oral-B', 'Pepsodent'], ['1pc 40', '4pc 140']],
    ['Mouthwash', ['Listerine', 'Colgate Plax'], ['250ml 160']],
    ['Dental Floss', ['Oral-B'], ['1pc 210']],
  ]),
  // 904 Skin Care
  subCategory(904, 'Skin Care - Lotions, Moisturisers, and Creams', 'tube', null, [
    ['Moisturising Cream', ['Nivea', "Pond's", 'Vaseline'], ['100ml 190']],
    ['Face Wash', ['Himalaya', 'Garnier', "Pond's", 'Mamaearth'], ['100ml 170'], { variants: ['Neem', 'Oil Control'] }],
    ['Body Lotion', ['Vaseline', 'Nivea'], ['400ml 380']],
    ['Sunscreen SPF 50', ['Lakme', 'Neutrogena', 'Mamaearth'], ['50ml 399']],
    ['Aloe Vera Gel', ['Patanjali', 'WOW'], ['150ml 110']],
    ['Lip Balm', ['Nivea', 'Himalaya'], ['4.8g 110']],
  ]),
  // 905 Shaving & Grooming
  subCategory(905, 'Shaving and Grooming', 'tube', null, [
    ['Shaving Cream', ['Gillette', 'Old Spice', 'Park Avenue'], ['70g 80']],
    ['Shaving Foam', ['Gillette'], ['418g 299']],
    ['Razor', ['Gillette'], ['1pc 60'], { variants: ['Guard', 'Mach3'] }],
    ['Deodorant', ['Fogg', 'Axe', 'Park Avenue', 'Wild Stone'], ['150ml 220']],
    ['Beard Oil', ['Beardo', 'Ustraa'], ['30ml 300']],
    ['Talcum Powder', ["Pond's", 'Cinthol', 'Navratna'], ['100g 90']],
  ]),
  // 906 Feminine Hygiene
  subCategory(906, 'Feminine Care', 'box', null, [
    ['Sanitary Pads XL', ['Whisper', 'Stayfree', 'Sofy'], ['15pc 190', '30pc 360']],
    ['Panty Liners', ['Whisper', 'Stayfree'], ['20pc 120']],
    ['Menstrual Cup', ['Sirona', 'Pee Safe'], ['1pc 399']],
    ['Intimate Wash', ['V Wash'], ['100ml 190']],
  ]),
  // 1001 Pickles
  subCategory(1001, 'Pickles and Chutney', 'jar', 'veg', [
    ['Mango Pickle', ["Mother's Recipe", 'Priya', "Nilon's", 'Ruchi'], ['400g 140', '1kg 320']],
    ['Mixed Pickle', ["Mother's Recipe", 'Priya', "Nilon's"], ['400g 140']],
    ['Lime Pickle', ['Priya', "Mother's Recipe"], ['300g 110']],
    ['Garlic Pickle', ['Priya', "Mother's Recipe"], ['300g 120']],
    ['Gongura Pickle', ['Priya'], ['300g 125']],
    ['Chicken Pickle', ['Andhra Ruchulu'], ['250g 299'], { food: 'non_veg' }],
  ]),
  // 1002 Whole Spices
  subCategory(1002, 'Masala & Seasoning', 'packet', 'veg', [
    ['Jeera (Cumin Seeds)', ['Tata Sampann', 'Catch', 'Everest'], ['100g 80', '200g 150']],
    ['Rai (Mustard Seeds)', ['Tata Sampann', 'Catch'], ['100g 30']],
    ['Black Pepper Whole', ['Catch', 'Tata Sampann'], ['50g 90']],
    ['Green Cardamom (Elaichi)', ['Catch', 'Tata Sampann'], ['50g 220']],
    ['Cloves (Laung)', ['Catch'], ['50g 120']],
    ['Cinnamon (Dalchini)', ['Catch', 'Tata Sampann'], ['50g 70']],
    ['Dry Red Chilli', ['Tata Sampann'], ['100g 60']],
  ]),
  // 1003 Powdered Masala
  subCategory(1003, 'Masala & Seasoning', 'packet', 'veg', [
    ['Turmeric Powder', ['MDH', 'Everest', 'Catch', 'Tata Sampann', 'Aachi', 'Eastern'], ['100g 35', '200g 65', '500g 150']],
    ['Red Chilli Powder', ['MDH', 'Everest', 'Catch', 'Tata Sampann', 'Aachi', 'Eastern'], ['100g 45', '200g 85']],
    ['Coriander Powder', ['MDH', 'Everest', 'Catch', 'Tata Sampann', 'Aachi', 'Eastern'], ['100g 35', '200g 65']],
    ['Kashmiri Red Chilli Powder', ['MDH', 'Everest', 'Catch'], ['100g 80']],
    ['Jeera Powder', ['MDH', 'Everest', 'Catch'], ['100g 75']],
  ]),
  // 1004 Blended Masala
  subCategory(1004, 'Masala & Seasoning', 'packet', 'veg', [
    ['Garam Masala', ['MDH', 'Everest', 'Catch', 'Aachi'], ['100g 90']],
    ['Chana Masala', ['MDH', 'Everest'], ['100g 80']],
    ['Kitchen King Masala', ['MDH', 'Everest'], ['100g 85']],
    ['Sambar Powder', ['MTR', 'Aachi', 'Eastern', 'Sakthi'], ['100g 60', '200g 115']],
    ['Rasam Powder', ['MTR', 'Aachi', 'Sakthi'], ['100g 55']],
    ['Chicken Masala', ['Everest', 'MDH', 'Aachi'], ['100g 80']],
    ['Pav Bhaji Masala', ['Everest', 'MDH'], ['100g 75']],
    ['Biryani Masala', ['Shan', 'Everest', 'Aachi'], ['50g 65']],
  ]),
  // 1005 Chutney & Sauces
  subCategory(1005, 'Sauces, Spreads and Dips', 'bottle', 'veg', [
    ['Tomato Ketchup', ['Kissan', 'Maggi', 'Heinz'], ['500g 120', '1kg 160']],
    ['Hot & Sweet Sauce', ['Maggi'], ['500g 130']],
    ['Green Chilli Sauce', [CHINGS, 'Kissan'], ['190g 60']],
    ['Soy Sauce', [CHINGS, 'Kikkoman'], ['200g 70']],
    ['Schezwan Chutney', [CHINGS], ['250g 99']],
    ['Mayonnaise', ['Veeba', 'Funfoods'], ['250g 99'], { variants: ['Eggless', 'Tandoori'] }],
    ['Imli Chutney', ['Maggi', 'Priya'], ['200g 80']],
  ]),
  // 1006 Papad
  subCategory(1006, 'Snacks and Namkeen', 'packet', 'veg', [
    ['Urad Papad', ['Lijjat', 'Bikaji', HALDIRAMS], ['200g 70']],
    ['Moong Papad', ['Lijjat', 'Bikaji'], ['200g 70']],
    ['Masala Papad', ['Lijjat'], ['200g 75']],
    ['Ready to Fry Fryums', [HALDIRAMS, 'Bikano'], ['200g 60']],
    ['Appalam', ['Ambika', 'Grand Sweets'], ['200g 55']],
  ]),
  // 1101 Indian Sweets
  subCategory(1101, 'Indian Sweets', 'sweet', 'veg', [
    ['Rasgulla', [HALDIRAMS, 'Bikanervala', 'KC Das'], ['500g 130', '1kg 240']],
    ['Gulab Jamun', [HALDIRAMS, 'Bikanervala', 'Gits'], ['1kg 260']],
    ['Soan Papdi', [HALDIRAMS, 'Bikaji', 'Bikanervala'], ['250g 95', '500g 175']],
    ['Kaju Katli', [HALDIRAMS, 'Bikanervala'], ['250g 320']],
    ['Mysore Pak', ['Grand Sweets', 'A2B'], ['250g 180']],
    ['Motichoor Laddu', [HALDIRAMS, 'Bikanervala'], ['500g 250']],
  ]),
  // 1102 Chocolates
  subCategory(1102, 'Chocolates and Biscuits', 'bar', 'veg', [
    ['Dairy Milk', ['Cadbury'], ['52g 50', '130g 120'], { variants: ['', 'Fruit & Nut', 'Crackle'] }],
    ['KitKat', ['Nestle'], ['37.3g 30']],
    ['Munch', ['Nestle'], ['38.5g 20']],
    ['5 Star', ['Cadbury'], ['40g 20']],
    ['Dark Chocolate 55%', ['Amul', 'Cadbury Bournville'], ['150g 150']],
    ['Celebrations Gift Pack', ['Cadbury'], ['136g 175']],
    ['', ['Ferrero Rocher'], ['4pc 249', '16pc 799']],
  ]),
  // 1103 Ice Creams
  subCategory(1103, 'Dairy and Cheese', 'cup', 'veg', [
    ['Vanilla Ice Cream', ['Amul', "Kwality Wall's", 'Havmor', 'Vadilal'], ['700ml 150', '1l 220']],
    ['Butterscotch Ice Cream', ['Amul', 'Havmor', 'Vadilal'], ['700ml 170']],
    ['Chocolate Cone', ['Cornetto', 'Amul', 'Havmor'], ['120ml 50']],
    ['Kulfi', ['Amul', 'Vadilal', 'Havmor'], ['60ml 30'], { variants: ['Malai', 'Kesar Pista'] }],
  ]),
  // 1104 Cakes & Pastries
  subCategory(1104, 'Bakery, Cakes & Dairy', 'bread', 'veg', [
    ['Fruit Cake', ['Britannia', 'Winkies'], ['250g 80']],
    ['Choco Muffins', ['Britannia', 'Winkies'], ['6pc 120']],
    ['Swiss Roll', ['Elite', 'Britannia'], ['250g 110']],
    ['Chocolate Brownie', ['Monginis', 'Theobroma'], ['1pc 95'], { food: 'egg' }],
    ['Black Forest Pastry', ['Monginis'], ['1pc 85'], { food: 'egg' }],
  ]),
  // 1105 Honey & Spreads
  subCategory(1105, 'Sauces, Spreads and Dips', 'jar', 'veg', [
    ['Honey', ['Dabur', 'Saffola', 'Patanjali', 'Apis'], ['250g 120', '500g 225', '1kg 420']],
    ['Raw Forest Honey', ['Kapiva', 'Organic India'], ['250g 325']],
    ['Mixed Fruit Jam', ['Kissan', 'Mapro'], ['200g 80', '500g 180']],
    ['Peanut Butter', ['Pintola', 'Sundrop', 'MyFitness'], ['350g 180', '1kg 450'], { variants: ['Creamy', 'Crunchy'] }],
    ['Hazelnut Spread', ['Nutella'], ['350g 399']],
    ['Chocolate Syrup', ["Hershey's"], ['623g 260']],
  ]),
  // 1106 Candies & Mints
  subCategory(1106, 'Chocolates and Biscuits', 'sweet', 'veg', [
    ['Eclairs', ['Cadbury', 'Melody'], ['200g 120']],
    ['Candy', ['Pulse'], ['100pc 100'], { variants: ['Kachcha Aam', 'Guava'] }],
    ['Mango Bite', ['Parle'], ['100pc 100']],
    ['Mint', ['Mentos', 'Polo'], ['38g 20']],
    ['Toffee', ['Alpenliebe', 'Kopiko'], ['200g 100']],
    ['Chewing Gum', ['Center Fresh', 'Boomer'], ['20pc 40']],
  ]),
  // 1201 Ayurveda
  subCategory(1201, 'Cereals and Breakfast', 'jar', 'veg', [
    ['Chyawanprash', ['Dabur', 'Patanjali', 'Zandu', 'Baidyanath'], ['500g 240', '1kg 420']],
    ['Triphala Churna', ['Dabur', 'Patanjali', 'Baidyanath'], ['200g 110']],
    ['Giloy Juice', ['Kapiva', 'Patanjali'], ['1l 200']],
    ['Amla Juice', ['Kapiva', 'Patanjali'], ['1l 180']],
    ['Ashwagandha Tablets', ['Himalaya', 'Patanjali'], ['60pc 220'], { food: null }],
    ['Tulsi Drops', ['Organic India'], ['30ml 150'], { food: null }],
  ]),
  // 1202 Protein & Supplements
  subCategory(1202, 'Cereals and Breakfast', 'jar', 'veg', [
    ['Whey Protein', ['MuscleBlaze', 'Optimum Nutrition', 'AS-IT-IS'], ['1kg 2600'], { variants: ['Chocolate', 'Unflavoured'] }],
    ['Protein Bar', ['RiteBite Max Protein', 'Yogabar', 'The Whole Truth'], ['70g 100', '6pc 540']],
    ['Multivitamin Tablets', ['HK Vitals', 'Supradyn', 'Revital H'], ['30pc 350'], { food: null }],
    ['Fish Oil Capsules', ['HK Vitals', 'Seven Seas'], ['60pc 499'], { food: 'non_veg' }],
  ]),
  // 1203 Sugar Free
  subCategory(1203, 'Salt, Sugar and Jaggery', 'pill', 'veg', [
    ['Natura Sweetener', ['Sugar Free'], ['100pc 110']],
    ['Stevia Drops', ['So Sweet', 'Zindagi'], ['30ml 199']],
    ['Sugar Free Digestive Biscuits', ['Britannia NutriChoice'], ['200g 60']],
    ['Sugar Free Dark Chocolate', ['Amul', 'Sugar Free'], ['125g 170']],
    ['Diabetic Care Atta', ['Aashirvaad'], ['1kg 120']],
  ]),
  // 1204 Baby Care
  subCategory(1204, 'Baby Care - Diapers and Accessories', 'box', null, [
    ['Baby Diaper Pants Medium', ['Pampers', 'Huggies', 'MamyPoko'], ['42pc 699', '76pc 1199']],
    ['Baby Wipes', ['Himalaya', "Johnson's Baby", 'Mamaearth'], ['72pc 199']],
    ['Baby Massage Oil', ['Dabur Lal Tail', "Johnson's Baby", 'Himalaya'], ['200ml 190']],
    ['Baby Cereal', ['Cerelac'], ['300g 280'], { variants: ['Wheat Apple', 'Rice'], food: 'veg' }],
  ]),
  // 1205 First Aid
  subCategory(1205, 'Health and Safety', 'pill', null, [
    ['ORS Powder', ['Electral'], ['21g 22'], { variants: ['Orange', 'Apple'] }],
    ['Antiseptic Liquid', ['Dettol', 'Savlon'], ['250ml 120', '550ml 230']],
    ['VapoRub', ['Vicks'], ['50ml 165']],
    ['Pain Relief Balm', ['Zandu', 'Amrutanjan', 'Iodex'], ['25ml 90']],
    ['Bandage Strips', ['Band-Aid', 'Hansaplast'], ['20pc 50']],
    ['Digestive Tablets', ['Hajmola'], ['120pc 60'], { variants: ['Regular', 'Imli'] }],
    ['Cough Lozenges', ['Strepsils', 'Vicks'], ['8pc 45']],
  ]),
  // 1206 Organic Staples
  subCategory(1206, 'Dals and Pulses', 'sack', 'veg', [
    ['Organic Toor Dal', ['24 Mantra Organic', 'Organic Tattva', 'Pro Nature'], ['500g 110', '1kg 210']],
    ['Organic Whole Wheat Atta', ['24 Mantra Organic', 'Organic Tattva'], ['5kg 380']],
    ['Organic Jaggery Powder', ['24 Mantra Organic', 'Organic Tattva'], ['500g 75']],
    ['Organic Moong Dal', ['24 Mantra Organic', 'Organic Tattva'], ['500g 95']],
    ['Organic Sona Masoori Rice', ['24 Mantra Organic', 'Pro Nature'], ['5kg 520']],
  ]),
];

/** SPEC §3 tray tags: the item trays a provider page shows. */
export const TRAY_TAGS = { discount: 'discountTray', bestSeller: 'bestSeller', occasion: 'occasion' } as const;

// The Holi festive trays, read as Sweets & Snacks, Beverages & Chocolates, Skin & Hair Care
// and Cleaning & Laundry; each names the sub-categories whose items may join it.
export const FESTIVE_TRAYS: Readonly<Record<string, readonly number[]>> = {
  hbTray_holi1_SnS: [601, 602, 604, 1101],
  hbTray_holi1_BnC: [403, 404, 1102],
  hbTray_holi1_SnHC: [902, 904],
  hbTray_holi1_CnL: [801, 803],
};

/** Sub-categories whose items appear in the occasion (gifting, festival) tray. */
export const OCCASION_SUB_CATEGORIES: readonly number[] = [605, 805, 1101, 1102];
