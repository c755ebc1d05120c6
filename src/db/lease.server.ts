// Work that one storefront process at a time must do (issue 14 scale-out), such as searching the
// network for catalogues: the process that takes the lease does it, the others skip, and a holder
// that dies simply lets the lease run out.
import type { Database } from './client.ts';

/** Takes the lease `name` for `ms` if nobody holds it now; whether this holder got it. */
export async function takeLease(database: Database, name: string, holder: string, ms: number): Promise<boolean> {
  const taken = await database.query(
    `INSERT INTO leases (name, holder, until) VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until WHERE leases.until < clock_timestamp()
     RETURNING holder`,
    [name, holder, ms / 1000],
  );
  return taken.length > 0;
}

/** Holds the lease `name` for `ms` from now whoever held it (the process that just did the work). */
export async function holdLease(database: Database, name: string, holder: string, ms: number): Promise<void> {
  await database.query(
    `INSERT INTO leases (name, holder, until) VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until`,
    [name, holder, ms / 1000],
  );
}
