import type { APIRoute } from 'astro';
import { isSimulatedGateway } from '#/features/payment/gateway.ts';
import { intentApprovalSchema } from '#/features/payment/payment.ts';
import { paymentGateway } from '#/features/payment/payment.server.ts';
import { jsonError, parseJsonBody } from '#/lib/http/json.ts';

/**
 * POST /payment/simulator/approve {link} (issue 29): the embedded simulator plays the shopper's
 * UPI app approving a upi://pay link; the storefront hears of it by the gateway's signed notice,
 * as from a real PSP. Not there (404) when a real gateway is configured (README "Payments").
 */
export const POST: APIRoute = async ({ request }) => {
  const gateway = paymentGateway();
  if (!isSimulatedGateway(gateway)) return jsonError(404, 'There is no UPI simulator here');
  const body = await parseJsonBody(request, intentApprovalSchema);
  if (!body.ok) return body.response;
  const approval = await gateway.approve(body.data.link);
  if (!approval.ok) return jsonError(approval.status, approval.message);
  return Response.json({ status: 'SUCCESS', data: { status: 'PAID' } });
};
