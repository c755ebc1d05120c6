// What the simulated restaurants cook: menus, dishes and their customisation groups
// (ondc-notes §4 RET11: custom_group categories with min/max, options as items with a
// parent group, a default flag and optional child groups; custom_menu timings).
import type { ImageFamily } from './images.ts';
import type { VegNonVeg } from './names.ts';

/** ONDC category timing (SPEC §4 category availability): days 1–7 (Monday = 1), HHMM times. */
export type MenuTiming = { dayFrom: number; dayTo: number; timeFrom: number; timeTo: number };

type MenuSpec = { name: string; timing: MenuTiming | null };

type CustomOptionSpec<G extends string> = {
  name: string;
  /** added to the dish price, whole rupees */
  price: number;
  food: VegNonVeg;
  isDefault?: boolean;
  /** a group that opens once this option is picked (nested customisation) */
  child?: G;
};

type CustomGroupSpec<G extends string> = {
  name: string;
  min: number;
  max: number;
  options: readonly CustomOptionSpec<G>[];
};

type DishSpec<G extends string, M extends string> = {
  name: string;
  description: string;
  /** whole rupees, before the city's price level */
  price: number;
  food: VegNonVeg;
  menu: M;
  family: ImageFamily;
  groups?: readonly G[];
};

export type RestaurantTemplate<G extends string = string, M extends string = string> = {
  key: string;
  cuisines: readonly string[];
  pureVeg: boolean;
  /** the restaurant's name in each city it opens in, keyed by city id */
  names: Readonly<Record<string, string>>;
  menus: Readonly<Record<M, MenuSpec>>;
  groups: Readonly<Record<G, CustomGroupSpec<G>>>;
  dishes: readonly DishSpec<G, M>[];
};

// The generic parameters make the compiler check every menu and group key a dish names.
function restaurant<G extends string, M extends string>(template: RestaurantTemplate<G, M>): RestaurantTemplate {
  return template;
}

const ALL_WEEK = { dayFrom: 1, dayTo: 7 } as const;

