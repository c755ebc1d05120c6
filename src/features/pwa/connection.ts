// Whether the shopper can reach us, as the islands see it (issue 15).
import { atom, onMount } from 'nanostores';
import { OFFLINE_COPY_ATTRIBUTE } from './offline-copy.ts';

/** The browser's word on the connection (navigator.onLine and its online/offline events). */
export const $online = atom(true);

onMount($online, () => {
  // Server rendering mounts stores too, and Node's navigator has no onLine: the server's page is
  // always the online one, so an island hydrates to the same markup whatever the phone's state.
  if (typeof window === 'undefined') return;
  const update = () => $online.set(navigator.onLine);
  update();
  addEventListener('online', update);
  addEventListener('offline', update);
  return () => {
    removeEventListener('online', update);
    removeEventListener('offline', update);
  };
});

/** Whether this page is a copy the service worker saved, opened offline: its prices may be old, so nothing is bought from it. */
export function isOfflineCopy(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE);
}
