import { useEffect, useState } from 'react';
import type { Catalogue } from '#/features/i18n/catalogue.ts';
import { specText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';
import { PAYMENT_FAILED_MESSAGE } from '#/features/payment/payment.ts';
import { countdownText, secondsLeft } from '#/features/payment/upi-intent.ts';
import type { UpiIntent } from './store.ts';

/**
 * Issue 29: "Approve the payment in your UPI app". A phone has the link to open the app again, a
 * desktop the QR code to scan; the time left counts down to the intent's expiry while the store
 * asks after it. Retry makes a fresh intent; the shopper may type a UPI id instead, or go back.
 */
export function UpiAppWait({
  intent,
  problem,
  isPhone,
  amount,
  onRetry,
  onUpiId,
  onCancel,
  t,
}: {
  intent: UpiIntent;
  problem: 'expired' | 'failed' | null;
  isPhone: boolean;
  /** The payable total as the bill shows it (the server's, which the intent is for). */
  amount: string;
  onRetry: () => void;
  onUpiId: () => void;
  onCancel: () => void;
  t: Catalogue['checkout'];
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const left = secondsLeft(intent.deadline, now);

  return (
    <section className="checkout-upi-wait" aria-labelledby="upi-wait-heading" data-payment-id={intent.paymentId}>
      <h2 id="upi-wait-heading">{t.approveInApp}</h2>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem === 'expired' ? t.intentExpired : specText(PAYMENT_FAILED_MESSAGE)}
        </p>
      ) : (
        <>
          <p>{fill(t.approveAmount, { amount, payee: intent.payee })}</p>
          {isPhone ? (
            <a className="button" href={intent.link}>
              {t.openUpiApp}
            </a>
          ) : (
            <figure className="checkout-upi-wait__qr">
              <img src={intent.qr} alt={fill(t.qrAlt, { amount })} width={220} height={220} />
              <figcaption>{t.scanQr}</figcaption>
            </figure>
          )}
          <p className="checkout-upi-wait__timer">
            {t.timeLeft} <span role="timer">{countdownText(left)}</span>
          </p>
        </>
      )}
      <div className="checkout-upi-wait__actions">
        <button type="button" className="button button--quiet" onClick={onRetry}>
          {t.retry}
        </button>
        <button type="button" className="link-button" onClick={onUpiId}>
          {t.useUpiId}
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </section>
  );
}
