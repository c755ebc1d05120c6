// Infinite scroll over server-rendered pages: the next page's HTML is fetched and its items
// appended, so there is one renderer (the server) and the no-JS link keeps working.
import { bindLoadingBar, finishLoading, startLoading } from '#/features/platform/loading-bar.ts';

/** SPEC §9: the next page loads when the shopper is 300 px from the bottom. */
export const BOTTOM_SCROLL_THRESHOLD_PX = 300;

let barBound = false;

/** Appends the items of the page `link` points to, and moves the link on (or removes it at the end). */
export async function appendNextPage(container: HTMLElement, link: HTMLAnchorElement): Promise<void> {
  link.setAttribute('aria-busy', 'true');
  const bar = document.querySelector<HTMLElement>('.loading-bar');
  if (bar && !barBound) {
    bindLoadingBar(bar);
    barBound = true;
  }
  startLoading();
  try {
    const response = await fetch(link.href, { headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    const list = container.querySelector('[data-page-items]');
    const incoming = next.querySelector('[data-page-items]');
    if (list && incoming) list.append(...Array.from(incoming.children));
    const following = next.querySelector<HTMLAnchorElement>('kirana-infinite-list a.next-page');
    if (following) {
      link.href = following.href;
      link.removeAttribute('aria-busy');
    } else {
      link.remove();
    }
  } catch {
    // The link stays: the shopper can still tap it.
    link.removeAttribute('aria-busy');
  } finally {
    finishLoading();
  }
}
