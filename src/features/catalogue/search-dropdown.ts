// The dropdown under the search box (SPEC §2.3): stores and items as the shopper types,
// debounced so a phone on 2G sends one request per pause, not one per key.
import { providerUrl } from './paths.ts';

export const DROPDOWN_DEBOUNCE_MS = 250;

interface DropdownData {
  providers: Array<{ id: string; locationId: string; name: string; locality: string | null }>;
  items: Array<{ id: string; name: string; providerName: string }>;
}

/** Calls `fn` once input has paused for `ms`; later calls cancel earlier ones. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, schedule = setTimeout, cancel = clearTimeout) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) cancel(timer);
    timer = schedule(() => fn(...args), ms);
  };
}

/**
 * The option an arrow key moves to in a list of `count` (-1 = none, the input itself): down from
 * the input goes to the first, past either end wraps back to the input (WAI-ARIA combobox).
 */
export function movedOption(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? -1 : current + 1;
  return current === -1 ? count - 1 : current - 1;
}

/** `storeWord` names a store without a locality, in the page's language. */
export function attachSearchDropdown(input: HTMLInputElement, list: HTMLUListElement, storeWord: string) {
  let controller: AbortController | undefined;
  let active = -1;
  const options = () => [...list.querySelectorAll<HTMLLIElement>('[role="option"]')];
  const activate = (index: number) => {
    active = index;
    for (const [i, option] of options().entries()) option.setAttribute('aria-selected', String(i === index));
    const chosen = options()[index];
    if (chosen) {
      input.setAttribute('aria-activedescendant', chosen.id);
      chosen.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    activate(-1);
  };
  const show = (data: DropdownData) => {
    list.replaceChildren();
    const add = (href: string, text: string, note: string) => {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      li.id = `${list.id}-option-${list.childElementCount}`;
      li.setAttribute('aria-selected', 'false');
      // An option holds no link (ARIA combobox: no control inside another); choosing it, by
      // pointer or by Enter while the input keeps focus, opens its address.
      li.dataset['href'] = href;
      li.textContent = text;
      const small = document.createElement('small');
      small.textContent = note;
      li.append(small);
      // mousedown, not click: the input's blur closes the list before a click would land.
      li.addEventListener('mousedown', (event) => {
        event.preventDefault();
        window.location.assign(href);
      });
      list.append(li);
    };
    for (const p of data.providers) add(providerUrl(p), p.name, p.locality ?? storeWord);
    for (const i of data.items) add(`/grocery-search?q=${encodeURIComponent(i.name)}`, i.name, i.providerName);
    list.hidden = list.childElementCount === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
    activate(-1);
  };
  const lookup = debounce(async (text: string) => {
    controller?.abort();
    if (text.trim().length < 2) return close();
    controller = new AbortController();
    try {
      const response = await fetch(`/ondc/search-dropdown-data?searchText=${encodeURIComponent(text.trim())}`, { signal: controller.signal });
      if (response.ok) show(((await response.json()) as { data: DropdownData }).data);
    } catch {
      // A dropped lookup leaves the form working as a plain search.
    }
  }, DROPDOWN_DEBOUNCE_MS);
  input.addEventListener('input', () => lookup(input.value));
  // Typed before this script arrived (a slow network): suggest for it now, not at the next key.
  if (input.value !== input.defaultValue) lookup(input.value);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !list.hidden) {
      // The first Escape closes the list and keeps the words; a second clears the search box.
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !list.hidden) {
      event.preventDefault();
      activate(movedOption(active, event.key, options().length));
    } else if (event.key === 'Enter' && active >= 0) {
      const href = options()[active]?.dataset['href'];
      if (href) {
        event.preventDefault();
        window.location.assign(href);
      }
    }
  });
  input.addEventListener('blur', () => setTimeout(close, 150));
}
