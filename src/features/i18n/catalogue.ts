import { en } from './en.ts';
import { hi } from './hi.ts';
import type { Locale } from './locale.ts';
import type { SpecPairs } from './text.ts';

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** Every locale's catalogue has English's keys, each a string (placeholders checked by test). */
export type Catalogue = Widen<typeof en>;

const CATALOGUES: Record<Locale, Catalogue> = { en, hi };

export function messagesFor(locale: Locale): Catalogue {
  return CATALOGUES[locale];
}

/** Keys of `source` that `target` lacks, leaves empty, or fills with other placeholders. */
export function missingKeys(source: object, target: object, prefix = ''): string[] {
  const missing: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const other: unknown = (target as Record<string, unknown>)[key];
    if (typeof value === 'string') {
      if (typeof other !== 'string' || other.trim() === '' || !samePlaceholders(value, other)) missing.push(path);
    } else if (other && typeof other === 'object') {
      missing.push(...missingKeys(value as object, other, path));
    } else {
      missing.push(path);
    }
  }
  return missing;
}

function samePlaceholders(a: string, b: string): boolean {
  const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join(',');
  return names(a) === names(b);
}

export type SpecKey = keyof typeof en.spec;
const SPEC_KEYS = Object.keys(en.spec) as SpecKey[];
const pairsCache = new Map<Locale, SpecPairs>();

/**
 * SPEC messages as [English, local] pairs for `localiseSpecText`; empty in English (nothing to
 * do). `only` keeps the few a page can show, so a catalogue page does not carry checkout's.
 */
export function specPairs(locale: Locale, only?: readonly SpecKey[]): SpecPairs {
  if (locale === 'en') return [];
  const local = messagesFor(locale).spec;
  if (only) return only.map((key) => [en.spec[key], local[key]] as const);
  let pairs = pairsCache.get(locale);
  if (!pairs) {
    pairs = SPEC_KEYS.map((key) => [en.spec[key], local[key]] as const);
    pairsCache.set(locale, pairs);
  }
  return pairs;
}
