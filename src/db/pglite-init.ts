// `node src/db/pglite-init.ts <dir>`: creates an empty PGlite data dir and exits. The storefront
// runs it as a short-lived child on its first start (src/db/client.ts), so the memory PostgreSQL's
// initdb takes inside WebAssembly goes back to the system with this process.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node src/db/pglite-init.ts <data dir>');
const client = await PGlite.create(dir);
await client.close();
