// ONDC network error codes, cancellation reasons and return reasons, and the words a
// shopper sees for them (SPEC §8 "Network error-code table", "Reasons").
const ERROR_GROUPS = ['gateway', 'buyer-app', 'seller-app', 'logistics-provider', 'logistics-buyer'] as const;
type ErrorGroup = (typeof ERROR_GROUPS)[number];

export type NetworkErrorCode = { code: string; group: ErrorGroup; message: string };

// Each group's rows as [code, exact Message text] from ONDC-RFC-001
// (developer-docs protocol-network-extension/error-codes.md, edited 2025-10-15; ondc-notes §2).
// Several codes share a Message; the source tells them apart only by Description.
const ROWS: Record<ErrorGroup, ReadonlyArray<readonly [number, string]>> = {
  gateway: [
    [10000, 'Bad or Invalid request error'],
    [10001, 'Invalid Signature'],
    [10002, 'Invalid City Code'],
  ],
  'buyer-app': [
    [20000, 'Invalid catalog'],
    [20001, 'Invalid Signature'],
    [20002, 'Stale Request'],
    [20003, 'Provider not found'],
    [20004, 'Provider location not found'],
    [20005, 'Item not found'],
    [20006, 'Invalid response'],
    [20007, 'Invalid order state'],
    [20008, 'Response out of sequence'],
    [20009, 'Timeout'],
    [21001, 'Feature not supported'],
    [21002, 'Increase in item quantity'],
    [21003, 'Change in item quote'],
    [22501, 'Part Fill Unacceptable'],
    [22502, 'Cancellation unacceptable'],
    [22503, 'Cancellation unacceptable'],
    [22504, 'Invalid Fulfillment TAT'],
    [22505, 'Invalid Cancellation Terms'],
    [22506, 'Invalid Terms of Reference'],
    [22507, 'Invalid Quote'],
    [22508, 'Invalid Part Cancel Request'],
    [22509, 'Cancel Return Request'],
    [23001, 'Internal Error'],
    [23002, 'Order validation failure'],
    [25001, 'Order Confirm Failure'],
    [27501, 'Terms and Conditions unacceptable'],
    [27502, 'Order terminated'],
  ],
  'seller-app': [
    [30000, 'Invalid request'],
    [30001, 'Provider not found'],
    [30002, 'Provider location not found'],
    [30003, 'Provider category not found'],
    [30004, 'Item not found'],
    [30005, 'Invalid return request'],
    [30006, 'Offer code invalid'],
    [30007, 'Offer fulfillment error'],
    [30008, 'Location Serviceability error'],
    [30009, 'Location Serviceability error'],
    [30010, 'Location Serviceability error'],
    [30011, 'Order Serviceability error'],
    [30012, 'Invalid cancellation reason'],
    [30013, 'Invalid Fulfillment TAT'],
    [30014, 'Cancellation unacceptable'],
    [30015, 'Invalid rating value'],
    [30016, 'Invalid Signature'],
    [30017, 'Merchant unavailable'],
    [30018, 'Invalid Order'],
    [30019, 'Order Confirm Error'],
    [30020, 'Order Confirm Failure'],
    [30021, 'Merchant Inactive'],
    [30022, 'Stale Request'],
    [30023, 'Minimum order value error'],
    [31001, 'Internal Error'],
    [31002, 'Order validation failure'],
    [31003, 'Order processing in progress'],
    [40000, 'Business Error'],
    [40001, 'Feature not supported'],
    [40002, 'Item quantity unavailable'],
    [40003, 'Quote unavailable'],
    [40004, 'Payment type not supported'],
    [40005, 'Tracking not enabled'],
    [40006, 'Fulfilment agent unavailable'],
    [40007, 'Change in item quantity'],
    [40008, 'Change in quote'],
    [40009, 'Maximum order qty exceeded'],
    [40010, 'Expired authorization'],
    [40011, 'Invalid authorization'],
    [40012, 'Minimum order qty required'],
    [41001, 'Finder fee not acceptable'],
    [41002, 'Differential weight charges rejected'],
    [50000, 'Policy Error'],
    [50001, 'Cancellation not possible'],
    [50002, 'Updation not possible'],
    [50003, 'Unsupported rating category'],
    [50004, 'Support unavailable'],
    [50005, 'Terms and Conditions unacceptable'],
    [50006, 'Order terminated'],
    [50007, 'Fulfillment not found'],
    [50008, 'Fulfillment cannot be updated'],
  ],
  'logistics-provider': [
    [60001, 'Location Serviceability Error'],
    [60002, 'Location Serviceability Error'],
    [60003, 'Location Serviceability Error'],
    [60004, 'Order Serviceability Error'],
    [60005, 'Invalid Signature'],
    [60006, 'Invalid Request'],
    [60007, 'Policy Error'],
    [60008, 'Invalid Fulfillment TAT'],
    [60009, 'Invalid cancellation request'],
    [60010, 'Cancellation unacceptable'],
    [60011, 'Difference in packaging details'],
    [60012, 'Tracking not enabled'],
    [61001, 'Feature not supported'],
    [61002, 'PCC OTP Retrigger Request'],
    [61003, 'DCC OTP Retrigger Request'],
    [61004, 'LSP Requests LBNP for Support Callback'],
    [65001, 'Order Confirm Error'],
    [65002, 'Order terminated'],
    [65003, 'Stale Request'],
    [65004, 'Terms unacceptable'],
    [65005, 'Invalid fulfillment terms'],
    [66001, 'Internal Error'],
    [66002, 'Order validation failure'],
    [66003, 'Order processing in progress'],
    [66004, 'Invalid Order'],
    [66005, 'Quote unavailable'],
  ],
  'logistics-buyer': [
    [62501, 'Terms and Conditions unacceptable'],
    [62502, 'Order terminated'],
    [62503, 'RTO rejected'],
    [62504, 'Differential weight charges rejected'],
    [62505, 'Cancellation terms unacceptable'],
    [62506, 'Invalid Fulfillment TAT'],
    [62507, 'Difference in packaging details'],
    [62508, 'Quote difference'],
    [62509, 'Invalid Cancellation Terms'],
    [62510, 'Expired authorization'],
    [62511, 'Invalid authorization'],
    [62512, 'Pickup status rejected'],
    [62513, 'Delivery status rejected'],
    [63001, 'Internal Error'],
    [63002, 'Order validation failure'],
    [64001, 'Feature not supported'],
    [64002, 'Order validation failure'],
  ],
};

