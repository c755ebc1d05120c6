import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migratedPgliteDump, migrationsFingerprint, openDatabase, PGLITE_START_PARAMS, type Database } from './client.ts';
import { findProjectRoot } from '#/lib/process/project-root.ts';

/**
 * The databases a test suite runs on: PGlite always, and PostgreSQL when TEST_DATABASE_URL is set
 * (in a schema of its own, dropped afterwards, so runs never see each other's rows).
 */
export function testDatabases(): Array<{ name: string; open: () => Promise<Database> }> {
  const targets: Array<{ name: string; open: () => Promise<Database> }> = [
    { name: 'pglite', open: async () => openDatabase({ url: 'memory://', template: await migratedTemplate() }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    targets.push({
      name: 'postgres',
      open: async () => {
        const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
        const database = await openDatabase({ url, schema });
        const close = database.close;
        return {
          ...database,
          close: async () => {
            await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
            await close();
          },
        };
      },
    });
  }
  return targets;
}

let template: Promise<string> | undefined;

/**
 * A migrated PGlite database, made once per run of the suite and kept on disk beside the
 * dependencies: every test file's worker loads it (< 1 s) instead of creating and migrating its
 * own (4–6 s each, issue 27). Keyed by the migrations, PGlite's version and its settings, so a
 * changed migration makes a new one; written whole or not at all (rename), so a killed run leaves
 * no half-written template.
 */
export async function migratedTemplate(): Promise<Blob> {
  return new Blob([readFileSync(await migratedTemplateFile())]);
}

/** Where `migratedTemplate` keeps it: for a test storefront's PGLITE_TEMPLATE. */
export function migratedTemplateFile(): Promise<string> {
  template ??= (async () => {
    const root = findProjectRoot();
    const pglite = readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8');
    const key = createHash('sha256')
      .update(JSON.stringify([migrationsFingerprint(), pglite, PGLITE_START_PARAMS]))
      .digest('hex')
      .slice(0, 16);
    const file = path.join(root, 'node_modules/.cache/kirana', `pglite-template-${key}.tar`);
    if (existsSync(file)) return file;
    const dump = await migratedPgliteDump();
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    return file;
  })();
  return template;
}