const SOUTH_TIFFIN = restaurant({
  key: 'tiffin',
  cuisines: ['South Indian', 'Breakfast'],
  pureVeg: true,
  names: {
    delhi: 'Dakshin Tiffin Room',
    bengaluru: 'Sri Udupi Upahar',
    mumbai: 'Matunga Idli House',
    pune: 'Deccan Dosa Corner',
    hyderabad: 'Tiffin Tales',
    chennai: 'Mylai Tiffin Centre',
  },
  menus: {
    breakfast: { name: 'Breakfast', timing: { ...ALL_WEEK, timeFrom: 700, timeTo: 1100 } },
    dosa: { name: 'Dosa & Uttapam', timing: null },
    meals: { name: 'Rice & Meals', timing: { ...ALL_WEEK, timeFrom: 1130, timeTo: 1530 } },
    drinks: { name: 'Coffee & Drinks', timing: null },
  },
  groups: {
    idliPortion: {
      name: 'Portion',
      min: 1,
      max: 1,
      options: [
        { name: '2 Idlis', price: 0, food: 'veg', isDefault: true },
        { name: '4 Idlis', price: 50, food: 'veg' },
      ],
    },
    dosaAddOns: {
      name: 'Add-ons',
      min: 0,
      max: 3,
      options: [
        { name: 'Extra Coconut Chutney', price: 15, food: 'veg' },
        { name: 'Extra Sambar', price: 20, food: 'veg' },
        { name: 'Ghee Roast', price: 30, food: 'veg' },
        { name: 'Butter', price: 25, food: 'veg' },
        { name: 'Cheese', price: 40, food: 'veg' },
      ],
    },
    sugar: {
      name: 'Sugar',
      min: 1,
      max: 1,
      options: [
        { name: 'Regular Sugar', price: 0, food: 'veg', isDefault: true },
        { name: 'Less Sugar', price: 0, food: 'veg' },
        { name: 'No Sugar', price: 0, food: 'veg' },
      ],
    },
  },
  dishes: [
    {
      name: 'Idli Sambar',
      description: 'Steamed rice cakes with sambar and coconut chutney',
      price: 60,
      food: 'veg',
      menu: 'breakfast',
      family: 'plate',
      groups: ['idliPortion'],
    },
    { name: 'Medu Vada', description: 'Two crisp urad dal vadas with sambar and chutney', price: 65, food: 'veg', menu: 'breakfast', family: 'plate' },
    { name: 'Ven Pongal', description: 'Rice and moong dal with pepper, cumin and ghee', price: 80, food: 'veg', menu: 'breakfast', family: 'bowl' },
    { name: 'Rava Upma', description: 'Semolina cooked with vegetables and curry leaves', price: 60, food: 'veg', menu: 'breakfast', family: 'bowl' },
    { name: 'Poori Sagu', description: 'Three pooris with potato sagu', price: 85, food: 'veg', menu: 'breakfast', family: 'plate' },
    { name: 'Kesari Bath', description: 'Saffron semolina halwa with cashews', price: 55, food: 'veg', menu: 'breakfast', family: 'sweet' },
    {
      name: 'Masala Dosa',
      description: 'Crisp rice crepe with potato masala, sambar and chutney',
      price: 95,
      food: 'veg',
      menu: 'dosa',
      family: 'plate',
      groups: ['dosaAddOns'],
    },
    {
      name: 'Plain Dosa',
      description: 'Crisp rice crepe with sambar and chutney',
      price: 75,
      food: 'veg',
      menu: 'dosa',
      family: 'plate',
      groups: ['dosaAddOns'],
    },
    {
      name: 'Mysore Masala Dosa',
      description: 'Dosa with spicy red chutney and potato masala',
      price: 115,
      food: 'veg',
      menu: 'dosa',
      family: 'plate',
      groups: ['dosaAddOns'],
    },
    {
      name: 'Rava Onion Dosa',
      description: 'Lacy semolina dosa with onions and green chilli',
      price: 110,
      food: 'veg',
      menu: 'dosa',
      family: 'plate',
      groups: ['dosaAddOns'],
    },
    { name: 'Onion Uttapam', description: 'Thick rice pancake topped with onions', price: 100, food: 'veg', menu: 'dosa', family: 'plate' },
    { name: 'Bisi Bele Bath', description: 'Rice, lentils and vegetables with spice powder', price: 95, food: 'veg', menu: 'meals', family: 'bowl' },
    { name: 'Curd Rice', description: 'Rice with curd, tempered with mustard and ginger', price: 80, food: 'veg', menu: 'meals', family: 'bowl' },
    { name: 'South Indian Meals', description: 'Rice, sambar, rasam, poriyal, curd and payasam', price: 160, food: 'veg', menu: 'meals', family: 'plate' },
    {
      name: 'Filter Coffee',
      description: 'Strong decoction coffee with frothy milk',
      price: 35,
      food: 'veg',
      menu: 'drinks',
      family: 'cup',
      groups: ['sugar'],
    },
    { name: 'Badam Milk', description: 'Warm milk with almonds and saffron', price: 60, food: 'veg', menu: 'drinks', family: 'glass' },
  ],
});

