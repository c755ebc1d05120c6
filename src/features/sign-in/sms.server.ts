// Issue 29: the SMS gateway the sign-in codes go out through, behind an interface a real
// provider implements, with the embedded simulator standing in for it offline (STYLE: every
// third-party service has a local stand-in), as the UPI simulator does for payments.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface SmsGateway {
  /** Sends `text` to the Indian mobile number `phone` (ten digits); throws when it was not taken. */
  send(phone: string, text: string): Promise<void>;
}

/** What the simulator keeps of the last SMS to a phone. */
const simulatedSmsSchema = z.object({ to: z.string(), text: z.string(), sent_at: z.string() });
export type SimulatedSms = z.infer<typeof simulatedSmsSchema>;

/** Where the simulator keeps the last SMS to each phone: one file per number under DATA_DIR. */
export function simulatedSmsFile(dataDir: string, phone: string): string {
  return path.join(dataDir, 'sms-simulator', `${phone}.json`);
}

/**
 * The embedded gateway: sends nothing, and keeps the last message to each phone in a file the
 * operator and the tests read (`$DATA_DIR/sms-simulator/<phone>.json`, readable by the shop's
 * user only). Written whole and then renamed, so a reader never sees half a message.
 */
export function createSimulatedSms(dataDir: string): SmsGateway {
  return {
    async send(phone, text) {
      const file = simulatedSmsFile(dataDir, phone);
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const message: SimulatedSms = { to: `+91${phone}`, text, sent_at: new Date().toISOString() };
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, JSON.stringify(message), { mode: 0o600 });
      renameSync(partial, file);
    },
  };
}

/** The last SMS the simulator sent to `phone`, or null. */
export function readSimulatedSms(dataDir: string, phone: string): SimulatedSms | null {
  try {
    return simulatedSmsSchema.parse(JSON.parse(readFileSync(simulatedSmsFile(dataDir, phone), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * A provider reached over HTTP (SMS_GATEWAY_URL): `POST {"to": "+91…", "text": "…"}` as JSON,
 * with `Authorization: Bearer SMS_GATEWAY_TOKEN`; any 2xx means taken. A provider that speaks
 * another shape is put behind a small relay that takes this one.
 */
export function createHttpSms(url: string, token: string | null): SmsGateway {
  return {
    async send(phone, text) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: `+91${phone}`, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!answer.ok) throw new Error(`the SMS gateway answered ${answer.status}`);
    },
  };
}