/** Every ONDC network error code by its string form, as `error.code` carries it. */
export const NETWORK_ERROR_CODES: ReadonlyMap<string, NetworkErrorCode> = new Map(
  ERROR_GROUPS.flatMap((group) => ROWS[group].map(([code, message]): [string, NetworkErrorCode] => [String(code), { code: String(code), group, message }])),
);

// SPEC §8 "Serviceability and init errors": on select these stop polling with
// isServiceable false; on init they read "Your location is not serviceable".
export const SERVICEABILITY_CODES: ReadonlySet<string> = new Set(['30008', '30009', '30010', '30011', '60001', '60002', '60003', '60004']);

// SPEC §8: on init these read "There is some issue with one or more items".
export const INIT_ITEM_ERROR_CODES: ReadonlySet<string> = new Set(['20005', '21002', '21003', '30004', '40002']);

// ONDC's Message texts are written for integrators; where SPEC §8 names what the shopper
// is told instead, that wording wins. "restaurant" is the food wording (see `errorMessage`).
const LOCATION_NOT_SERVICEABLE = 'Your location is not serviceable';
const NO_DELIVERY_PARTNERS = 'No delivery partners are available right now';
const SHOPPER_WORDING: ReadonlyMap<string, string> = new Map([
  ['30008', LOCATION_NOT_SERVICEABLE],
  ['30009', LOCATION_NOT_SERVICEABLE],
  ['30010', LOCATION_NOT_SERVICEABLE],
  ['60001', LOCATION_NOT_SERVICEABLE],
  ['60002', LOCATION_NOT_SERVICEABLE],
  ['60003', LOCATION_NOT_SERVICEABLE],
  ['30011', NO_DELIVERY_PARTNERS],
  ['60004', NO_DELIVERY_PARTNERS],
  ['30017', 'The restaurant is not taking orders right now'],
  // Issue 29: the delivery window chosen has passed or filled since it was offered.
  ['30013', 'That delivery time is no longer available. Please choose another'],
]);

