// The cart's presence outside its islands, in plain DOM: the header badge (Header.astro renders
// it hidden, with no script) and the cart bar at the foot of the screen that leads to /cart. Any
// cart island mounts them once hydrated, so pages without islands stay free of JS (DESIGN §6).
import { formatRupees } from '#/lib/money.ts';
import { clientText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';
import { mountToastHost } from '#/features/platform/toast-host.ts';
import { PRESSED } from '#/features/platform/island-live.ts';
import { $online } from '#/features/pwa/connection.ts';
import { confirmedItemTotalPaise, totalQuantity } from './cart.ts';
import { BADGE_PENDING } from './instant-add.ts';
import { $cart, $cartProducts, $willSync } from './store.ts';

let mounted = false;

const itemsText = (count: number) => (count === 1 ? clientText().client.oneItem : fill(clientText().client.items, { count }));

function bindBadges() {
  const badges = [...document.querySelectorAll<HTMLElement>('.cart-badge')];
  $cartProducts.subscribe((products) => {
    const count = totalQuantity(products);
    for (const badge of badges) {
      // An add the page posted before any island was live shows "+1" until its answer comes.
      if (badge.hasAttribute(BADGE_PENDING)) continue;
      badge.textContent = String(count);
      badge.dataset['cartCount'] = String(count);
      badge.hidden = count === 0;
      // Words beside the visible number, not an aria-label over it: the link's name keeps what a
      // speech-input user sees ("Cart 2") and a screen reader hears "Cart 2 items".
      const words = badge.parentElement?.querySelector('[data-cart-count-words]');
      if (words) words.textContent = count === 0 ? clientText().client.emptyWords : count === 1 ? clientText().client.itemWord : clientText().client.itemsWord;
    }
  });
}

/**
 * Calls `show` once no press is under way. The first card to go live brings the bar, and it goes
 * live on the press that taps it: a bar shown at once can come in under the finger at the foot of
 * the screen, take the release, and lose the tap (or open the cart). After a release it waits for
 * the click that release makes (a touch's comes a moment later), or a moment when none comes.
 */
function afterPress(show: () => void) {
  if (!document.documentElement.hasAttribute(PRESSED)) return show();
  let shown = false;
  const once = () => {
    if (shown) return;
    shown = true;
    removeEventListener('click', afterClick, true);
    removeEventListener('pointerup', afterRelease, true);
    removeEventListener('pointercancel', once, true);
    show();
  };
  const afterClick = () => setTimeout(once);
  const afterRelease = () => setTimeout(once, 300);
  addEventListener('click', afterClick, true);
  addEventListener('pointerup', afterRelease, true);
  addEventListener('pointercancel', once, true);
}

/** A sticky "View cart" bar while the cart has items (the cart drawer of other pages). */
function mountCartBar() {
  if (location.pathname === '/cart') return;
  const bar = document.createElement('aside');
  bar.className = 'cart-bar';
  bar.setAttribute('aria-label', clientText().client.cart);
  const summary = document.createElement('span');
  summary.className = 'cart-bar__summary';
  const link = document.createElement('a');
  link.className = 'cart-bar__link';
  link.href = '/cart';
  link.textContent = clientText().client.viewCart;
  bar.append(summary, link);
  bar.hidden = true;
  document.body.append(bar);
  let waiting = false;
  const update = () => {
    const count = totalQuantity($cartProducts.get());
    if (count > 0 && bar.hidden) {
      if (waiting) return;
      waiting = true;
      return afterPress(() => {
        waiting = false;
        bar.hidden = false;
        update();
      });
    }
    bar.hidden = count === 0;
    document.body.classList.toggle('has-cart-bar', count > 0);
    // The total is the server's: while taps wait for the connection or for their answer there is none to show yet.
    const confirmed = confirmedItemTotalPaise($cart.get(), count);
    const total = $willSync.get().size > 0 ? clientText().client.willSync : confirmed === null ? null : formatRupees(confirmed, clientText().locale);
    summary.textContent = total === null ? itemsText(count) : `${itemsText(count)} · ${total}`;
  };
  $cartProducts.subscribe(update);
  $cart.listen(update);
  $willSync.listen(update);
}

/** Issue 15: the layout's offline notice (always shown on a saved copy) also shows while a live page has no connection. */
function bindOfflineNotice() {
  const notice = document.querySelector<HTMLElement>('[data-offline-notice]');
  if (notice) $online.subscribe((online) => (notice.hidden = online));
}

export function mountCartChrome() {
  if (mounted) return;
  mounted = true;
  mountToastHost();
  bindBadges();
  mountCartBar();
  bindOfflineNotice();
}
