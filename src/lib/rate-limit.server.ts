// Request limits that hold for the whole shop, however many storefront processes serve it: each
// sender's count for the current window is one row, changed by one statement, so two processes
// answering the same sender at once cannot both let the last allowance through.
import type { Database } from '#/db/client.ts';

export type Limit = { bucket: string; perWindow: number; windowMs: number };

/**
 * Counts `units` against the sender's current window; null when allowed, else the seconds until
 * the window ends (a refused request counts nothing).
 */
export async function takeAllowance(database: Database, limit: Limit, sender: string, units: number, now = Date.now()): Promise<number | null> {
  const windowNo = Math.floor(now / limit.windowMs);
  const wait = Math.max(1, Math.ceil(((windowNo + 1) * limit.windowMs - now) / 1000));
  if (units > limit.perWindow) return wait;
  const taken = await database.query(
    `INSERT INTO rate_windows (bucket, sender, window_no, used) VALUES ($1, $2, $3, $4)
     ON CONFLICT (bucket, sender) DO UPDATE
       SET used = CASE WHEN rate_windows.window_no = EXCLUDED.window_no THEN rate_windows.used + EXCLUDED.used ELSE EXCLUDED.used END,
           window_no = EXCLUDED.window_no
       WHERE rate_windows.window_no <> EXCLUDED.window_no OR rate_windows.used + EXCLUDED.used <= $5
     RETURNING used`,
    [limit.bucket, sender, windowNo, units, limit.perWindow],
  );
  return taken.length > 0 ? null : wait;
}

/** Forgets windows that ended before `before` (run now and then: one row per sender otherwise stays). */
export async function pruneAllowances(database: Database, limit: Limit, before = Date.now() - limit.windowMs): Promise<void> {
  await database.query('DELETE FROM rate_windows WHERE bucket = $1 AND window_no < $2', [limit.bucket, Math.floor(before / limit.windowMs)]);
}
