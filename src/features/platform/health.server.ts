import { getDatabase } from '../../db/client.ts';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { ok: boolean; kind?: string; error?: string };
}

/** What an operator's probe needs: can this process reach its database right now? */
export async function checkHealth(): Promise<HealthReport> {
  let database: HealthReport['database'];
  try {
    const db = getDatabase();
    await db.query('SELECT 1');
    database = { ok: true, kind: db.kind };
  } catch (error) {
    database = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { status: database.ok ? 'ok' : 'degraded', database };
}
