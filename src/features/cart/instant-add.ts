// The first tap on Add, answered before any island code has arrived (issue 30). It runs inside the
// client:interaction directive, which Astro inlines into the page, so it must stay a few hundred
// bytes and import nothing: on a slow phone the island's code takes seconds to load and run, and
// a tap nothing acknowledges is tapped again.
import type { CartAnswer } from './payload.ts';
import { OFFLINE_COPY_ATTRIBUTE } from '../pwa/offline-copy.ts';

/** The server's answer to the add, or null when it never came (no connection): then nothing was sent for sure. */
export type InstantAnswer = CartAnswer | null;

/** Set on the card's form while its add is on the way ('pending') and once the server has it ('added'). */
export const TAP_STATE = 'data-tap';
/** Set on the header badges while they show an add the server has not confirmed yet. */
export const BADGE_PENDING = 'data-pending';

function badges() {
  return document.querySelectorAll<HTMLElement>('.cart-badge');
}

/**
 * Shows the tap at once (the card's Add pressed, "+1" on the cart badge) and posts the card's own
 * no-JS form as one add, answered in JSON; the badge then shows the server's count. Only a plain
 * item's form carries `data-instant`: a customisable dish opens its add-on picker instead.
 */
export function addAtOnce(form: HTMLFormElement): Promise<InstantAnswer> | null {
  if (!form.hasAttribute('data-instant') || document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE)) return null;
  form.setAttribute(TAP_STATE, 'pending');
  for (const badge of badges()) {
    badge.setAttribute(BADGE_PENDING, '');
    badge.textContent = '+1';
    badge.hidden = false;
  }
  return fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form) as never), headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<CartAnswer>)
    .catch(() => null)
    .then((answer) => {
      const cart = answer?.data?.at(-1);
      const count = cart ? cart.items.reduce((sum, line) => sum + line.quantity, 0) : Number(badges()[0]?.dataset['cartCount'] ?? 0);
      if (answer?.status === 'SUCCESS') form.setAttribute(TAP_STATE, 'added');
      else form.removeAttribute(TAP_STATE);
      for (const badge of badges()) {
        badge.removeAttribute(BADGE_PENDING);
        badge.textContent = String(count);
        badge.dataset['cartCount'] = String(count);
        badge.hidden = count === 0;
      }
      return answer;
    });
}
