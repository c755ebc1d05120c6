import { describe, expect, it } from 'vitest';
import { catalogueRequests, messageOf, reportLines, validatorRequests } from './validator-payload.ts';

let clock = Date.parse('2026-11-24T10:00:00Z');
function message(action: string, transactionId: string, message: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  clock += 1000;
  return {
    context: {
      action,
      transaction_id: transactionId,
      message_id: `${action}-${clock}`,
      timestamp: new Date(clock).toISOString(),
      domain: 'ONDC:RET10',
      city: 'std:080',
      bap_id: 'kirana.localhost',
      bpp_id: 'grocer.sellers.kirana.local',
      core_version: '1.2.0',
      ...extra,
    },
    message,
  };
}
const order = (state: string) => ({ order: { provider: { id: 'P1' }, fulfillments: [{ type: 'Delivery', state: { descriptor: { code: state } } }] } });
/** A full catalogue listing provider P1, then an order's calls up to confirm. */
function listedThenOrdered(transactionId: string) {
  const search = message('search', `${transactionId}-S`);
  const onSearch = {
    ...message('on_search', `${transactionId}-S`, { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/providers': [{ id: 'P1' }] } }),
    context: { ...message('on_search', `${transactionId}-S`).context, message_id: search.context.message_id },
  };
  return [
    search,
    onSearch,
    ...['select', 'on_select', 'init', 'on_init', 'confirm'].map((a) => message(a, transactionId, a === 'select' ? { order: { provider: { id: 'P1' } } } : {})),
  ];
}

describe('validator requests from a protocol log', () => {
  it('makes one flow per order transaction, with the catalogue that listed its provider and on_status by state', () => {
    const search = message('search', 'T0');
    const onSearch = {
      ...message('on_search', 'T0', { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/providers': [{ id: 'P1' }] } }),
      context: { ...message('on_search', 'T0').context, message_id: search.context.message_id },
    };
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
    expect(request?.body).toMatchObject({
      domain: 'ONDC:RET10',
      version: '1.2.0',
      flow: '2',
      bap_id: 'kirana.localhost',
      bpp_id: 'grocer.sellers.kirana.local',
    });
    expect(Object.keys(request?.body.payload ?? {})).toEqual([
      'search_full_catalog_refresh',
      'on_search_full_catalog_refresh',
      'select',
      'on_select',
      'init',
      'on_init',
      'confirm',
      'on_confirm',
      'on_status_pending',
      'on_status_packed',
      'on_status_delivered',
    ]);
    expect(request?.body.payload['on_search_full_catalog_refresh']).toEqual(onSearch);
    expect(request?.body.payload['on_status_packed']).toEqual(flow[7]);
  });

  it('judges a core 1.2.5 order as 1.2.5, with the shopper’s track and the states only 1.2.5 names (issue 25)', () => {
    const v125 = { core_version: '1.2.5' };
    const flow = [
      message('select', 'T5', { order: { provider: { id: 'P1' } } }, v125),
      ...['on_select', 'init', 'on_init', 'confirm'].map((a) => message(a, 'T5', {}, v125)),
      message('on_confirm', 'T5', order('Pending'), v125),
      message('on_status', 'T5', order('Agent-assigned'), v125),
      message('track', 'T5', { order_id: 'O1' }, v125),
      message('on_track', 'T5', { tracking: { status: 'active' } }, v125),
      message('on_status', 'T5', order('Order-delivered'), v125),
    ];
    const [request] = validatorRequests(flow.map((m) => ({ body: m })));
    expect(request?.body).toMatchObject({ version: '1.2.5', flow: '2' });
    expect(Object.keys(request?.body.payload ?? {})).toEqual([
      'select',
      'on_select',
      'init',
      'on_init',
      'confirm',
      'on_confirm',
      'track',
      'on_track',
      'on_status_agent_assigned',
      'on_status_delivered',
    ]);
    // A 1.2.0 order's flow has no track (the 1.2.0 validator's flow 2 has none).
    const [older] = validatorRequests(flow.map((m) => ({ body: { ...m, context: { ...m.context, core_version: '1.2.0', transaction_id: 'T6' } } })));
    expect(Object.keys(older?.body.payload ?? {})).not.toContain('track');
  });

  it('takes the Pending the store sent once it accepted, not the order page’s first answer while still Created', () => {
    const stated = (orderState: string) => ({ order: { ...order('Pending').order, state: orderState } });
    const flow = ['select', 'on_select', 'init', 'on_init', 'confirm'].map((a) =>
      message(a, 'T9', a === 'select' ? { order: { provider: { id: 'P1' } } } : {}),
    );
    const early = message('on_status', 'T9', stated('Created'));
    const accepted = message('on_status', 'T9', stated('Accepted'));
    const [request] = validatorRequests([...flow, message('on_confirm', 'T9', stated('Created')), early, accepted].map((m) => ({ body: m })));
    expect(request?.body.payload['on_status_pending']).toEqual(accepted);
    const [alone] = validatorRequests([...flow, message('on_confirm', 'T9', stated('Created')), early].map((m) => ({ body: m })));
    expect(alone?.body.payload['on_status_pending']).toEqual(early);
  });

  it('names a transaction that stopped before the order, and a cancelled one as flow 4', () => {
    const stopped = validatorRequests([{ body: message('select', 'T2', { order: { provider: { id: 'P1' } } }) }]);
    expect(stopped[0]?.skipped).toBe('stops before on_confirm');
    const cancelled = validatorRequests(
      ['select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm', 'cancel', 'on_cancel'].map((a) => ({ body: message(a, 'T3') })),
    );
    expect(cancelled[0]?.body.flow).toBe('4');
  });

  it('flow 5: an on_cancel nobody asked for, and the on_status that has the goods back at the store', () => {
    const rto = (code: string) => ({
      order: {
        state: 'Cancelled',
        fulfillments: [
          { type: 'Delivery', state: { descriptor: { code: 'Cancelled' } } },
          { id: 'RTO1', type: 'RTO', state: { descriptor: { code } } },
        ],
      },
    });
    const [request] = validatorRequests(
      [
        ...['select', 'on_select', 'init', 'on_init', 'confirm'].map((a) => message(a, 'T5')),
        message('on_confirm', 'T5', order('Pending')),
        message('on_status', 'T5', order('Out-for-delivery')),
        message('on_cancel', 'T5', rto('RTO-Initiated')),
        message('on_status', 'T5', rto('RTO-Disposed')),
      ].map((m) => ({ body: m })),
    );
    expect(request?.body.flow).toBe('5');
    expect(Object.keys(request?.body.payload ?? {})).toEqual(
      expect.arrayContaining(['on_status_out_for_delivery', 'on_cancel', 'on_status_rto_delivered/disposed']),
    );
    expect(request?.body.payload).not.toHaveProperty('cancel');
  });

  it('flow 5 after a part cancel (core 1.2.5’s flow 5): the store’s cut and its settlement come first', () => {
    const v125 = { core_version: '1.2.5' };
    const cut = { order: { state: 'Accepted', fulfillments: [{ id: 'C1', type: 'Cancel', state: { descriptor: { code: 'Cancelled' } } }] } };
    const rto = (code: string) => ({
      order: {
        state: 'Cancelled',
        fulfillments: [
          { type: 'Delivery', state: { descriptor: { code: 'Cancelled' } } },
          { id: 'C1', type: 'Cancel', state: { descriptor: { code: 'Cancelled' } } },
          { id: 'RTO1', type: 'RTO', state: { descriptor: { code } } },
        ],
      },
    });
    const flow = [
      message('select', 'T5P', { order: { provider: { id: 'P1' } } }, v125),
      ...['on_select', 'init', 'on_init', 'confirm'].map((a) => message(a, 'T5P', {}, v125)),
      message('on_confirm', 'T5P', order('Pending'), v125),
      message('on_update', 'T5P', cut, v125),
      message('update', 'T5P', { update_target: 'payment', order: { fulfillments: [{ id: 'C1', type: 'Cancel' }] } }, v125),
      message('on_status', 'T5P', order('Out-for-delivery'), v125),
      message('on_cancel', 'T5P', rto('RTO-Initiated'), v125),
      message('on_status', 'T5P', rto('RTO-Delivered'), v125),
    ];
    const [request] = validatorRequests(flow.map((m) => ({ body: m })));
    expect(request?.body.flow).toBe('5');
    expect(request?.body.payload['on_update_part_cancel']).toBe(flow[6]);
    expect(request?.body.payload['update_settlement_part_cancel']).toBe(flow[7]);
    expect(request?.body.payload).not.toHaveProperty('update_liquidated');
  });

  it('a store’s cancel before pickup is named, not sent: the validator’s flow 5 is the cancel on the way (RTO)', () => {
    const cancelled = { order: { state: 'Cancelled', fulfillments: [{ type: 'Delivery', state: { descriptor: { code: 'Cancelled' } } }] } };
    const [request] = validatorRequests(
      [...listedThenOrdered('T4C'), message('on_confirm', 'T4C', order('Pending')), message('on_cancel', 'T4C', cancelled)].map((m) => ({ body: m })),
    );
    expect(request?.body.flow).toBe('5');
    expect(request?.skipped).toMatch(/before pickup/);
  });

  it('a cancel the store refused (not cancellable) changed nothing: the order is judged as the delivery it became', () => {
    const flow = [
      ...listedThenOrdered('T8'),
      message('on_confirm', 'T8', order('Pending')),
      message('cancel', 'T8', { order_id: 'O8', cancellation_reason_id: '001' }),
    ];
    const refused = {
      ...message('on_cancel', 'T8', order('Pending')),
      context: { ...message('on_cancel', 'T8').context, message_id: flow.at(-1)!.context.message_id },
      error: { type: 'POLICY-ERROR', code: '50001', message: 'not cancellable' },
    };
    const [request] = validatorRequests([...flow, refused, message('on_status', 'T8', order('Order-delivered'))].map((m) => ({ body: m })));
    expect(request?.skipped).toBeNull();
    expect(request?.body.flow).toBe('2');
    expect(request?.body.payload).not.toHaveProperty('cancel');
    expect(request?.body.payload).not.toHaveProperty('on_cancel');
  });

  it('flow 6: the part cancel, each return by what became of it, and the buyer’s settlements by fulfillment', () => {
    const withFulfillments = (state: string, fulfillments: unknown[]) => ({
      order: { state, fulfillments: [{ type: 'Delivery', state: { descriptor: { code: 'Order-delivered' } } }, ...fulfillments] },
    });
    const cancel = { id: 'C1', type: 'Cancel', state: { descriptor: { code: 'Cancelled' } } };
    const ret = (id: string, code: string) => ({ id, type: 'Return', state: { descriptor: { code } } });
    const returnRequest = (id: string) => ({
      update_target: 'item',
      order: { fulfillments: [{ type: 'Return', tags: [{ code: 'return_request', list: [{ code: 'id', value: id }] }] }] },
    });
    const settlement = (id: string, type: string) => ({ update_target: 'payment', order: { fulfillments: [{ id, type }] } });
    const flow = ['select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm'].map((a) => message(a, 'T6'));
    flow.push(message('on_update', 'T6', withFulfillments('Created', [cancel])), message('update', 'T6', settlement('C1', 'Cancel')));
    // The seller answers a return request with an on_update of the request's own message id.
    const answering = (request: ReturnType<typeof message>, body: Record<string, unknown>) => ({
      ...message('on_update', 'T6', body),
      context: { ...request.context, action: 'on_update', timestamp: message('on_update', 'T6').context.timestamp },
    });
    const qc = message('update', 'T6', returnRequest('R1'));
    flow.push(
      qc,
      answering(qc, withFulfillments('Completed', [cancel, ret('R1', 'Return_Initiated')])),
      message('on_update', 'T6', withFulfillments('Completed', [cancel, ret('R1', 'Return_Approved')])),
      message('on_update', 'T6', withFulfillments('Completed', [cancel, ret('R1', 'Return_Picked')])),
      message('update', 'T6', settlement('R1', 'Return')),
      message('on_update', 'T6', withFulfillments('Completed', [cancel, ret('R1', 'Return_Delivered')])),
    );
    const liquidation = message('update', 'T6', returnRequest('R2'));
    flow.push(
      liquidation,
      answering(liquidation, withFulfillments('Completed', [cancel, ret('R1', 'Return_Delivered'), ret('R2', 'Return_Initiated')])),
      message('on_update', 'T6', withFulfillments('Completed', [cancel, ret('R1', 'Return_Delivered'), ret('R2', 'Liquidated')])),
      message('update', 'T6', settlement('R2', 'Return')),
    );
    const [request] = validatorRequests(flow.map((m) => ({ body: m })));
    expect(request?.body.flow).toBe('6');
    const payload = request?.body.payload ?? {};
    expect(payload['on_update_part_cancel']).toBe(flow[6]);
    expect(payload['update_settlement_part_cancel']).toBe(flow[7]);
    expect(payload['update_reverse_qc']).toBe(qc);
    expect(payload['on_update_interim_reverse_qc']).toBe(flow[9]);
    expect(payload['on_update_approval']).toBe(flow[10]);
    expect(payload['on_update_picked']).toBe(flow[11]);
    expect(payload['update_settlement_reverse_qc']).toBe(flow[12]);
    expect(payload['on_update_delivered']).toBe(flow[13]);
    expect(payload['update_liquidated']).toBe(liquidation);
    expect(payload['on_update_interim_liquidated']).toBe(flow[15]);
    expect(payload['on_update_liquidated']).toBe(flow[16]);
    expect(payload['update_settlement_liquidated']).toBe(flow[17]);
  });
});

describe('flow 6’s part cancel', () => {
  it('is the seller’s own on_update, not its answer to our settlement (same message id as our update)', () => {
    const cut = { order: { state: 'Accepted', fulfillments: [{ id: 'C1', type: 'Cancel', state: { descriptor: { code: 'Cancelled' } } }] } };
    const flow = ['select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm'].map((a) => message(a, 'T8'));
    const settle = message('update', 'T8', { update_target: 'payment', order: { fulfillments: [{ id: 'C1', type: 'Cancel' }] } });
    const answer = { ...message('on_update', 'T8', cut), context: { ...settle.context, action: 'on_update' } };
    const own = message('on_update', 'T8', cut);
    const [request] = validatorRequests([...flow, settle, answer, own].map((m) => ({ body: m })));
    expect(request?.body.payload['on_update_part_cancel']).toBe(own);
  });
});

describe('a return on its own', () => {
  it('is named, not sent: the validator judges returns only within flow 6', () => {
    const search = message('search', 'T0');
    const onSearch = {
      ...message('on_search', 'T0', { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/providers': [{ id: 'P1' }] } }),
      context: { ...message('on_search', 'T0').context, message_id: search.context.message_id },
    };
    const flow = ['select', 'on_select', 'init', 'on_init', 'confirm', 'on_confirm'].map((a) =>
      message(a, 'T7', a === 'select' ? { order: { provider: { id: 'P1' } } } : {}),
    );
    const request = message('update', 'T7', {
      update_target: 'item',
      order: { fulfillments: [{ type: 'Return', tags: [{ code: 'return_request', list: [{ code: 'id', value: 'R1' }] }] }] },
    });
    const returned = message('on_update', 'T7', {
      order: { state: 'Completed', fulfillments: [{ id: 'R1', type: 'Return', state: { descriptor: { code: 'Return_Delivered' } } }] },
    });
    const [judged] = validatorRequests([search, onSearch, ...flow, request, returned].map((m) => ({ body: m })));
    expect(judged?.body.flow).toBe('6');
    expect(judged?.skipped).toMatch(/return on its own/);
  });
});

describe('core 1.2.5’s flow 6, a liquidation alone (issue 25)', () => {
  const v125 = { core_version: '1.2.5' };
  const delivered = (fulfillments: unknown[] = []) => ({
    order: { state: 'Completed', fulfillments: [{ type: 'Delivery', state: { descriptor: { code: 'Order-delivered' } } }, ...fulfillments] },
  });
  const ret = (id: string, code: string) => ({ id, type: 'Return', state: { descriptor: { code } } });
  const returnRequest = (id: string) => ({
    update_target: 'item',
    order: { fulfillments: [{ type: 'Return', tags: [{ code: 'return_request', list: [{ code: 'id', value: id }] }] }] },
  });
  function ordered(transactionId: string) {
    const search = message('search', `${transactionId}-S`, {}, v125);
    const onSearch = {
      ...message('on_search', `${transactionId}-S`, { catalog: { 'bpp/descriptor': { name: 'S' }, 'bpp/providers': [{ id: 'P1' }] } }, v125),
      context: { ...message('on_search', `${transactionId}-S`, {}, v125).context, message_id: search.context.message_id },
    };
    return [
      search,
      onSearch,
      message('select', transactionId, { order: { provider: { id: 'P1' } } }, v125),
      ...['on_select', 'init', 'on_init', 'confirm', 'on_confirm'].map((a) => message(a, transactionId, {}, v125)),
      message('on_status', transactionId, delivered(), v125),
    ];
  }
  const liquidated = (transactionId: string, before: unknown[] = []) => {
    const request = message('update', transactionId, returnRequest('R2'), v125);
    return [
      request,
      {
        ...message('on_update', transactionId, delivered([...before, ret('R2', 'Return_Initiated')]), v125),
        context: { ...request.context, action: 'on_update' },
      },
      message('on_update', transactionId, delivered([...before, ret('R2', 'Liquidated')]), v125),
      message('update', transactionId, { update_target: 'payment', order: { fulfillments: [{ id: 'R2', type: 'Return' }] } }, v125),
    ];
  };

  it('is judged as flow 6: the order delivered whole, then the return the store liquidates', () => {
    const flow = [...ordered('T61'), ...liquidated('T61')];
    const [request] = validatorRequests(flow.map((m) => ({ body: m })));
    expect(request?.skipped).toBeNull();
    expect(request?.body).toMatchObject({ version: '1.2.5', flow: '6' });
    expect(Object.keys(request?.body.payload ?? {})).toEqual(
      expect.arrayContaining([
        'on_status_delivered',
        'update_liquidated',
        'on_update_interim_liquidated',
        'on_update_liquidated',
        'update_settlement_liquidated',
      ]),
    );
  });

  it('names, not sends, a return the rider fetches and a liquidation after another return (1.2.0’s flow 6)', () => {
    const qc = message('update', 'T62', returnRequest('R1'), v125);
    const fetched = [...ordered('T62'), qc, message('on_update', 'T62', delivered([ret('R1', 'Return_Delivered')]), v125)];
    const [alone] = validatorRequests(fetched.map((m) => ({ body: m })));
    expect(alone?.skipped).toMatch(/rider fetches/);
    const [both] = validatorRequests([...fetched, ...liquidated('T62', [ret('R1', 'Return_Delivered')])].map((m) => ({ body: m })));
    expect(both?.skipped).toMatch(/after a part cancel or another return/);
    // At 1.2.0 a liquidation alone is a return on its own, as before.
    const older = [...ordered('T63'), ...liquidated('T63')].map((m) => ({ body: { ...m, context: { ...m.context, core_version: '1.2.0' } } }));
    expect(validatorRequests(older)[0]?.skipped).toMatch(/return on its own/);
  });
});

describe('messageOf', () => {
  const context = { action: 'select', transaction_id: 'T1', message_id: 'M1' };
  it('reads a request as sent and a callback as received; an ACK is an answer, not a message', () => {
    expect(messageOf({ body: { context, message: { order: {} } } })).toEqual({ context, message: { order: {} } });
    expect(messageOf({ body: { request: { context, message: { order: {} } } } })).toEqual({ context, message: { order: {} } });
    expect(messageOf({ body: { context, message: { ack: { status: 'ACK' } } } })).toBeNull();
  });
  it('is nothing for a logged body whose message is no object (a fuzzer’s number, null, text)', () => {
    for (const message of [9007199254740992, null, 'text', true]) expect(messageOf({ body: { request: { context, message } } })).toBeNull();
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
    const onSearch = {
      ...message('on_search', transactionId, answer, { city }),
      context: { ...message('on_search', transactionId, {}, { city }).context, message_id: search.context.message_id },
    };
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
    expect(flow?.body.payload).toEqual({
      search_full_catalog_refresh: fullSearch,
      on_search_full_catalog_refresh: fullAnswer,
      search_inc_refresh: incSearch,
      on_search_inc_refresh: incAnswer,
    });
  });

  it('flow 7: a full catalogue and its rejection; flow 9: an incremental refresh and its rejection', () => {
    const requests = catalogueRequests(log);
    expect(requests.find((r) => r.body.flow === '7')?.body.payload).toEqual({
      search_full_catalog_refresh: fullSearch,
      on_search_full_catalog_refresh: fullAnswer,
      catalog_rejection: fullRejection,
    });
    expect(requests.find((r) => r.body.flow === '9')?.body.payload).toEqual({
      search_inc_refresh: incSearch,
      on_search_inc_refresh: incAnswer,
      catalog_rejection: incRejection,
    });
  });

  it('flow 1 with pushes: a push (a message id of its own) paired with the search that asked for pushes, beside the pulled one', () => {
    const start = message(
      'search',
      'TP',
      {
        intent: {
          tags: [
            {
              code: 'catalog_inc',
              list: [
                { code: 'mode', value: 'start' },
                { code: 'start_time', value: '2026-11-24T10:00:00.000Z' },
              ],
            },
          ],
        },
      },
      { city: '*' },
    );
    const answer = {
      ...message('on_search', 'TP', delta('P1'), { city: '*' }),
      context: { ...message('on_search', 'TP', {}, { city: '*' }).context, message_id: start.context.message_id },
    };
    const pushed = message('on_search', 'TP', delta('P1'), { city: '*' });
    const flows = catalogueRequests([...log, ...[start, answer, pushed].map((body) => ({ body }))]).filter((r) => r.body.flow === '1');
    expect(flows.map((r) => r.body.payload['on_search_inc_refresh'])).toEqual([incAnswer, pushed]);
    expect(flows[1]?.skipped).toBeNull();
    expect(flows[1]?.body.payload['search_inc_refresh']).toEqual(start);
  });

  it('narrows to the providers asked for, and never judges an order against an incremental refresh', () => {
    expect(catalogueRequests(log, { providers: ['P2'] })).toEqual([]);
    const select = message('select', 'TO', { order: { provider: { id: 'P1' } } });
    const orders = validatorRequests([...log, { body: select }]);
    expect(orders[0]?.body.payload['on_search_full_catalog_refresh']).toEqual(fullAnswer);
  });
});
