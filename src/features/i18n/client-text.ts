// What islands read after a tap (sheets, toasts, the cart bar): the page writes it once as a JSON
// block (ClientText.astro), so no catalogue travels in the JavaScript and a page pays for its own
// language only.
import type { Catalogue } from './catalogue.ts';
import type { Locale } from './locale.ts';
import { localiseSpecText, type SpecPairs } from './text.ts';

export const CLIENT_TEXT_ID = 'kirana-text';

export interface ClientText {
  locale: Locale;
  /** Empty in English: SPEC messages are written in English already. */
  spec: SpecPairs;
  client: Catalogue['client'];
}

let cached: ClientText | null = null;

/** The page's client text; only in the browser, after the page has loaded its block. */
export function clientText(): ClientText {
  if (!cached) {
    const block = document.getElementById(CLIENT_TEXT_ID);
    if (!block?.textContent) throw new Error(`#${CLIENT_TEXT_ID} is missing: the page must render ClientText.astro`);
    cached = JSON.parse(block.textContent) as ClientText;
  }
  return cached;
}

/** A SPEC message (toast, quote problem, server error) in the page's language; as written on a page without the block. */
export function specText(english: string): string {
  return document.getElementById(CLIENT_TEXT_ID) ? localiseSpecText(english, clientText().spec) : english;
}
