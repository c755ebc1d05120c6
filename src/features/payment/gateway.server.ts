// Which gateway payments go through (issue 29, README "Payments"): the embedded simulator, or the
// operator's PSP, an ES module on disk named by PAYMENT_GATEWAY whose default export makes a
// PaymentGateway for its API. It is loaded once at start, from disk: nothing is fetched.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Queryable } from '#/db/client.ts';
import { createSimulatedGateway, type PaymentGateway } from './gateway.ts';
import { deliverNotice } from './notices.server.ts';
import type { Payee } from './upi-intent.ts';

/** What a PSP module's default export is given: whom its intent links pay. */
type GatewayOptions = { payee: Payee };

const METHODS = ['collect', 'intent', 'status', 'cancel', 'refund'] as const;

export async function loadPaymentGateway(choice: string, payee: Payee, database: () => Queryable): Promise<PaymentGateway> {
  if (choice === 'simulator') return createSimulatedGateway(database, deliverNotice, payee);
  const module = (await import(pathToFileURL(path.resolve(choice)).href)) as { default?: unknown };
  if (typeof module.default !== 'function') throw new Error(`PAYMENT_GATEWAY ${choice} must export a default function that makes a PaymentGateway`);
  const gateway = (await (module.default as (options: GatewayOptions) => unknown)({ payee })) as Record<string, unknown> | null;
  const missing = METHODS.filter((method) => typeof gateway?.[method] !== 'function');
  if (missing.length > 0) throw new Error(`PAYMENT_GATEWAY ${choice} made a gateway without ${missing.join(', ')}`);
  return gateway as unknown as PaymentGateway;
}
