// `node src/db/pglite-init.ts <dir> [template]`: creates a PGlite data dir, empty or from a dump
// file, and exits. The storefront runs it as a short-lived child on its first start
// (src/db/client.ts), so the memory PostgreSQL's initdb takes inside WebAssembly goes back to the
// system with this process.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const [dir, template] = process.argv.slice(2);
if (!dir) throw new Error('usage: node src/db/pglite-init.ts <data dir> [template file]');
const client = await PGlite.create(dir, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
await client.close();
