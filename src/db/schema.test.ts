// Issue 27: the Drizzle schema and the migrations agree. The migrations' SQL is what makes the
// tables; schema.ts is how code names and types them, so every table and column the migrated
// database has is declared there with the same type, nullability, default and primary key.
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { isTable } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import * as schema from './schema.ts';
import { testDatabases } from './testing.ts';

type Column = { type: string; notNull: boolean; hasDefault: boolean; primaryKey: boolean };

/** Drizzle's serial types are integers with a sequence default; `numeric(10, 2)` is numeric. */
function sqlType(type: string): string {
  return type
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/^numeric\(.*\)$/, 'numeric');
}

function declared(): Record<string, Record<string, Column>> {
  const tables: Record<string, Record<string, Column>> = {};
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const config = getTableConfig(value as PgTable);
    const composite = new Set(config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)));
    tables[config.name] = Object.fromEntries(
      config.columns.map((column) => [
        column.name,
        {
          type: sqlType(column.getSQLType()),
          notNull: column.notNull,
          hasDefault: column.hasDefault,
          primaryKey: column.primary || composite.has(column.name),
        },
      ]),
    );
  }
  return tables;
}

async function migrated(database: Database): Promise<Record<string, Record<string, Column>>> {
  const rows = await database.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    primary_key: boolean;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default,
            EXISTS (SELECT 1 FROM information_schema.table_constraints tc
                    JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
                    WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = c.column_name) AS primary_key
     FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
  );
  const tables: Record<string, Record<string, Column>> = {};
  for (const row of rows) {
    const type = row.data_type === 'ARRAY' ? `${row.udt_name.slice(1)}[]` : row.data_type === 'USER-DEFINED' ? row.udt_name : row.data_type;
    const columns = tables[row.table_name] ?? {};
    tables[row.table_name] = columns;
    columns[row.column_name] = {
      type,
      notNull: row.is_nullable === 'NO',
      hasDefault: row.column_default !== null,
      primaryKey: row.primary_key,
    };
  }
  return tables;
}

describe.each(testDatabases())('issue 27: schema.ts and the migrations on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('declare the same tables, columns, types, nullability, defaults and primary keys', async () => {
    expect(declared()).toEqual(await migrated(database));
  });
});