const NORTH_INDIAN = restaurant({
  key: 'north',
  cuisines: ['North Indian', 'Mughlai'],
  pureVeg: false,
  names: {
    delhi: 'Punjabi Rasoi',
    bengaluru: 'Dilli Zaika',
    mumbai: 'Amritsari Haveli',
    pune: 'Sher-e-Punjab Dhaba',
    hyderabad: 'Tandoor Tales',
    chennai: 'North Star Dhaba',
  },
  menus: {
    starters: { name: 'Starters', timing: null },
    mains: { name: 'Main Course', timing: null },
    breads: { name: 'Breads & Rice', timing: null },
    thali: { name: 'Lunch Thali', timing: { dayFrom: 1, dayTo: 6, timeFrom: 1200, timeTo: 1530 } },
    desserts: { name: 'Desserts & Drinks', timing: null },
  },
  groups: {
    spice: {
      name: 'Spice Level',
      min: 1,
      max: 1,
      options: [
        { name: 'Mild', price: 0, food: 'veg', isDefault: true },
        { name: 'Medium', price: 0, food: 'veg' },
        { name: 'Spicy', price: 0, food: 'veg' },
      ],
    },
    bhatureExtras: {
      name: 'Extras',
      min: 0,
      max: 2,
      options: [
        { name: 'Extra Bhatura', price: 40, food: 'veg' },
        { name: 'Small Sweet Lassi', price: 50, food: 'veg' },
        { name: 'Onion Salad', price: 20, food: 'veg' },
      ],
    },
    thaliBread: {
      name: 'Choose Bread',
      min: 1,
      max: 1,
      options: [
        { name: 'Phulka', price: 0, food: 'veg', isDefault: true },
        { name: 'Butter Roti', price: 10, food: 'veg' },
        { name: 'Butter Naan', price: 30, food: 'veg' },
      ],
    },
  },
  dishes: [
    {
      name: 'Paneer Tikka',
      description: 'Cottage cheese cubes marinated and grilled in the tandoor',
      price: 260,
      food: 'veg',
      menu: 'starters',
      family: 'plate',
      groups: ['spice'],
    },
    {
      name: 'Chicken Tikka',
      description: 'Boneless chicken grilled in the tandoor',
      price: 320,
      food: 'non_veg',
      menu: 'starters',
      family: 'meat',
      groups: ['spice'],
    },
    {
      name: 'Paneer Butter Masala',
      description: 'Paneer in a rich tomato, butter and cashew gravy',
      price: 280,
      food: 'veg',
      menu: 'mains',
      family: 'bowl',
      groups: ['spice'],
    },
    {
      name: 'Kadai Paneer',
      description: 'Paneer with capsicum and onions in kadai masala',
      price: 270,
      food: 'veg',
      menu: 'mains',
      family: 'bowl',
      groups: ['spice'],
    },
    { name: 'Dal Makhani', description: 'Black lentils slow-cooked overnight with butter and cream', price: 240, food: 'veg', menu: 'mains', family: 'bowl' },
    {
      name: 'Butter Chicken',
      description: 'Tandoori chicken in a velvety tomato butter gravy',
      price: 340,
      food: 'non_veg',
      menu: 'mains',
      family: 'bowl',
      groups: ['spice'],
    },
    { name: 'Egg Curry', description: 'Boiled eggs in an onion tomato masala', price: 200, food: 'egg', menu: 'mains', family: 'bowl' },
    {
      name: 'Chole Bhature',
      description: 'Spiced chickpeas with two fluffy bhaturas',
      price: 180,
      food: 'veg',
      menu: 'mains',
      family: 'plate',
      groups: ['bhatureExtras'],
    },
    { name: 'Rajma Chawal', description: 'Kidney bean curry with steamed rice', price: 170, food: 'veg', menu: 'mains', family: 'bowl' },
    { name: 'Butter Naan', description: 'Leavened bread from the tandoor, brushed with butter', price: 60, food: 'veg', menu: 'breads', family: 'bread' },
    { name: 'Garlic Naan', description: 'Naan topped with garlic and coriander', price: 75, food: 'veg', menu: 'breads', family: 'bread' },
    { name: 'Tandoori Roti', description: 'Whole wheat bread from the tandoor', price: 30, food: 'veg', menu: 'breads', family: 'bread' },
    { name: 'Jeera Rice', description: 'Basmati rice tempered with cumin', price: 150, food: 'veg', menu: 'breads', family: 'bowl' },
    {
      name: 'Veg Thali',
      description: 'Dal, two sabzis, rice, raita, salad, bread and a sweet',
      price: 240,
      food: 'veg',
      menu: 'thali',
      family: 'plate',
      groups: ['thaliBread'],
    },
    {
      name: 'Non-Veg Thali',
      description: 'Chicken curry, dal, rice, raita, salad, bread and a sweet',
      price: 320,
      food: 'non_veg',
      menu: 'thali',
      family: 'plate',
      groups: ['thaliBread'],
    },
    { name: 'Gulab Jamun', description: 'Two warm gulab jamuns in sugar syrup', price: 80, food: 'veg', menu: 'desserts', family: 'sweet' },
    { name: 'Rasmalai', description: 'Two soft chenna discs in saffron milk', price: 110, food: 'veg', menu: 'desserts', family: 'sweet' },
    { name: 'Sweet Lassi', description: 'Thick churned curd with sugar and cardamom', price: 90, food: 'veg', menu: 'desserts', family: 'glass' },
  ],
});

