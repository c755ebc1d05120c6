import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * One value picked from a store, for an island that needs only that: it renders again when the
 * picked value changes, not on every change of the store. Every card of a store page (53 islands)
 * listened to the whole cart, so one tap rendered them all again on a slow phone (issue 30).
 * `pick` must return a primitive or an object the store already holds, so that an unchanged
 * store gives an identical value.
 */
export function usePicked<Value, Picked>(store: ReadableAtom<Value>, pick: (value: Value) => Picked, ssr?: () => Value): Picked {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  return useSyncExternalStore(
    subscribe,
    () => pick(store.get()),
    () => pick(ssr ? ssr() : store.get()),
  );
}
