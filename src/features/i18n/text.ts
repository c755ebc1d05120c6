// Message helpers safe for islands: no catalogue here, only what fills and matches templates.

/** Fills `{name}` placeholders; a placeholder without a value stays as written, so a gap shows. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** English SPEC template → the shopper's template, for every SPEC message (catalogue.ts specPairs). */
export type SpecPairs = ReadonlyArray<readonly [english: string, local: string]>;

const patterns = new WeakMap<SpecPairs, Array<{ pattern: RegExp; names: string[]; local: string }>>();

function compiled(pairs: SpecPairs) {
  let list = patterns.get(pairs);
  if (!list) {
    list = pairs.map(([english, local]) => ({
      names: [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
      pattern: new RegExp(
        `^${english
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('(.+?)')}$`,
      ),
      local,
    }));
    patterns.set(pairs, list);
  }
  return list;
}

/**
 * A SPEC message (English, as the server and the protocol carry it) in the shopper's language:
 * the first English template it matches, its values carried over. Text no template matches (a
 * seller's own words) stays as it came.
 */
export function localiseSpecText(text: string, pairs: SpecPairs): string {
  for (const { pattern, names, local } of compiled(pairs)) {
    const match = pattern.exec(text);
    if (match) return fill(local, Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])));
  }
  return text;
}
