// SPEC §3 savedAddresses: the device's address book, kept in local storage. Its own module so the
// checkout, which reads and adds to the book, does not load the map pin's actions and the
// gazetteer they need (location/store.ts, issue 30).
import { persistentAtom } from '@nanostores/persistent';
import type * as z from 'zod/mini';
import { addressListSchema } from './address.ts';

/** A store persisted under a SPEC local-storage key, read through its schema. */
export function stored<T extends z.ZodMiniType>(key: string, schema: T, initial: z.infer<T>) {
  return persistentAtom<z.infer<T>>(key, initial, {
    encode: JSON.stringify,
    // A value another version wrote, or a hand-edited one, falls back to the initial value.
    decode: (text) => {
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : initial;
      } catch {
        return initial;
      }
    },
  });
}

export const $savedAddresses = stored('savedAddresses', addressListSchema, []);
