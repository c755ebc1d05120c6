// Settlement messages in a protocol log as ONDC's log validator reads them (`/api/validate/rsf`,
// version 2.0.0; log-validation-utility shared/validateLogs.ts RSFvalidateLogsV2 takes settle,
// on_settle, report, on_report, recon and on_recon): one request per transaction, what we sent
// and the answer we took (an answer we refused is not the other side's and is left out).
import { messageOf, type BecknMessage } from './validator-payload.ts';

/** What we send, each answered by its on_ action: to a seller (recon), to the settlement agency (settle, report). */
const ASKED = ['recon', 'settle', 'report'] as const;
type Asked = (typeof ASKED)[number];
type Payload = Partial<Record<Asked | `on_${Asked}`, BecknMessage>>;

export type RsfValidatorRequest = {
  transactionId: string;
  body: { domain: string; version: '2.0.0'; flow: 'RECON' | 'SETTLE' | 'REPORT'; bap_id: string; bpp_id: string; payload: Payload };
};

type LogLine = { direction?: string; status?: number };

const isAsked = (action: string): action is Asked => (ASKED as readonly string[]).includes(action);

export function rsfValidatorRequests(lines: readonly unknown[]): RsfValidatorRequest[] {
  const byTransaction = new Map<string, Payload>();
  for (const line of lines) {
    const m = messageOf(line);
    const { direction, status } = line as LogLine;
    if (!m) continue;
    const { action } = m.context;
    const sent = isAsked(action) && direction === 'out';
    const taken = action.startsWith('on_') && isAsked(action.slice(3)) && direction === 'in' && status === 200;
    if (!sent && !taken) continue;
    const held = byTransaction.get(m.context.transaction_id) ?? {};
    const key = action as keyof Payload;
    // A message sent again after a crash is the same message: the last one sent is the one
    // answered; the first answer taken is the one that counted.
    byTransaction.set(m.context.transaction_id, sent ? { ...held, [key]: m } : { ...held, [key]: held[key] ?? m });
  }
  return [...byTransaction].flatMap(([transactionId, payload]) => {
    const asked = ASKED.find((action) => payload[action] ?? payload[`on_${action}`]);
    const first = asked && (payload[asked] ?? payload[`on_${asked}`]);
    if (!asked || !first) return [];
    const flow = asked.toUpperCase() as RsfValidatorRequest['body']['flow'];
    return [
      {
        transactionId,
        body: {
          domain: first.context.domain,
          version: '2.0.0' as const,
          flow,
          bap_id: first.context.bap_id ?? '',
          bpp_id: first.context.bpp_id ?? '',
          payload,
        },
      },
    ];
  });
}
