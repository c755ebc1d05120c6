// SPEC §9 transaction id: one per checkout, prefixed for the KCS channel.

/** SPEC §3 uiConfig.isKcs: transactions started from the KCS channel carry a 'kcs-' prefix. */
const KCS_PREFIX = 'kcs-';

export function newTransactionId(uiConfig: { isKcs?: boolean | undefined }, uuid: () => string = () => crypto.randomUUID()): string {
  return uiConfig.isKcs === true ? `${KCS_PREFIX}${uuid()}` : uuid();
}
