import { randomInt } from 'node:crypto';
import { readSimulatedSms } from '#/features/sign-in/sms.server.ts';

/** A mobile number no other test uses (a random one in the 7xxxx series). */
export const freshPhone = () => `7${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/**
 * The code in the last SMS the embedded simulator sent to `phone` (a file under the storefront's
 * DATA_DIR), as the operator would read it. `after`: an SMS sent before this moment does not count.
 */
export async function lastSignInCode(dataDir: string, phone: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const sms = readSimulatedSms(dataDir, phone);
    const code = sms && Date.parse(sms.sent_at) >= after ? /#(\d{6})$/.exec(sms.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in SMS to ${phone} under ${dataDir}`);
}
