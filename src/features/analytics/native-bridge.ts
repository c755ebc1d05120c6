// The native app's bridge (SPEC §7.5; contract in the README): inside the app's webview the app
// injects `window.KiranaNative` with `postMessage(json)` (Android) or a WebKit message handler
// named `kirana` (iOS). Six events go to it; on a plain browser nothing happens.

/** SPEC §7.5: the six events the native app hears. */
export const NATIVE_EVENTS = ['home_loaded', 'provider_loaded', 'cart_loaded', 'place_order_click', 'order_summary_loaded', 'payment_info'] as const;
export type NativeEvent = (typeof NATIVE_EVENTS)[number];

/** SPEC §9: up to 3 retries, each waiting 800 ms longer than the last (800, 1600, 2400 ms). */
export const BRIDGE_RETRIES = 3;
const BRIDGE_DELAY_STEP_MS = 800;

type Poster = (json: string) => void;
type BridgeWindow = {
  KiranaNative?: { postMessage?: Poster };
  webkit?: { messageHandlers?: { kirana?: { postMessage?: (message: unknown) => void } } };
};

/** How to reach the app, or null outside it. */
export function findBridge(scope: BridgeWindow): Poster | null {
  const android = scope.KiranaNative;
  if (typeof android?.postMessage === 'function') return (json) => android.postMessage!(json);
  const ios = scope.webkit?.messageHandlers?.kirana;
  if (typeof ios?.postMessage === 'function') return (json) => ios.postMessage!(json);
  return null;
}

/**
 * Tells the app about `event`; a bridge that throws (not ready yet) is tried again up to
 * BRIDGE_RETRIES times. Resolves true once delivered, false when there is no app or it never took it.
 */
export async function callNative(
  scope: BridgeWindow,
  event: NativeEvent,
  data: Record<string, unknown> = {},
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  const payload = JSON.stringify({ event, data });
  for (let attempt = 0; attempt <= BRIDGE_RETRIES; attempt++) {
    if (attempt > 0) await sleep(BRIDGE_DELAY_STEP_MS * attempt);
    const post = findBridge(scope);
    if (!post) {
      if (attempt === 0 && !('KiranaNative' in scope) && !scope.webkit) return false;
      continue;
    }
    try {
      post(payload);
      return true;
    } catch {
      // Not ready: try again after a longer wait.
    }
  }
  return false;
}
