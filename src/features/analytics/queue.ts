// The page's analytics queue (SPEC §7.5): the first batch goes once FIRST_BATCH_SIZE events are
// queued, each later event straight away; what fails to go back into the queue, which is kept
// (so a reload or a dropped connection loses nothing) and capped (oldest dropped first).
import { FIRST_BATCH_SIZE, MAX_BATCH, QUEUE_CAP, type HiveEvent } from './events.ts';

export type QueueStorage = { load(): HiveEvent[]; save(events: HiveEvent[]): void; primed(): boolean; prime(): void };
export type Transport = {
  /** Sends with fetch (keepalive); true when the server took them. */
  send(events: HiveEvent[]): Promise<boolean>;
  /** Sends as the page goes away (sendBeacon); true when the browser took them. */
  beacon(events: HiveEvent[]): boolean;
};

export class AnalyticsQueue {
  private events: HiveEvent[];
  private sending = false;
  private readonly storage: QueueStorage;
  private readonly transport: Transport;
  private readonly cap: number;

  constructor(storage: QueueStorage, transport: Transport, cap = QUEUE_CAP) {
    this.storage = storage;
    this.transport = transport;
    this.cap = cap;
    this.events = storage.load();
  }

  get size(): number {
    return this.events.length;
  }

  push(event: HiveEvent): Promise<void> {
    this.events.push(event);
    this.keep();
    return this.storage.primed() || this.events.length >= FIRST_BATCH_SIZE ? this.flush() : Promise.resolve();
  }

  /** Sends what is queued (in batches the server takes); failures go back to the front. */
  async flush(): Promise<void> {
    if (this.sending || this.events.length === 0) return;
    this.sending = true;
    try {
      while (this.events.length > 0) {
        const batch = this.events.splice(0, MAX_BATCH);
        this.keep();
        const sent = await this.transport.send(batch).catch(() => false);
        if (!sent) {
          this.events.unshift(...batch);
          this.keep();
          return;
        }
        this.storage.prime();
      }
    } finally {
      this.sending = false;
    }
  }

  /** The page is going away: hand everything queued to the browser to send. */
  flushOnHide(): void {
    if (this.events.length === 0) return;
    const batch = this.events.slice(0, MAX_BATCH);
    if (this.transport.beacon(batch)) {
      this.events.splice(0, batch.length);
      this.keep();
    }
  }

  private keep() {
    if (this.events.length > this.cap) this.events.splice(0, this.events.length - this.cap);
    this.storage.save(this.events);
  }
}
