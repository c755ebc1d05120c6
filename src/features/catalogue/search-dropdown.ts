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

/** `storeWord` names a store without a locality, in the page's language. */
export function attachSearchDropdown(input: HTMLInputElement, list: HTMLUListElement, storeWord: string) {
  let controller: AbortController | undefined;
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };
  const show = (data: DropdownData) => {
    list.replaceChildren();
    const add = (href: string, text: string, note: string) => {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      const a = document.createElement('a');
      a.href = href;
      a.textContent = text;
      const small = document.createElement('small');
      small.textContent = note;
      a.append(small);
      li.append(a);
      list.append(li);
    };
    for (const p of data.providers) add(providerUrl(p), p.name, p.locality ?? storeWord);
    for (const i of data.items) add(`/grocery-search?q=${encodeURIComponent(i.name)}`, i.name, i.providerName);
    list.hidden = list.childElementCount === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
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
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  input.addEventListener('blur', () => setTimeout(close, 150));
}