const BIRYANI = restaurant({
  key: 'biryani',
  cuisines: ['Biryani', 'Hyderabadi'],
  pureVeg: false,
  names: {
    delhi: 'Dilli Biryani Darbar',
    bengaluru: 'Biryani Darbar',
    mumbai: 'Bombay Biryani Co.',
    pune: 'Peshwa Biryani House',
    hyderabad: 'Nawabi Dum Biryani',
    chennai: 'Ambur Biryani Point',
  },
  menus: {
    biryani: { name: 'Biryani', timing: null },
    starters: { name: 'Starters', timing: { ...ALL_WEEK, timeFrom: 1200, timeTo: 2300 } },
    sides: { name: 'Sides & Desserts', timing: null },
  },
  groups: {
    portion: {
      name: 'Portion',
      min: 1,
      max: 1,
      options: [
        { name: 'Half (serves 1)', price: 0, food: 'veg', isDefault: true },
        { name: 'Full (serves 2)', price: 160, food: 'veg', child: 'fullSide' },
      ],
    },
    fullSide: {
      name: 'Free Side with Full',
      min: 1,
      max: 1,
      options: [
        { name: 'Mirchi ka Salan', price: 0, food: 'veg', isDefault: true },
        { name: 'Burani Raita', price: 0, food: 'veg' },
      ],
    },
    addOns: {
      name: 'Add-ons',
      min: 0,
      max: 3,
      options: [
        { name: 'Raita', price: 40, food: 'veg' },
        { name: 'Mirchi ka Salan', price: 30, food: 'veg' },
        { name: 'Boiled Egg', price: 20, food: 'egg' },
        { name: 'Extra Leg Piece', price: 90, food: 'non_veg' },
        { name: 'Gulab Jamun', price: 40, food: 'veg' },
      ],
    },
    vegAddOns: {
      name: 'Add-ons',
      min: 0,
      max: 2,
      options: [
        { name: 'Raita', price: 40, food: 'veg' },
        { name: 'Mirchi ka Salan', price: 30, food: 'veg' },
        { name: 'Extra Paneer', price: 60, food: 'veg' },
      ],
    },
  },
  dishes: [
    {
      name: 'Chicken Dum Biryani',
      description: 'Basmati rice and chicken slow-cooked on dum with saffron',
      price: 280,
      food: 'non_veg',
      menu: 'biryani',
      family: 'bowl',
      groups: ['portion', 'addOns'],
    },
    {
      name: 'Mutton Dum Biryani',
      description: 'Tender goat meat layered with basmati rice',
      price: 380,
      food: 'non_veg',
      menu: 'biryani',
      family: 'bowl',
      groups: ['portion', 'addOns'],
    },
    {
      name: 'Egg Biryani',
      description: 'Masala eggs on fragrant biryani rice',
      price: 230,
      food: 'egg',
      menu: 'biryani',
      family: 'bowl',
      groups: ['portion', 'addOns'],
    },
    {
      name: 'Veg Biryani',
      description: 'Seasonal vegetables and basmati rice cooked on dum',
      price: 220,
      food: 'veg',
      menu: 'biryani',
      family: 'bowl',
      groups: ['portion', 'vegAddOns'],
    },
    {
      name: 'Paneer Biryani',
      description: 'Paneer tikka layered with basmati rice',
      price: 250,
      food: 'veg',
      menu: 'biryani',
      family: 'bowl',
      groups: ['portion', 'vegAddOns'],
    },
    { name: 'Chicken 65', description: 'Spicy fried chicken with curry leaves', price: 240, food: 'non_veg', menu: 'starters', family: 'meat' },
    { name: 'Apollo Fish', description: 'Boneless fish tossed in a tangy chilli sauce', price: 300, food: 'non_veg', menu: 'starters', family: 'fish' },
    { name: 'Mirchi ka Salan', description: 'Green chillies in a peanut and sesame gravy', price: 60, food: 'veg', menu: 'sides', family: 'bowl' },
    { name: 'Burani Raita', description: 'Curd with roasted garlic', price: 50, food: 'veg', menu: 'sides', family: 'cup' },
    { name: 'Double ka Meetha', description: 'Bread pudding with saffron milk and nuts', price: 90, food: 'veg', menu: 'sides', family: 'sweet' },
    { name: 'Qubani ka Meetha', description: 'Stewed apricots with cream', price: 120, food: 'veg', menu: 'sides', family: 'sweet' },
  ],
});

