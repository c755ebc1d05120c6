// Every word the offline features show a shopper, in one place so the message catalogue (issue 15,
// Hindi and English) can take them over whole.
export const OFFLINE_MESSAGES = {
  /** Issue 15: on a saved copy of a page opened without a connection. */
  offlineNotice: 'You are offline: prices may have changed',
  /** On a cart line whose tap is waiting for the connection. */
  willSync: 'Will sync',
  /** When taps made offline met a cart changed elsewhere: the server's cart stands. */
  syncConflict: 'Your cart changed while you were offline. It now shows the latest cart.',
  /** Beside a disabled checkout button. */
  checkoutNeedsConnection: 'You are offline. Checkout needs a connection.',
  offlinePageTitle: 'You are offline',
  offlinePageBody: 'This page has not been saved on this phone yet. Pages you opened before still open without a connection.',
  offlinePageRetry: 'Try again',
  offlinePageHome: 'Go to the home page',
} as const;
