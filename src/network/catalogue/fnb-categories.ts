// RET11 item category_id from ONDC's F&B list (the one ONDC's log validator holds): what the dish
// is, read from its name, first match wins; "F&B" when nothing narrower fits.

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/biryani/i, 'Biryani'],
  [/thali|meals/i, 'Thali'],
  [/pizza|garlic bread/i, 'Pizza'],
  [/burger/i, 'Burger'],
  [/fries/i, 'Fries'],
  [/dosa/i, 'Dosa'],
  [/uttapam/i, 'Uttapam'],
  [/idli/i, 'Idli'],
  [/vada pav|dabeli|pav bhaji|misal/i, 'Chaat'],
  [/vada/i, 'Vada'],
  [/kesari/i, 'Mithai'],
  [/upma|pongal|bisi bele/i, 'Upma'],
  [/chaat|puri|bhel/i, 'Chaat'],
  [/kulfi/i, 'Kulfi'],
  [/lassi/i, 'Lassi'],
  [/coffee/i, 'Coffee'],
  [/chai|tea/i, 'Tea'],
  [/milk|shake/i, 'Shakes & Smoothies'],
  [/cake/i, 'Cakes'],
  [/jamun|rasmalai|meetha|halwa/i, 'Mithai'],
  [/tikka/i, 'Tikka'],
  [/paneer/i, 'Paneer'],
  [/chicken|chilli/i, 'Chicken'],
  [/mutton/i, 'Mutton'],
  [/fish/i, 'Seafood'],
  [/egg/i, 'Eggs'],
  [/dal|rajma|chole/i, 'Dal'],
  [/naan|roti|phulka|paratha|kulcha|bhatur/i, 'Roti'],
  [/rice|chawal/i, 'Rice'],
  [/raita|curd/i, 'Raita'],
  [/salad/i, 'Salad'],
];

export function fnbCategoryOf(dishName: string): string {
  return RULES.find(([pattern]) => pattern.test(dishName))?.[1] ?? 'F&B';
}
