// Shoppers type groceries the way they say them: "aloo", "pyaz", "doodh". Each group below is
// one product in Hindi (romanised) and English; a search for any word also finds the others.
const GROUPS: string[][] = [
  ['aloo', 'alu', 'potato', 'potatoes'],
  ['pyaz', 'pyaaz', 'kanda', 'onion', 'onions'],
  ['tamatar', 'tomato', 'tomatoes'],
  ['atta', 'aata', 'wheat', 'flour'],
  ['doodh', 'dudh', 'milk'],
  ['chawal', 'chaawal', 'rice'],
  ['dal', 'daal', 'lentil', 'lentils', 'pulses'],
  ['cheeni', 'chini', 'shakkar', 'sugar'],
  ['namak', 'salt'],
  ['dahi', 'curd', 'yogurt', 'yoghurt'],
  ['makhan', 'makkhan', 'butter'],
  ['tel', 'oil'],
  ['anda', 'ande', 'egg', 'eggs'],
  ['murgh', 'murgi', 'chicken'],
  ['gobi', 'gobhi', 'cauliflower'],
  ['bhindi', 'okra', 'ladyfinger'],
  ['palak', 'spinach'],
  ['baingan', 'brinjal', 'eggplant'],
  ['mirchi', 'mirch', 'chilli', 'chili'],
  ['adrak', 'ginger'],
  ['lehsun', 'lahsun', 'garlic'],
  ['haldi', 'turmeric'],
  ['jeera', 'zeera', 'cumin'],
  ['dhania', 'dhaniya', 'coriander'],
  ['chai', 'tea'],
  ['kela', 'banana', 'bananas'],
  ['aam', 'mango', 'mangoes'],
  ['seb', 'apple', 'apples'],
  ['besan', 'gram'],
  ['sooji', 'suji', 'rava', 'semolina'],
  ['matar', 'peas'],
  ['gajar', 'carrot', 'carrots'],
  ['kheera', 'cucumber'],
  ['nimbu', 'lemon', 'lime'],
  ['paneer', 'cottage'],
  ['ghee', 'clarified'],
  ['namkeen', 'snacks'],
  ['mithai', 'sweets'],
  ['sabzi', 'sabji', 'vegetables', 'vegetable'],
  ['machli', 'machhli', 'fish'],
  ['gosht', 'mutton'],
  ['pani', 'paani', 'water'],
];

const BY_WORD = new Map<string, string[]>();
for (const group of GROUPS) for (const word of group) BY_WORD.set(word, group);

/** The words a search term stands for, itself first. */
export function alternativesOf(word: string): string[] {
  const w = word.toLowerCase();
  return BY_WORD.get(w) ? [w, ...BY_WORD.get(w)!.filter((x) => x !== w)] : [w];
}

/**
 * A prefix-matching tsquery for what the shopper typed: every word must match, each through any
 * of its alternatives. Only letters and digits reach the query, so no input can break its syntax.
 */
export function searchQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `(${alternativesOf(w).map((a) => `${a}:*`).join(' | ')})`).join(' & ');
}
