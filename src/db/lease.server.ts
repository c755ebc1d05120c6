// Work that one storefront process at a time must do (issue 14 scale-out), such as searching the
// network for catalogues: the process that takes the lease does it, the others skip, and a holder
// that dies lets the lease run out (or, killed on this host, is taken over: takeOverLease).
import { hostname } from 'node:os';
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

/** Whether a holder (`host:pid`) is a process of this host that no longer runs. */
function holderGone(holder: string): boolean {
  const [host, pid] = [holder.slice(0, holder.lastIndexOf(':')), Number(holder.slice(holder.lastIndexOf(':') + 1))];
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the lease `name` when nobody holds it or its holder was killed on this host (kill -9
 * leaves its lease to run out, which for the catalogue refresh is an hour).
 */
export async function takeOverLease(database: Database, name: string, holder: string, ms: number): Promise<boolean> {
  if (await takeLease(database, name, holder, ms)) return true;
  const [current] = await database.query<{ holder: string }>('SELECT holder FROM leases WHERE name = $1', [name]);
  if (!current || !holderGone(current.holder)) return false;
  const taken = await database.query(
    `UPDATE leases SET holder = $2, until = clock_timestamp() + make_interval(secs => $4) WHERE name = $1 AND holder = $3 RETURNING holder`,
    [name, holder, current.holder, ms / 1000],
  );
  return taken.length > 0;
}
