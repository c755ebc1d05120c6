// The payment gateway's side of its webhook, for tests (issue 24): the test storefronts share this
// secret with "the gateway", so a test can sign a notice as the gateway would, or forge one.
import { signNotice, WEBHOOK_PATH, type PaymentNotice } from '#/features/payment/webhook.ts';

export const TEST_WEBHOOK_SECRET = 'kirana-test-payment-webhook-secret-0123456789';

export function noticeBody(notice: Omit<PaymentNotice, 'id'> & { id?: string }): string {
  return JSON.stringify({ id: notice.id ?? crypto.randomUUID(), payment_id: notice.payment_id, status: notice.status, amount_paise: notice.amount_paise });
}

/** Posts a notice body with the given headers (signed by `signNotice`, or anything else). */
export async function postNotice(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(`${url}${WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An HTML page (the route missing) leaves json null.
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', json };
}

/** The gateway's signature of `body`, at `at` (now by default). */
export const gatewaySigned = (body: string, at = Date.now(), secret = TEST_WEBHOOK_SECRET) => signNotice(secret, body, at);
