// What went on the wire, as the storefront's protocol log (ONDC_LOG=1) keeps it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '#/ondc/conformance/validator-payload.ts';

type Tag = { code: string; list: Array<{ code: string; value: string }> };
/** The parts of an order message the tests read. */
type WireOrder = Record<string, unknown> & { tags?: Tag[] };

/** The messages of one transaction, ours out and the sellers' in, in the order they were logged. */
export function wireOf(dataDir: string, transactionId: string) {
  const dir = path.join(dataDir, 'ondc-log');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((l) => messageOf(JSON.parse(l)))
    .filter((m) => m !== null && m.context.transaction_id === transactionId)
    .map((m) => ({
      action: m!.context.action,
      message: m!.message as { order?: WireOrder },
      order: (m!.message as { order?: WireOrder }).order,
      error: m!.error,
    }));
}
