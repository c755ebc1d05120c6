import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from './client.ts';

/**
 * The databases a test suite runs on: PGlite always, and PostgreSQL when TEST_DATABASE_URL is set
 * (in a schema of its own, dropped afterwards, so runs never see each other's rows).
 */
export function testDatabases(): Array<{ name: string; open: () => Promise<Database> }> {
  const targets: Array<{ name: string; open: () => Promise<Database> }> = [
    { name: 'pglite', open: () => openDatabase({ url: 'memory://' }) },
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