const PIZZA_BURGER = restaurant({
  key: 'pizza',
  cuisines: ['Pizza', 'Burger', 'Fast Food'],
  pureVeg: false,
  names: {
    delhi: 'Slice & Stack',
    bengaluru: 'Slice & Stack',
    mumbai: 'Slice & Stack',
    pune: 'Slice & Stack',
    hyderabad: 'Slice & Stack',
    chennai: 'Slice & Stack',
  },
  menus: {
    pizzas: { name: 'Pizzas', timing: null },
    burgers: { name: 'Burgers', timing: null },
    sides: { name: 'Sides & Drinks', timing: null },
    desserts: { name: 'Desserts', timing: null },
  },
  // Size, then crust, then toppings: each choice opens the next group (ONDC's pizza example).
  groups: {
    size: {
      name: 'Size',
      min: 1,
      max: 1,
      options: [
        { name: 'Regular', price: 0, food: 'veg', isDefault: true, child: 'crust' },
        { name: 'Medium', price: 150, food: 'veg', child: 'crust' },
        { name: 'Large', price: 300, food: 'veg', child: 'crust' },
      ],
    },
    crust: {
      name: 'Crust',
      min: 1,
      max: 1,
      options: [
        { name: 'Classic Hand Tossed', price: 0, food: 'veg', isDefault: true, child: 'toppings' },
        { name: 'Thin Crust', price: 0, food: 'veg', child: 'toppings' },
        { name: 'Cheese Burst', price: 99, food: 'veg', child: 'toppings' },
      ],
    },
    toppings: {
      name: 'Extra Toppings',
      min: 0,
      max: 3,
      options: [
        { name: 'Onion', price: 35, food: 'veg' },
        { name: 'Capsicum', price: 35, food: 'veg' },
        { name: 'Sweet Corn', price: 35, food: 'veg' },
        { name: 'Jalapeno', price: 45, food: 'veg' },
        { name: 'Black Olives', price: 45, food: 'veg' },
        { name: 'Paneer', price: 60, food: 'veg' },
        { name: 'Extra Cheese', price: 60, food: 'veg' },
      ],
    },
    meal: {
      name: 'Make it a Meal',
      min: 0,
      max: 1,
      options: [{ name: 'Fries and Coke', price: 99, food: 'veg' }],
    },
    burgerExtras: {
      name: 'Extras',
      min: 0,
      max: 2,
      options: [
        { name: 'Cheese Slice', price: 25, food: 'veg' },
        { name: 'Extra Veg Patty', price: 50, food: 'veg' },
      ],
    },
    friesSize: {
      name: 'Size',
      min: 1,
      max: 1,
      options: [
        { name: 'Regular', price: 0, food: 'veg', isDefault: true },
        { name: 'Large', price: 40, food: 'veg' },
      ],
    },
  },
  dishes: [
    { name: 'Margherita Pizza', description: 'Tomato sauce, mozzarella and basil', price: 199, food: 'veg', menu: 'pizzas', family: 'pizza', groups: ['size'] },
    {
      name: 'Farmhouse Pizza',
      description: 'Onion, capsicum, tomato and mushroom',
      price: 299,
      food: 'veg',
      menu: 'pizzas',
      family: 'pizza',
      groups: ['size'],
    },
    {
      name: 'Paneer Tikka Pizza',
      description: 'Tandoori paneer, onion and mint mayo',
      price: 329,
      food: 'veg',
      menu: 'pizzas',
      family: 'pizza',
      groups: ['size'],
    },
    {
      name: 'Chicken Pepperoni Pizza',
      description: 'Chicken pepperoni and extra mozzarella',
      price: 379,
      food: 'non_veg',
      menu: 'pizzas',
      family: 'pizza',
      groups: ['size'],
    },
    {
      name: 'Classic Veg Burger',
      description: 'Crumbed veg patty, lettuce and mayo',
      price: 129,
      food: 'veg',
      menu: 'burgers',
      family: 'burger',
      groups: ['meal', 'burgerExtras'],
    },
    {
      name: 'Aloo Tikki Burger',
      description: 'Spiced potato patty with tomato and onion',
      price: 89,
      food: 'veg',
      menu: 'burgers',
      family: 'burger',
      groups: ['meal'],
    },
    {
      name: 'Crispy Chicken Burger',
      description: 'Fried chicken fillet with peri peri mayo',
      price: 169,
      food: 'non_veg',
      menu: 'burgers',
      family: 'burger',
      groups: ['meal'],
    },
    { name: 'French Fries', description: 'Salted fries', price: 99, food: 'veg', menu: 'sides', family: 'packet', groups: ['friesSize'] },
    { name: 'Garlic Bread', description: 'Toasted bread with garlic butter and herbs', price: 129, food: 'veg', menu: 'sides', family: 'bread' },
    { name: 'Cold Coffee', description: 'Blended iced coffee', price: 129, food: 'veg', menu: 'sides', family: 'glass' },
    { name: 'Choco Lava Cake', description: 'Chocolate cake with a molten centre', price: 109, food: 'egg', menu: 'desserts', family: 'sweet' },
  ],
});

