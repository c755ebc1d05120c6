// Hindi-speaking shoppers type what they want in Devanagari: डोसा, बिरयानी, कोरमंगला. The catalogue
// and the gazetteer spell names in Latin letters, so a word in Devanagari is read the way it sounds
// in Latin spelling. Hindi leaves the vowel after a consonant unwritten (the inherent "a", which
// speech often drops: बिरयानी is "biryani", not "birayani"), and the way a name is spelt in Latin
// letters keeps it or not (कोरमंगला is "Koramangala"): so a word gives every likely spelling.

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ii',
  उ: 'u',
  ऊ: 'uu',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
const SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ii',
  'ु': 'u',
  'ू': 'uu',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
// A consonant with a nukta is a sound Hindi borrowed: क़ q, ज़ z, फ़ f, and ड़ the flapped r.
const NUKTA: Record<string, string> = { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' };
const PRECOMPOSED_NUKTA: Record<string, string> = { क़: 'क', ख़: 'ख', ग़: 'ग', ज़: 'ज', ड़: 'ड', ढ़: 'ढ', फ़: 'फ', य़: 'य' };
const VIRAMA = '्';
const NUKTA_SIGN = '़';
const NASALS = new Set(['ं', 'ँ']);
const VISARGA = 'ः';

/** One written syllable: a consonant cluster's sound and its vowel, if any. */
interface Unit {
  consonant: string;
  vowel: string;
  /** The vowel is the unwritten "a", which speech may drop. */
  inherent: boolean;
  nasal: boolean;
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** Whether the text holds Devanagari letters. */
export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

function units(word: string): Unit[] {
  const chars = [...word.normalize('NFC')]
    .map((c) => PRECOMPOSED_NUKTA[c] ?? c)
    .join('')
    .normalize('NFD');
  const out: Unit[] = [];
  let cluster = '';
  const close = (vowel: string, inherent: boolean) => {
    out.push({ consonant: cluster, vowel, inherent, nasal: false });
    cluster = '';
  };
  const list = [...chars];
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i]!;
    if (CONSONANTS[c]) {
      const sound = list[i + 1] === NUKTA_SIGN ? (NUKTA[c] ?? CONSONANTS[c]) : CONSONANTS[c];
      if (list[i + 1] === NUKTA_SIGN) i += 1;
      if (list[i + 1] === VIRAMA) {
        cluster += sound;
        i += 1;
        // A word ending in a virama ends on its consonant.
        if (i === list.length - 1) close('', false);
        continue;
      }
      cluster += sound;
      const sign = SIGNS[list[i + 1] ?? ''];
      if (sign !== undefined) {
        i += 1;
        close(sign, false);
      } else close('a', true);
    } else if (VOWELS[c]) {
      if (cluster) close('a', true);
      close(VOWELS[c], false);
    } else if (NASALS.has(c) && out.length > 0) out[out.length - 1]!.nasal = true;
    else if (c === VISARGA && out.length > 0) out[out.length - 1]!.vowel += 'h';
  }
  if (cluster) close('', false);
  return out;
}

function spell(us: Unit[], dropped: ReadonlySet<number>): string {
  return us
    .map((u, i) => {
      const vowel = dropped.has(i) ? '' : u.vowel;
      // The nasal sign is m before p, b or m (चंपा champa), n elsewhere (मंगल mangal).
      const next = us[i + 1]?.consonant[0] ?? '';
      const nasal = u.nasal ? ('pbm'.includes(next) && next !== '' ? 'm' : 'n') : '';
      return u.consonant + vowel + nasal;
    })
    .join('');
}

/**
 * The unwritten vowels speech drops: the last one of the word, and one between a sounded vowel
 * and a consonant that carries its own (बिर|या|नी: bir-yaa-nii), read left to right.
 */
function spokenDrops(us: Unit[]): Set<number> {
  const dropped = new Set<number>();
  const last = us.length - 1;
  if (last > 0 && us[last]!.inherent && !us[last]!.nasal) dropped.add(last);
  for (let i = 1; i < last; i += 1) {
    const u = us[i]!;
    const before = us[i - 1]!;
    const after = us[i + 1]!;
    if (!u.inherent || u.nasal || dropped.has(i - 1) || before.vowel === '') continue;
    if (after.consonant !== '' && after.vowel !== '' && !dropped.has(i + 1)) dropped.add(i);
  }
  return dropped;
}

/** Long vowels as Latin spelling mostly writes them: aa a, ii i (or ee), uu u (or oo). */
function latinVowels(word: string, long: 'short' | 'doubled'): string {
  const shortened = word.replace(/aa/g, 'a');
  return long === 'short' ? shortened.replace(/ii/g, 'i').replace(/uu/g, 'u') : shortened.replace(/ii/g, 'ee').replace(/uu/g, 'oo');
}

/**
 * A Devanagari word's likely Latin spellings, the spoken one first (बिरयानी: biryani, birayani,
 * ...); a word without Devanagari is returned as it is. At most four, none repeated.
 */
export function latinSpellings(word: string): string[] {
  if (!hasDevanagari(word)) return [word];
  const us = units(word);
  if (us.length === 0) return [];
  const spoken = spell(us, spokenDrops(us));
  const written = spell(us, new Set(us.length > 1 && us[us.length - 1]!.inherent ? [us.length - 1] : []));
  const spellings = [latinVowels(spoken, 'short'), latinVowels(written, 'short'), latinVowels(spoken, 'doubled'), latinVowels(written, 'doubled')];
  return [...new Set(spellings.filter((s) => s.length > 0))];
}

/**
 * A Latin spelling reduced to what survives the ways names are spelt: no "a" (kept or dropped as
 * above), one letter per sound (ee i, oo u, w v, z j, ph f) and no doubled letters. Two names
 * with the same key sound alike: "Koramangala" and कोरमंगला, "Indiranagar" and इंदिरानगर.
 */
export function soundKey(latin: string): string {
  return latin
    .toLowerCase()
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/[^a-z0-9]/g, '')
    .replace(/a/g, '')
    .replace(/(.)\1+/g, '$1');
}
