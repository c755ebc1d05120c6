// Recons in a protocol log as ONDC's log validator reads them (`/api/validate/rsf`, version
// 2.0.0; log-validation-utility shared/validateLogs.ts RSFvalidateLogsV2): one request per recon
// transaction, the recon we sent and the on_recon we took (an on_recon we refused is not the
// seller's answer and is left out).
import { messageOf, type BecknMessage } from './validator-payload.ts';

export type RsfValidatorRequest = {
  transactionId: string;
  body: { domain: string; version: '2.0.0'; flow: 'RECON'; bap_id: string; bpp_id: string; payload: { recon?: BecknMessage; on_recon?: BecknMessage } };
};

type LogLine = { direction?: string; status?: number };

export function rsfValidatorRequests(lines: readonly unknown[]): RsfValidatorRequest[] {
  const byTransaction = new Map<string, { recon?: BecknMessage; on_recon?: BecknMessage }>();
  for (const line of lines) {
    const m = messageOf(line);
    const { direction, status } = line as LogLine;
    if (!m) continue;
    const sent = m.context.action === 'recon' && direction === 'out';
    const taken = m.context.action === 'on_recon' && direction === 'in' && status === 200;
    if (!sent && !taken) continue;
    const held = byTransaction.get(m.context.transaction_id) ?? {};
    // A recon sent again after a crash is the same message: the last one sent is the one answered.
    byTransaction.set(m.context.transaction_id, sent ? { ...held, recon: m } : { ...held, on_recon: held.on_recon ?? m });
  }
  return [...byTransaction].flatMap(([transactionId, payload]) => {
    const first = payload.recon ?? payload.on_recon;
    if (!first) return [];
    return [{ transactionId, body: { domain: first.context.domain, version: '2.0.0' as const, flow: 'RECON' as const, bap_id: first.context.bap_id ?? '', bpp_id: first.context.bpp_id ?? '', payload } }];
  });
}
