import { describe, expect, it } from 'vitest';
import { catalogueRequests, reportLines, validatorRequests } from './validator-payload.ts';

let clock = Date.parse('2026-11-24T10:00:00Z');
function message(action: string, transactionId: string, message: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  clock += 1000;
  return {
    context: { action, transaction_id: transactionId, message_id: `${action}-${clock}`, timestamp: new Date(clock).toISOString(), domain: 'ONDC:RET10', city: 'std:080', bap_id: 'kirana.localhost', bpp_id: 'grocer.sellers.kirana.local', core_version: '1.2.0', ...extra },
    message,
  };
}
const order = (state: string) => ({ order: { provider: { id: 'P1' }, fulfillments: [{ type: 'Delivery', state: { descriptor: { code: state } } }] } });

describe('validator requests from a protocol log', () => {
  it('makes one flow per order transaction, with the catalogue that listed its provider and on_status by state', () => {
    const search = message('search', 'T0');
    const onSearch = { ...message('on_search', 'T0', { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/providers': [{ id: 'P1' }] } }), context: { ...message('on_search', 'T0').context, message_id: search.context.message_id } };
    const other = message('on_search', 'T0', { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/providers': [{ id: 'P2' }] } });
    const flow = [
      message('select', 'T1', { order: { provider: { id: 'P1' } } }),
      message('on_select', 'T1'),
      message('init', 'T1'),
      message('on_init', 'T1'),
      message('confirm', 'T1'),
      message('on_confirm', 'T1', order('Pending')),
      message('on_status', 'T1', order('Pending')),
      message('on_status', 'T1', order('Packed')),
      message('on_status', 'T1', order('Packed')),
      message('on_status', 'T1', order('Order-delivered')),
    ];
    // The log holds each callback twice (as the storefront received it and as a wrapped request).
    const lines = [search, onSearch, other, ...flow].flatMap((m) => [{ body: m }, { body: { request: m, reply: {} } }]);
    const [request, ...rest] = validatorRequests(lines);
    expect(rest).toEqual([]);
    expect(request?.skipped).toBeNull();
    expect(request?.body).toMatchObject({ domain: 'ONDC:RET10', version: '1.2.0', flow: '2', bap_id: 'kirana.localhost', bpp_id: 'grocer.sellers.kirana.local' });
    expect(Object.keys(request?.body.payload ?? {})).toEqual([
      'search_full_catalog_refresh', 'on_search_full_catalog_refresh', 'select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm',
      'on_status_pending', 'on_status_packed', 'on_status_delivered',
    ]);
    expect(request?.body.payload['on_search_full_catalog_refresh']).toEqual(onSearch);
    expect(request?.body.payload['on_status_packed']).toEqual(flow[7]);
  });

  it('names a transaction that stopped before the order, and a cancelled one as flow 4', () => {
    const stopped = validatorRequests([{ body: message('select', 'T2', { order: { provider: { id: 'P1' } } }) }]);
    expect(stopped[0]?.skipped).toBe('stops before on_confirm');
    const cancelled = validatorRequests(['select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm', 'cancel', 'on_cancel'].map((a) => ({ body: message(a, 'T3') })));
    expect(cancelled[0]?.body.flow).toBe('4');
  });
});

describe('reportLines', () => {
  it('flattens the validator’s report under each call, whitespace collapsed', () => {
    expect(reportLines({ on_select: { quoteBrkup: 'price\n   mismatch' }, on_status_pending: 'Missing required data of : on_status_pending' })).toEqual([
      'on_select: price mismatch',
      'on_status_pending: Missing required data of : on_status_pending',
    ]);
    expect(reportLines({})).toEqual([]);
  });
});

describe('catalogue flows from a protocol log (1, 7, 9)', () => {
  const full = (provider: string) => ({ catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/fulfillments': [], 'bpp/providers': [{ id: provider }] } });
  const delta = (provider: string) => ({ catalog: { 'bpp/providers': [{ id: provider, items: [] }] } });
  const rejection = (transactionId: string, provider: string, city = 'std:080') => {
    const m = message('catalog_rejection', transactionId, {}, { city });
    return { context: m.context, errors: [{ type: 'ITEM-ERROR', code: '91011', path: `/message/catalog/bpp/providers/${provider}/items/I1`, message: 'x' }] };
  };
  function pair(action: 'search', transactionId: string, answer: Record<string, unknown>, city = 'std:080') {
    const search = message(action, transactionId, {}, { city });
    const onSearch = { ...message('on_search', transactionId, answer, { city }), context: { ...message('on_search', transactionId, {}, { city }).context, message_id: search.context.message_id } };
    return [search, onSearch];
  }
  const [fullSearch, fullAnswer] = pair('search', 'TF', full('P1'));
  const [otherSearch, otherAnswer] = pair('search', 'TF', full('P2'));
  const fullRejection = rejection('TF', 'P1');
  const [incSearch, incAnswer] = pair('search', 'TI', delta('P1'), '*');
  const incRejection = rejection('TI', 'P1', '*');
  const log = [fullSearch, fullAnswer, otherSearch, otherAnswer, fullRejection, incSearch, incAnswer, incRejection].map((body) => ({ body }));

  it('flow 1: the full catalogue that listed the provider, then its incremental refresh', () => {
    const flow = catalogueRequests(log).find((r) => r.body.flow === '1');
    expect(flow?.skipped).toBeNull();
    expect(flow?.body.payload).toEqual({ search_full_catalog_refresh: fullSearch, on_search_full_catalog_refresh: fullAnswer, search_inc_refresh: incSearch, on_search_inc_refresh: incAnswer });
  });

  it('flow 7: a full catalogue and its rejection; flow 9: an incremental refresh and its rejection', () => {
    const requests = catalogueRequests(log);
    expect(requests.find((r) => r.body.flow === '7')?.body.payload).toEqual({ search_full_catalog_refresh: fullSearch, on_search_full_catalog_refresh: fullAnswer, catalog_rejection: fullRejection });
    expect(requests.find((r) => r.body.flow === '9')?.body.payload).toEqual({ search_inc_refresh: incSearch, on_search_inc_refresh: incAnswer, catalog_rejection: incRejection });
  });

  it('narrows to the providers asked for, and never judges an order against an incremental refresh', () => {
    expect(catalogueRequests(log, { providers: ['P2'] })).toEqual([]);
    const select = message('select', 'TO', { order: { provider: { id: 'P1' } } });
    const orders = validatorRequests([...log, { body: select }]);
    expect(orders[0]?.body.payload['on_search_full_catalog_refresh']).toEqual(fullAnswer);
  });
});
