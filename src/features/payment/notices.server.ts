// The secret the payment gateway and the storefront share (issue 24), and the embedded gateway's
// signed delivery of its notices over HTTP to our webhook (webhook.server.ts checks them).
import { randomBytes } from 'node:crypto';
import type { Database } from '#/db/client.ts';
import { keepFirstMeta } from '#/db/meta.server.ts';
import { MIN_SECRET_LENGTH, signNotice, type PaymentNotice } from './webhook.ts';

const SECRET_KEY = 'payment_webhook_secret';

// serve.ts loads the secret and knows our address; the webhook route (bundled apart by Astro)
// and the embedded gateway read them here, as the database is shared (db/client.ts).
const WEBHOOK = Symbol.for('kirana.payment.webhook');
type WebhookHolder = { [WEBHOOK]?: { secret: string; url: string | null } };

/**
 * The secret the gateway signs its notices with: PAYMENT_WEBHOOK_SECRET (a real gateway's, from
 * its dashboard), else one made at first start and kept in the database, which every storefront
 * process of the shop shares with the embedded gateway.
 */
export async function loadWebhookSecret(database: Database, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = env['PAYMENT_WEBHOOK_SECRET'];
  if (given) {
    if (given.length < MIN_SECRET_LENGTH) throw new Error(`PAYMENT_WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return given;
  }
  return keepFirstMeta(database, SECRET_KEY, () => randomBytes(32).toString('hex'));
}

/** Where notices are posted (our own webhook, for the embedded gateway) and what verifies them. */
export function useWebhook(settings: { secret: string; url: string | null }) {
  (globalThis as WebhookHolder)[WEBHOOK] = settings;
}

export const webhook = () => (globalThis as WebhookHolder)[WEBHOOK];

/**
 * The embedded gateway posts a notice as a real one does: over HTTP, signed, apart from the call
 * that paid. One try: a notice that does not arrive is made good by the sweep's status check.
 */
export async function deliverNotice(notice: PaymentNotice): Promise<void> {
  const settings = webhook();
  if (!settings?.url) return;
  const body = JSON.stringify(notice);
  try {
    await fetch(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signNotice(settings.secret, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.warn(`payment notice ${notice.id} not delivered (the sweep asks the gateway instead): ${(error as Error).message}`);
  }
}
