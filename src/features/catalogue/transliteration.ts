import { hasDevanagari, latinSpellings } from '#/lib/devanagari.ts';

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
  ['आलू', 'aloo'],
  ['प्याज', 'pyaz'],
  ['प्याज़', 'pyaz'],
  ['टमाटर', 'tamatar'],
  ['आटा', 'atta'],
  ['दूध', 'doodh'],
  ['चावल', 'chawal'],
  ['दाल', 'dal'],
  ['चीनी', 'cheeni'],
  ['शक्कर', 'shakkar'],
  ['नमक', 'namak'],
  ['दही', 'dahi'],
  ['मक्खन', 'makhan'],
  ['तेल', 'tel'],
  ['अंडा', 'anda'],
  ['अंडे', 'ande'],
  ['मुर्गी', 'murgi'],
  ['मुर्ग', 'murgh'],
  ['गोभी', 'gobhi'],
  ['भिंडी', 'bhindi'],
  ['पालक', 'palak'],
  ['बैंगन', 'baingan'],
  ['मिर्च', 'mirch'],
  ['मिर्ची', 'mirchi'],
  ['अदरक', 'adrak'],
  ['लहसुन', 'lehsun'],
  ['हल्दी', 'haldi'],
  ['जीरा', 'jeera'],
  ['धनिया', 'dhania'],
  ['चाय', 'chai'],
  ['केला', 'kela'],
  ['आम', 'aam'],
  ['सेब', 'seb'],
  ['बेसन', 'besan'],
  ['सूजी', 'sooji'],
  ['मटर', 'matar'],
  ['गाजर', 'gajar'],
  ['खीरा', 'kheera'],
  ['नींबू', 'nimbu'],
  ['पनीर', 'paneer'],
  ['घी', 'ghee'],
  ['नमकीन', 'namkeen'],
  ['मिठाई', 'mithai'],
  ['सब्जी', 'sabzi'],
  ['सब्ज़ी', 'sabzi'],
  ['मछली', 'machli'],
  ['गोश्त', 'gosht'],
  ['पानी', 'pani'],
];
const FROM_DEVANAGARI = new Map(DEVANAGARI.map(([hindi, latin]) => [hindi.normalize('NFC'), latin]));

/**
 * A word typed in Devanagari as the words the catalogue may spell it with: a grocery word's
 * romanised key, else its likely Latin spellings (डोसा dosa, बिरयानी biryani, issue 28).
 */
function spellingsOf(word: string): string[] {
  const known = FROM_DEVANAGARI.get(word.normalize('NFC'));
  return known ? [known] : latinSpellings(word);
}

/** What the shopper typed, each Devanagari word as its likeliest Latin spelling. */
export function romanisedText(text: string): string {
  return text
    .split(/\s+/)
    .map((w) => spellingsOf(w)[0] ?? '')
    .join(' ');
}

const BY_WORD = new Map<string, string[]>();
for (const group of GROUPS) for (const word of group) BY_WORD.set(word, group);

/** The words a search term stands for, itself first. */
export function alternativesOf(word: string): string[] {
  const w = word.toLowerCase();
  return BY_WORD.get(w) ? [w, ...BY_WORD.get(w)!.filter((x) => x !== w)] : [w];
}

/** One word of a search: as the search reads it, and every word it stands for (itself first). */
export interface SearchTerm {
  word: string;
  alternatives: string[];
}

const latinWord = (w: string) =>
  w
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');

/** The words of what the shopper typed, as the search reads them: letters and digits only, at most 8. */
export function searchTerms(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const typed of text.split(/\s+/)) {
    // Latin words split at punctuation ("atta');" is atta); a Devanagari word is read whole.
    const pieces = hasDevanagari(typed)
      ? [spellingsOf(typed).map(latinWord)]
      : typed
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]/g, ' ')
          .split(' ')
          .map((w) => [w]);
    for (const spellings of pieces) {
      const [word, ...others] = [...new Set(spellings.filter((s) => s.length > 0))];
      if (!word) continue;
      const alternatives = [...new Set([word, ...others].flatMap(alternativesOf))];
      terms.push({ word, alternatives });
    }
  }
  return terms.slice(0, 8);
}

/** The words of what the shopper typed, as the search reads them. */
export function searchWords(text: string): string[] {
  return searchTerms(text).map((t) => t.word);
}

/**
 * A prefix-matching tsquery for what the shopper typed: every word must match, each through any
 * of its alternatives. Only letters and digits reach the query, so no input can break its syntax.
 */
export function searchQuery(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((t) => `(${t.alternatives.map((a) => `${a}:*`).join(' | ')})`).join(' & ');
}
