import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

export const ondcTransactions = pgTable('ondc_transactions', {
  transactionId: text('transaction_id').primaryKey(),
  shopperKey: text('shopper_key'),
  domain: text('domain').notNull(),
  city: text('city').notNull(),
  bppId: text('bpp_id'),
  bppUri: text('bpp_uri'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const ondcMessages = pgTable('ondc_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transactionId: text('transaction_id').notNull(),
  messageId: text('message_id').notNull(),
  action: text('action').notNull(),
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  participantId: text('participant_id'),
  bodyDigest: text('body_digest').notNull(),
  body: jsonb('body').notNull(),
  ackStatus: text('ack_status', { enum: ['ACK', 'NACK'] }),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  late: boolean('late').notNull().default(false),
  respondBy: timestamp('respond_by', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
