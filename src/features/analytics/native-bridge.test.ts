import { describe, expect, it } from 'vitest';
import { BRIDGE_RETRIES, callNative, findBridge } from './native-bridge.ts';

describe('native bridge (SPEC §7.5, §9 retries)', () => {
  it('does nothing on a plain browser', async () => {
    const waits: number[] = [];
    expect(findBridge({})).toBeNull();
    expect(await callNative({}, 'home_loaded', {}, async (ms) => void waits.push(ms))).toBe(false);
    expect(waits).toEqual([]);
  });

  it('posts the event as JSON to the Android object or the iOS handler', async () => {
    const android: string[] = [];
    expect(await callNative({ KiranaNative: { postMessage: (json) => void android.push(json) } }, 'cart_loaded', { items: 2 })).toBe(true);
    expect(JSON.parse(android[0]!)).toEqual({ event: 'cart_loaded', data: { items: 2 } });
    const ios: unknown[] = [];
    expect(await callNative({ webkit: { messageHandlers: { kirana: { postMessage: (m) => void ios.push(m) } } } }, 'payment_info')).toBe(true);
    expect(ios).toHaveLength(1);
  });

  it('retries a bridge that is not ready 3 times, waiting 800 ms more each time', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = {
      KiranaNative: {
        postMessage: () => {
          calls++;
          throw new Error('not ready');
        },
      },
    };
    expect(await callNative(failing, 'place_order_click', {}, async (ms) => void waits.push(ms))).toBe(false);
    expect(calls).toBe(1 + BRIDGE_RETRIES);
    expect(waits).toEqual([800, 1600, 2400]);
    let ready = 0;
    const late = {
      KiranaNative: {
        postMessage: () => {
          if (++ready < 3) throw new Error('not ready');
        },
      },
    };
    expect(await callNative(late, 'order_summary_loaded', {}, async () => {})).toBe(true);
    expect(ready).toBe(3);
  });
});
