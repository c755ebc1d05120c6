import { migratedTemplateFile } from '#/db/testing.ts';

/** Vitest global set-up: the migrated PGlite template is made once, before any test file needs it. */
export default async function setup() {
  await migratedTemplateFile();
}
