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
];
