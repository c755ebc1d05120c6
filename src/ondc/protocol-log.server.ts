// ONDC_LOG=1 writes every message in and out as JSON lines under DATA_DIR/ondc-log/, one file a
// day, so a flow can be checked against ONDC's published schemas and log validators.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ProtocolLogEntry } from './client.ts';

interface ProtocolLogLine {
  at: string;
  direction: 'in' | 'out';
  participant: string;
  action: string;
  url?: string;
  status?: number;
  transactionId?: string;
  messageId?: string;
  body: unknown;
}

export type ProtocolLogger = (line: ProtocolLogLine) => void;

export function createProtocolLogger(dataDir: string, enabled = process.env.ONDC_LOG === '1'): ProtocolLogger | undefined {
  if (!enabled) return undefined;
  const dir = path.join(dataDir, 'ondc-log');
  const ready = mkdir(dir, { recursive: true });
  // Appends are chained so lines never interleave.
  let queue: Promise<unknown> = ready;
  return (line) => {
    const file = path.join(dir, `${line.at.slice(0, 10)}.jsonl`);
    queue = queue
      .then(() => appendFile(file, `${JSON.stringify(line)}\n`))
      .catch((error: unknown) => {
        console.error('protocol log write failed', error);
      });
  };
}

/** A protocol-log line for what the signed client sent or got back, as `participant`. */
export function logClientEntry(log: ProtocolLogger, participant: string, entry: ProtocolLogEntry) {
  log({
    at: entry.at,
    direction: entry.direction,
    participant,
    action: entry.action,
    url: entry.url,
    ...(entry.status === undefined ? {} : { status: entry.status }),
    ...(entry.transactionId === undefined ? {} : { transactionId: entry.transactionId }),
    ...(entry.messageId === undefined ? {} : { messageId: entry.messageId }),
    body: entry.body,
  });
}