const STREET_FOOD = restaurant({
  key: 'chaat',
  cuisines: ['Street Food', 'Chaat'],
  pureVeg: true,
  names: {
    delhi: 'Chandni Chowk Chaat Corner',
    mumbai: 'Chowpatty Chaat House',
    pune: 'Pune Misal Point',
  },
  menus: {
    pav: { name: 'Pav Specials', timing: null },
    chaat: { name: 'Chaat', timing: { ...ALL_WEEK, timeFrom: 1600, timeTo: 2300 } },
    drinks: { name: 'Chai & Kulfi', timing: null },
  },
  groups: {
    pavExtras: {
      name: 'Extras',
      min: 0,
      max: 2,
      options: [
        { name: 'Extra Pav (2 pcs)', price: 20, food: 'veg' },
        { name: 'Extra Butter', price: 15, food: 'veg' },
        { name: 'Extra Farsan', price: 20, food: 'veg' },
      ],
    },
    // Served with two chutneys the shopper may swap: a group with defaults asks for at least one
    // (ONDC's validator: no default where a group's min is 0), and offers more than its max.
    chutney: {
      name: 'Chutney',
      min: 1,
      max: 2,
      options: [
        { name: 'Green Chutney', price: 0, food: 'veg', isDefault: true },
        { name: 'Dry Garlic Chutney', price: 0, food: 'veg', isDefault: true },
        { name: 'Fried Chilli', price: 5, food: 'veg' },
      ],
    },
  },
  dishes: [
    {
      name: 'Vada Pav',
      description: 'Spiced potato vada in a soft pav with chutneys',
      price: 35,
      food: 'veg',
      menu: 'pav',
      family: 'burger',
      groups: ['chutney'],
    },
    {
      name: 'Pav Bhaji',
      description: 'Buttery mashed vegetable bhaji with two pavs',
      price: 140,
      food: 'veg',
      menu: 'pav',
      family: 'bowl',
      groups: ['pavExtras'],
    },
    { name: 'Misal Pav', description: 'Spicy sprouts curry with farsan and pav', price: 110, food: 'veg', menu: 'pav', family: 'bowl', groups: ['pavExtras'] },
    { name: 'Dabeli', description: 'Sweet and spicy potato filling in pav with peanuts', price: 50, food: 'veg', menu: 'pav', family: 'burger' },
    { name: 'Pani Puri', description: 'Six puris with spiced water and potato', price: 60, food: 'veg', menu: 'chaat', family: 'plate' },
    { name: 'Sev Puri', description: 'Crisp puris with potato, chutneys and sev', price: 80, food: 'veg', menu: 'chaat', family: 'plate' },
    { name: 'Bhel Puri', description: 'Puffed rice with chutneys, onion and sev', price: 70, food: 'veg', menu: 'chaat', family: 'bowl' },
    { name: 'Aloo Tikki Chaat', description: 'Potato patties with curd, chutneys and chana', price: 90, food: 'veg', menu: 'chaat', family: 'plate' },
    { name: 'Masala Chai', description: 'Milky tea with ginger and cardamom', price: 25, food: 'veg', menu: 'drinks', family: 'cup' },
    { name: 'Malai Kulfi', description: 'Dense frozen milk dessert on a stick', price: 60, food: 'veg', menu: 'drinks', family: 'sweet' },
  ],
});

export const RESTAURANT_TEMPLATES: readonly RestaurantTemplate[] = [SOUTH_TIFFIN, NORTH_INDIAN, BIRYANI, PIZZA_BURGER, STREET_FOOD];
