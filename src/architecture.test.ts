// Guard rails for the layers DESIGN.md draws (issue 27): pages → features → ondc → db → lib, and
// the seller network as a peer that shares only the protocol. A change that reaches the wrong way
// fails here with the file and the import, before it becomes a habit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

type Import = { from: string; to: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

// The project's own modules: relative (`./`, `../`) or through package.json's `#/` (src/).
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?[^'";]*?\bfrom\s+['"]((?:\.|#\/)[^'"]+)['"]|^\s*import\s+['"]((?:\.|#\/)[^'"]+)['"]|\bimport\(\s*['"]((?:\.|#\/)[^'"]+)['"]\s*\)/gm;

/** Every import of the project's own code, as paths under src/. */
const imports: Import[] = sourceFiles(src).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const specifier = m[3] ?? m[4] ?? m[5] ?? '';
    const target = specifier.startsWith('#/') ? path.join(src, specifier.slice(2)) : path.resolve(path.dirname(file), specifier);
    return { from: path.relative(src, file), to: path.relative(src, target), typeOnly: Boolean(m[2]) };
  });
});

const top = (file: string) => file.split(path.sep)[0] ?? '';

/** The imports from one top-level folder into folders it may not use (type-only ones too, unless allowed). */
function reaching(layer: string, allowed: string[], options: { typesFrom?: string[] } = {}) {
  return imports
    .filter((i) => top(i.from) === layer && !allowed.includes(top(i.to)) && top(i.to) !== layer)
    .filter((i) => !(i.typeOnly && options.typesFrom?.includes(top(i.to))))
    .map((i) => `${i.from} → ${i.to}`);
}

describe('the layers hold (DESIGN.md, issue 27)', () => {
  it('reads the project’s imports (a parser that found none would pass everything)', () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.some((i) => i.from.startsWith(`pages${path.sep}`) && i.to.startsWith(`features${path.sep}`))).toBe(true);
    // Both spellings: `#/` across areas, relative within one.
    expect(imports.some((i) => i.from.startsWith(`features${path.sep}orders`) && i.to.startsWith(`features${path.sep}orders`))).toBe(true);
  });

  it('lib is the bottom: it uses nothing of ours but a database type to take as an argument', () => {
    // Body limits name two features' own maxima: the one place lib reads a rule from above.
    const known = ['lib/http/body-limits.ts → features/analytics/events.ts', 'lib/http/body-limits.ts → features/orders/returns.ts'];
    expect(reaching('lib', [], { typesFrom: ['db'] }).filter((i) => !known.includes(i.split(path.sep).join('/')))).toEqual([]);
  });

  it('db uses only lib', () => {
    expect(reaching('db', ['lib'])).toEqual([]);
  });

  it('the protocol (ondc) uses only db, lib and the configuration: no feature decides what a message says', () => {
    expect(reaching('ondc', ['db', 'lib', 'config.server.ts'])).toEqual([]);
  });

  it('the seller network is a peer: it shares the protocol and lib, never the storefront’s features, pages or database', () => {
    expect(reaching('network', ['ondc', 'lib'])).toEqual([]);
  });

  it('pages, layouts and components hold no SQL: they ask the feature that owns the table', () => {
    const withSql = ['pages', 'layouts', 'components'].flatMap((dir) =>
      sourceFiles(path.join(src, dir)).filter((file) => /\.query\s*[<(]/.test(readFileSync(file, 'utf8'))),
    );
    expect(withSql.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('features never reach up into pages, layouts or routes', () => {
    expect(imports.filter((i) => top(i.from) === 'features' && ['pages', 'layouts'].includes(top(i.to))).map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('a feature uses another feature’s server code only through its front module, <feature>/<feature>.server.ts', () => {
    // What a feature's other server modules do is its own business: another feature calls the
    // owner's front (orders asks payment, never payment's confirm machinery). Types may cross, and
    // test data (fixtures/) may seed through any module.
    const feature = (file: string) => (file.startsWith(`features${path.sep}`) ? (file.split(path.sep)[1] ?? null) : null);
    // The platform's front is the shopper's identity, which every feature reads, and how it is proven.
    const fronts = (name: string) =>
      (name === 'platform' ? ['shopper.server.ts', 'app-auth.server.ts'] : [`${name}.server.ts`]).map((file) => path.join('features', name, file));
    const crossing = imports
      .filter((i) => !i.typeOnly && i.to.endsWith('.server.ts') && !i.from.includes(`${path.sep}fixtures${path.sep}`))
      .filter((i) => {
        const [from, to] = [feature(i.from), feature(i.to)];
        return from !== null && to !== null && from !== to && !fronts(to).includes(i.to);
      })
      .map((i) => `${i.from} → ${i.to}`.split(path.sep).join('/'));
    expect(crossing).toEqual([]);
  });

  it('browser code (islands) imports server modules for their types only', () => {
    const served = imports.filter((i) => i.from.endsWith('.tsx') && i.to.endsWith('.server.ts') && !i.typeOnly);
    expect(served.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });
});
