import { pgTable, text, timestamp, integer } from 'drizzle-orm/pg-core';

// Mirrors src/db/migrations.ts: the SQL there is what creates the tables, this is how code reads them.
export const kiranaMeta = pgTable('kirana_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schemaMigrations = pgTable('schema_migrations', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
