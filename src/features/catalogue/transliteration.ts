// Shoppers type groceries the way they say them: "aloo", "pyaz", "doodh", or आलू in Devanagari.
// Each group below is one product in Hindi (romanised) and English; a search for any word also
// finds the others.
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

// The same products typed in Devanagari (issue 15): each word stands for its romanised key above.
const DEVANAGARI: ReadonlyArray<readonly [string, string]> = [
  ['आलू', 'aloo'], ['प्याज', 'pyaz'], ['प्याज़', 'pyaz'], ['टमाटर', 'tamatar'], ['आटा', 'atta'], ['दूध', 'doodh'], ['चावल', 'chawal'],
  ['दाल', 'dal'], ['चीनी', 'cheeni'], ['शक्कर', 'shakkar'], ['नमक', 'namak'], ['दही', 'dahi'], ['मक्खन', 'makhan'], ['तेल', 'tel'],
  ['अंडा', 'anda'], ['अंडे', 'ande'], ['मुर्गी', 'murgi'], ['मुर्ग', 'murgh'], ['गोभी', 'gobhi'], ['भिंडी', 'bhindi'], ['पालक', 'palak'],
  ['बैंगन', 'baingan'], ['मिर्च', 'mirch'], ['मिर्ची', 'mirchi'], ['अदरक', 'adrak'], ['लहसुन', 'lehsun'], ['हल्दी', 'haldi'],
  ['जीरा', 'jeera'], ['धनिया', 'dhania'], ['चाय', 'chai'], ['केला', 'kela'], ['आम', 'aam'], ['सेब', 'seb'], ['बेसन', 'besan'],
  ['सूजी', 'sooji'], ['मटर', 'matar'], ['गाजर', 'gajar'], ['खीरा', 'kheera'], ['नींबू', 'nimbu'], ['पनीर', 'paneer'], ['घी', 'ghee'],
  ['नमकीन', 'namkeen'], ['मिठाई', 'mithai'], ['सब्जी', 'sabzi'], ['सब्ज़ी', 'sabzi'], ['मछली', 'machli'], ['गोश्त', 'gosht'], ['पानी', 'pani'],
];
const FROM_DEVANAGARI = new Map(DEVANAGARI.map(([hindi, latin]) => [hindi.normalize('NFC'), latin]));

/** A word typed in Devanagari as its romanised key (unknown words unchanged). */
export function romanised(word: string): string {
  return FROM_DEVANAGARI.get(word.normalize('NFC')) ?? word;
}

/** What the shopper typed, its known Devanagari words romanised. */
export function romanisedText(text: string): string {
  return text.split(/\s+/).map(romanised).join(' ');
}

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
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((w) => `(${alternativesOf(w).map((a) => `${a}:*`).join(' | ')})`).join(' & ');
}

/** The words of what the shopper typed, as the search reads them: romanised, letters and digits only, at most 8. */
export function searchWords(text: string): string[] {
  return romanisedText(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}
