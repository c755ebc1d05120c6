import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildContext } from '#/ondc/context.ts';
import type { OrderRecord } from './orders.ts';
import { openStateStore } from './state.ts';

const dirs: string[] = [];
function stateFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kirana-state-'));
  dirs.push(dir);
  return path.join(dir, 'network', 'state.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const order: OrderRecord = {
  id: 'O1',
  sellerId: 's',
  providerId: 'p',
  store: {
    name: 'Store',
    locationId: 'p-l1',
    lat: 12.9,
    lng: 77.6,
    street: '1, Main Road',
    locality: 'HSR Layout',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560102',
    phone: '9000000000',
    email: 'p@s',
    taxNumber: '29AAAAA0000A1Z5',
  },
  domain: 'ONDC:RET10',
  city: 'std:080',
  transactionId: 't',
  bapId: 'b',
  bapUri: 'http://127.0.0.1:1/bap',
  createdAt: '2026-01-05T06:30:00.000Z',
  tat: 'PT45M',
  timeToShip: 'PT20M',
  quote: { ttl: 'P1D', lines: [] },
  billing: {},
  deliveryEnd: {},
  drop: { lat: 12.9, lng: 77.6 },
  payment: {},
  paymentType: 'ON-ORDER',
  cancellation: null,
  partCancels: [],
  returns: [],
  settlements: [],
  notified: { step: 0, returns: {}, partCancels: 0, rto: -1 },
};

describe('network state (stock and orders survive a restart)', () => {
  it('writes stock and orders, and reads them back', async () => {
    const file = stateFile();
    const store = openStateStore(file);
    store.takeStock('i1', 3);
    store.takeStock('i1', 2);
    store.returnStock('i1', 1);
    store.saveOrder(order);
    await store.flush();

    const reopened = openStateStore(file);
    expect(reopened.stockTaken('i1')).toBe(4);
    expect(reopened.stockTaken('i2')).toBe(0);
    expect(reopened.order('O1')).toEqual(order);
    expect([...reopened.orders()]).toHaveLength(1);
  });

  it('writes once shortly after a burst of changes', async () => {
    const file = stateFile();
    const store = openStateStore(file, { debounceMs: 20 });
    for (let i = 0; i < 50; i++) store.takeStock('i1', 1);
    expect(existsSync(file), 'nothing written during the burst').toBe(false);
    // A loaded machine runs the timer late: wait for the write rather than a fixed moment.
    for (let waited = 0; !existsSync(file) && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(JSON.parse(readFileSync(file, 'utf8')).stockTaken).toEqual({ i1: 50 });
  });

  it('records the network clock with each write, for the next start', async () => {
    const file = stateFile();
    const store = openStateStore(file, { networkNow: () => new Date('2026-01-05T09:00:00.000Z') });
    expect(store.savedNetworkTime).toBeNull();
    await store.flush();
    expect(openStateStore(file).savedNetworkTime).toEqual(new Date('2026-01-05T09:00:00.000Z'));
  });

  it('starts empty without a file and refuses a corrupt one', () => {
    const file = stateFile();
    expect([...openStateStore(file).orders()]).toEqual([]);
    writeFileSync(file, '{"version":1,"stockTaken":{"i1":-1},"orders":[]}');
    expect(() => openStateStore(file)).toThrow();
  });

  it('keeps the buyer apps a seller pushes to; a push under way never brings back a subscription replaced or ended meanwhile', async () => {
    const file = stateFile();
    const store = openStateStore(file, { debounceMs: 5 });
    const search = (messageId: string) => ({
      ...buildContext({ action: 'search', domain: 'ONDC:RET10', city: '*', transactionId: `t-${messageId}`, bapId: 'b', bapUri: 'http://127.0.0.1:1/bap' }),
      message_id: messageId,
    });
    const first = { sellerId: 's', search: search('m1'), fromMs: 1, pushedAtNetworkMs: 1 };
    store.savePushSubscription(first);
    store.notePushed(first, { fromMs: 2, pushedAtNetworkMs: 2 }, true);
    await store.flush();
    expect([...openStateStore(file).pushSubscriptions()]).toEqual([{ ...first, fromMs: 2, pushedAtNetworkMs: 2 }]);
    // A push that sent nothing moves on in memory and writes nothing.
    const written = readFileSync(file, 'utf8');
    store.notePushed(first, { fromMs: 3, pushedAtNetworkMs: 3 }, false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(file, 'utf8')).toBe(written);
    expect([...store.pushSubscriptions()]).toEqual([{ ...first, fromMs: 3, pushedAtNetworkMs: 3 }]);
    // The buyer app asks again while a push of the first subscription is under way.
    const second = { ...first, search: search('m2'), fromMs: 3, pushedAtNetworkMs: 3 };
    store.savePushSubscription(second);
    store.notePushed(first, { fromMs: 4, pushedAtNetworkMs: 4 }, true);
    expect([...store.pushSubscriptions()]).toEqual([second]);
    store.endPushSubscription(second);
    store.notePushed(second, { fromMs: 5, pushedAtNetworkMs: 5 }, true);
    await store.flush();
    expect([...openStateStore(file).pushSubscriptions()]).toEqual([]);
  });
});
