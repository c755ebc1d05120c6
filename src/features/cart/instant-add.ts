// The first tap on Add, answered before any island code has arrived (issue 30). It runs inside the
// client:interaction directive, which Astro inlines into the page, so it must stay a few hundred
// bytes and import nothing: on a slow phone the island's code takes seconds to load and run, and
// a tap nothing acknowledges is tapped again.
import type { CartAnswer } from './payload.ts';

/** The server's answer to the add, or null when it never came (no connection): then nothing was sent for sure. */
export type InstantAnswer = CartAnswer | null;

/** Set on the card's form while its add is on the way ('pending') and once the server has it ('added'). */
export const TAP_STATE = 'data-tap';
/** Set on the header badges while they show an add the server has not confirmed yet. */
export const BADGE_PENDING = 'data-pending';

/** The header's cart badges: "+1" while the add is on its way (pending), then the server's count. */
function showOnBadges(count: number | null) {
  for (const badge of document.querySelectorAll<HTMLElement>('.cart-badge')) {
    badge.toggleAttribute(BADGE_PENDING, count === null);
    badge.textContent = count === null ? '+1' : String(count);
    badge.hidden = count === 0;
  }
}

/**
 * Shows the tap at once (the card's Add pressed, "+1" on the cart badge) and posts the card's own
 * no-JS form as one add, answered in JSON; the badge then shows the server's count. A
 * customisable dish's form (`data-customisable`) is left to its island, which opens the add-on picker.
 */
export function addAtOnce(form: HTMLFormElement): Promise<InstantAnswer> | null {
  if (form.hasAttribute('data-customisable')) return null;
  form.setAttribute(TAP_STATE, 'pending');
  showOnBadges(null);
  // keepalive: a shopper who taps Add and leaves at once (a link, back) still has the item; the
  // browser finishes the post after the page is gone, and the server adds it once.
  return fetch(form.action, { method: 'POST', body: new FormData(form), headers: { accept: 'application/json' }, keepalive: true })
    .then((response) => response.json() as Promise<CartAnswer>)
    .catch(() => null)
    .then((answer) => {
      // Without an answer the badge is the island's to fill, once it has loaded the cart.
      showOnBadges(answer?.data.at(-1)?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0);
      if (answer?.status === 'SUCCESS') form.setAttribute(TAP_STATE, 'added');
      else form.removeAttribute(TAP_STATE);
      return answer;
    });
}
