import { atom } from 'nanostores';

/** SPEC §4/§9: cart error toasts stay 3000 ms, every other toast 2 s. */
const TOAST_DURATION_MS = { cart: 3000, default: 2000 } as const;
export type ToastKind = keyof typeof TOAST_DURATION_MS;

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/**
 * Shows a toast and clears it after the SPEC's duration for its kind. The same message again
 * (fast taps) replaces the one showing, so toasts never pile up.
 */
export function showToast(message: string, kind: ToastKind = 'default', schedule = setTimeout): Toast {
  const toast = { id: nextId++, message, kind };
  $toasts.set([...$toasts.get().filter((t) => t.message !== message), toast]);
  schedule(() => dismissToast(toast.id), TOAST_DURATION_MS[kind]);
  return toast;
}

function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