// What a refused confirm means to a shopper who has already paid or chosen cash: SPEC §8's words
// for the code, and that the store did not take the order (issue 29: short stock, or a shopper's
// "no order unless whole").
const REFUSED_ORDER_WORDING: ReadonlyMap<string, string> = new Map([
  ['40002', 'Item quantity unavailable: something in your order had run out, so the restaurant did not take it'],
]);

export type AppType = 'retail' | 'food';

// SPEC §1 wording rule: retail reads "store" wherever food reads "restaurant".
function forAppType(text: string, appType: AppType): string {
  if (appType === 'food') return text;
  return text.replace(/restaurant/g, 'store').replace(/Restaurant/g, 'Store');
}

/**
 * What the shopper is told for a network error code. An unknown code reads
 * `Something went wrong (<code>)`: SPEC §8 asks for the generic message "with the code",
 * and the parentheses keep the code out of the sentence while support can still quote it.
 */
export function errorMessage(code: string | number, options: { appType: AppType }): string {
  const key = String(code);
  const text = SHOPPER_WORDING.get(key) ?? NETWORK_ERROR_CODES.get(key)?.message;
  return text === undefined ? `Something went wrong (${key})` : forAppType(text, options.appType);
}

export type CancellationReason = {
  id: string;
  text: string;
  /** false for the code the app itself sends when a confirm fails */
  shopperSelectable: boolean;
};

// SPEC §8 "Reasons"; texts from RET-Spec error_codes/Cancellation/Cancellation.yaml
// (ondc-notes §2). All are buyer-app codes.
export const CANCELLATION_REASONS: readonly CancellationReason[] = [
  {
    id: '001',
    text: 'Price of one or more items have changed due to which buyer was asked to make additional payment',
    shopperSelectable: true,
  },
  { id: '003', text: 'Product available at lower than order price', shopperSelectable: true },
  // also the code for cancelling on a TAT breach (ondc-notes §1 cancel)
  { id: '006', text: 'Order / fulfillment not received as per buyer app TAT SLA', shopperSelectable: true },
  { id: '009', text: 'Wrong product delivered', shopperSelectable: true },
  { id: '010', text: 'Buyer wants to modify address / other order details', shopperSelectable: true },
  // ondc-notes §2: 999 is the buyer app's own "confirmation failed" code, never a shopper's choice.
  { id: '999', text: 'Order confirmation failure', shopperSelectable: false },
];

export type ReturnReason = {
  id: string;
  text: string;
  /** whether it may be given for an item the seller marked non-returnable */
  allowedWhenNonReturnable: boolean;
};

// biap-app-ui-front src/constants/cancelation-reasons.js RETURN_REASONS (ondc-notes §2).
export const RETURN_REASONS: readonly ReturnReason[] = [
  { id: '001', text: 'Buyer does not want product any more', allowedWhenNonReturnable: false },
  { id: '002', text: 'Product available at lower than order price', allowedWhenNonReturnable: false },
  { id: '003', text: 'Product damaged or not in usable state', allowedWhenNonReturnable: true },
  { id: '004', text: 'Product is of incorrect quantity or size', allowedWhenNonReturnable: true },
  { id: '005', text: 'Product delivered is different from what was shown and ordered', allowedWhenNonReturnable: true },
];

/** What the shopper is told when a seller refused to confirm their order for this code. */
export function refusedOrderMessage(code: string | number, options: { appType: AppType }): string {
  const text = REFUSED_ORDER_WORDING.get(String(code));
  return text === undefined ? errorMessage(code, options) : forAppType(text, options.appType);
}
