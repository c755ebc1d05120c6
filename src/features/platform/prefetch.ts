/** The parts of the Network Information API the prefetch rule reads (not in every browser). */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** SPEC §2.1: link prefetching is skipped on a 2g connection or when data saver is on. */
export function shouldPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}
