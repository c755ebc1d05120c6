import { describe, expect, it } from 'vitest';
import { AnalyticsQueue, type QueueStorage, type Transport } from './queue.ts';

function memory(): QueueStorage & { saved: unknown[]; isPrimed: boolean } {
  const store = { saved: [] as unknown[], isPrimed: false } as QueueStorage & { saved: unknown[]; isPrimed: boolean };
  store.load = () => [];
  store.save = (events) => (store.saved = [...events]);
  store.primed = () => store.isPrimed;
  store.prime = () => (store.isPrimed = true);
  return store;
}

function network(up = true) {
  const sent: string[][] = [];
  const beaconed: string[][] = [];
  const transport: Transport & { up: boolean } = {
    up,
    async send(events) {
      if (!transport.up) return false;
      sent.push(events.map((e) => e.event_name));
      return true;
    },
    beacon(events) {
      beaconed.push(events.map((e) => e.event_name));
      return true;
    },
  };
  return { transport, sent, beaconed };
}

const event = (n: number) => ({ event_name: `e${n}` });

describe('analytics queue (SPEC §7.5, §9 first batch 5)', () => {
  it('sends the first batch once 5 are queued, then each event straight away', async () => {
    const { transport, sent } = network();
    const queue = new AnalyticsQueue(memory(), transport);
    for (let n = 1; n <= 4; n++) await queue.push(event(n));
    expect(sent).toEqual([]);
    await queue.push(event(5));
    expect(sent).toEqual([['e1', 'e2', 'e3', 'e4', 'e5']]);
    await queue.push(event(6));
    expect(sent).toEqual([['e1', 'e2', 'e3', 'e4', 'e5'], ['e6']]);
  });

  it('puts failed events back, keeps them stored, and sends them when the network returns', async () => {
    const storage = memory();
    storage.isPrimed = true;
    const { transport, sent } = network(false);
    const queue = new AnalyticsQueue(storage, transport);
    await queue.push(event(1));
    await queue.push(event(2));
    expect(queue.size).toBe(2);
    expect(storage.saved).toEqual([event(1), event(2)]);
    transport.up = true;
    await queue.flush();
    expect(sent).toEqual([['e1', 'e2']]);
    expect(storage.saved).toEqual([]);
  });

  it('is capped: the oldest events go first when the network stays down', async () => {
    const storage = memory();
    storage.isPrimed = true;
    const queue = new AnalyticsQueue(storage, network(false).transport, 3);
    for (let n = 1; n <= 5; n++) await queue.push(event(n));
    expect(storage.saved).toEqual([event(3), event(4), event(5)]);
  });

  it('hands what is queued to sendBeacon when the page is hidden', async () => {
    const { transport, beaconed } = network();
    const queue = new AnalyticsQueue(memory(), transport);
    await queue.push(event(1));
    queue.flushOnHide();
    expect(beaconed).toEqual([['e1']]);
    expect(queue.size).toBe(0);
  });
});
