// SQL migrations, applied in order at start-up on PGlite and PostgreSQL alike. They live in a TS
// module (not .sql files) so the same list reaches the server bundle, Node and Vitest unchanged.
// Never edit an applied migration: add the next one.
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'meta',
    sql: `
      CREATE TABLE kirana_meta (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 2,
    name: 'ondc-protocol',
    sql: `
      -- One row per ONDC transaction the storefront started. shopper_key is null for the
      -- storefront's own catalogue searches; otherwise only that shopper may read its messages.
      CREATE TABLE ondc_transactions (
        transaction_id text PRIMARY KEY,
        shopper_key text,
        domain text NOT NULL,
        city text NOT NULL,
        bpp_id text,
        bpp_uri text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      -- Every message in or out. A request row (direction 'out') holds the receiver's
      -- synchronous ACK/NACK; callbacks (direction 'in') are stored once per body digest, so a
      -- repeated callback changes nothing.
      CREATE TABLE ondc_messages (
        id bigserial PRIMARY KEY,
        transaction_id text NOT NULL REFERENCES ondc_transactions (transaction_id),
        message_id text NOT NULL,
        action text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('in', 'out')),
        participant_id text,
        body_digest text NOT NULL,
        body jsonb NOT NULL,
        ack_status text CHECK (ack_status IN ('ACK', 'NACK')),
        error_code text,
        error_message text,
        late boolean NOT NULL DEFAULT false,
        respond_by timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (action, message_id, body_digest)
      );
      CREATE INDEX ondc_messages_by_message ON ondc_messages (message_id, action);
      CREATE INDEX ondc_messages_by_transaction ON ondc_messages (transaction_id);
    `,
  },
];
