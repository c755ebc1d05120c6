// What a request waits on (a long poll): a row another request or process wrote, named by a key on
// a NOTIFY channel. On PostgreSQL the NOTIFY reaches every process listening; on PGlite this one.
import { EventEmitter } from 'node:events';
import type { Database, Queryable } from './client.ts';

interface ChangeWatch {
  /** Settles true when the key is announced, false once `ms` have passed. */
  changed(ms: number): Promise<boolean>;
  stop(): void;
}

export interface ChangeFeed {
  announce(database: Queryable, key: string): Promise<void>;
  /**
   * Listens for the key from now on: taken before the read it guards, so an announcement between
   * that read and the wait still wakes it.
   */
  watch(database: Database, key: string): Promise<ChangeWatch>;
}

export function changeFeed(channel: string): ChangeFeed {
  const emitters = new WeakMap<Database, Promise<EventEmitter>>();
  const eventsOf = (database: Database) => {
    let events = emitters.get(database);
    if (!events) {
      const emitter = new EventEmitter();
      emitter.setMaxListeners(0);
      events = database
        .listen(
          channel,
          (key) => emitter.emit(key),
          // An announcement made while the LISTEN connection was down woke nobody: every watch
          // looks again.
          () => {
            for (const key of emitter.eventNames()) emitter.emit(key);
          },
        )
        .then(() => emitter);
      emitters.set(database, events);
    }
    return events;
  };
  return {
    announce: async (database, key) => {
      await database.query('SELECT pg_notify($1, $2)', [channel, key]);
    },
    watch: async (database, key) => {
      const events = await eventsOf(database);
      let announced = false;
      let wake: () => void = () => {};
      const onAnnounce = () => {
        announced = true;
        wake();
      };
      events.on(key, onAnnounce);
      return {
        changed: (ms) =>
          announced
            ? Promise.resolve(true)
            : new Promise<boolean>((resolve) => {
                const timer = setTimeout(() => resolve(false), Math.max(0, ms));
                wake = () => {
                  clearTimeout(timer);
                  resolve(true);
                };
              }),
        stop: () => {
          events.off(key, onAnnounce);
        },
      };
    },
  };
}
