// `client:interaction` (issue 16): an island's code loads when the shopper shows intent inside it,
// not while the page loads. Its server HTML is a working no-JS form, so nothing waits for it.
// Astro inlines this file into each page that uses it (addClientDirective in astro.config.mjs):
// it must stay small and import only what it uses.
import type { ClientDirective } from 'astro';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';
import { ISLAND_LIVE_EVENT, PRESSED, type IslandLive } from './island-live.ts';
import { shouldPrefetch, type ConnectionInfo } from './prefetch.ts';
import { addAtOnce, TAP_STATE, type InstantAnswer } from '#/features/cart/instant-add.ts';

/** Signs of intent inside an island: a finger or pointer going down, focus arriving, a key. */
const INTENT = ['pointerdown', 'focusin', 'keydown'] as const;
/** Anything the shopper does that restarts the quiet wait, so hydration never competes with a gesture. */
const ACTIVITY = ['pointerdown', 'keydown', 'scroll', 'wheel'] as const;
/** The Add of a card whose tap adds at once (instant-add.ts): a customisable dish's opens its picker. */
const PLAIN_ADD = 'form:not([data-customisable]) .add-to-cart__add';
/** How long after a press, focus or key on such an Add its code loads if no submit came. */
const SUBMIT_WAIT_MS = 1000;
/** How long the loaded page must be quiet before the islands in view hydrate (cart badge, quantities). */
export const QUIET_MS = 3000;

type Hydrate = () => Promise<void>;

/** Islands registered before the quiet came; after it, each hydrates once it is on screen. */
const beforeQuiet: Array<{ island: HTMLElement; hydrate: Hydrate }> = [];
let fallbackArmed = false;
let quietReached = false;
/** Islands on screen, hydrated one per idle period so each is a short task and none blocks a tap. */
const inView: Hydrate[] = [];
let hydratingInView = false;
const hydrateOf = new WeakMap<Element, Hydrate>();
let onScreen: IntersectionObserver | undefined;

function hydrateInView() {
  const next = inView.shift();
  hydratingInView = next !== undefined;
  if (!next) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => void next().finally(hydrateInView), { timeout: 2000 });
}

// As client:visible did, but only once the page is quiet: a card out of view has nothing to show
// until the shopper scrolls to it. The island is display: contents, so its children are watched.
function hydrateWhenSeen(island: HTMLElement, hydrate: Hydrate) {
  onScreen ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      onScreen?.unobserve(entry.target);
      const run = hydrateOf.get(entry.target);
      if (run) inView.push(run);
    }
    if (!hydratingInView) hydrateInView();
  });
  for (const child of island.children) {
    hydrateOf.set(child, hydrate);
    onScreen.observe(child);
  }
}

function armFallback() {
  if (fallbackArmed) return;
  fallbackArmed = true;
  // SPEC §2.1, as for prefetching: on 2g or with data saver a shopper who only reads loads no
  // code at all; the first touch still brings it.
  if (!shouldPrefetch((navigator as Navigator & { connection?: ConnectionInfo }).connection)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded = false;
  const restart = () => {
    if (!loaded) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const type of ACTIVITY) removeEventListener(type, restart, true);
      quietReached = true;
      const islands = beforeQuiet.splice(0);
      // One island at once even if none is in view: a live island brings the header's cart badge.
      if (islands[0]) inView.push(islands[0].hydrate);
      for (const { island, hydrate } of islands) hydrateWhenSeen(island, hydrate);
      if (!hydratingInView) hydrateInView();
    }, QUIET_MS);
  };
  for (const type of ACTIVITY) addEventListener(type, restart, { capture: true, passive: true });
  const start = () => {
    loaded = true;
    restart();
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

// Whether a press is under way, for what a live island shows at once (island-live.ts PRESSED).
for (const type of ['pointerdown', 'pointerup', 'pointercancel'])
  addEventListener(type, (event) => document.documentElement.toggleAttribute(PRESSED, event.type === 'pointerdown'), true);

const interaction: ClientDirective = (load, _options, island) => {
  let hydration: Promise<void> | undefined;
  let failure: unknown;
  // The first form submission before the island was live: held, then handed over once.
  let heldTap: { form: HTMLFormElement; submitter: HTMLElement | null; sent: Promise<InstantAnswer> | null } | undefined;

  const stopListening = () => {
    for (const type of INTENT) island.removeEventListener(type, onIntent, true);
    island.removeEventListener('submit', holdTap, true);
  };

  // Live: the island carries the tap out itself, since by now it may show a stepper, not the form.
  island.addEventListener(
    ISLAND_LIVE_EVENT,
    (event) => {
      stopListening();
      const tap = heldTap;
      heldTap = undefined;
      if (tap) (event as CustomEvent<IslandLive>).detail.takeTap(tap.sent);
    },
    { once: true },
  );
  island.addEventListener('astro:hydration-error', (event) => (failure ??= (event as CustomEvent<{ error: unknown }>).detail.error), { once: true });

  function hydrate() {
    hydration ??= (async () => {
      try {
        const run = await load();
        await run();
      } catch (error) {
        failure ??= error;
      }
      // Astro removes `ssr` once the island hydrated; a failed chunk leaves it.
      if (!island.hasAttribute('ssr')) return;
      stopListening();
      const tap = heldTap;
      heldTap = undefined;
      // With the listener gone the browser posts the no-JS form, so the tap still lands (or its
      // question is asked on the cart page), unless the page posted it already and the server added it.
      const added = (await tap?.sent)?.status === 'SUCCESS';
      if (tap && !added) tap.form.requestSubmit(tap.submitter);
      else if (isChunkLoadError(failure)) reloadAfterChunkError();
      else tap?.form.removeAttribute(TAP_STATE);
    })();
    return hydration;
  }

  // A submit before the island is live: shown and sent at once for a plain item (instant-add.ts),
  // and handed to the island once it is live; more taps meanwhile are a double tap, not a second item.
  function holdTap(event: Event) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    heldTap ??= { form, submitter: (event as SubmitEvent).submitter, sent: addAtOnce(form) };
    // The island's code after the add's answer: on slow 4G the two shared the link and the
    // confirmed badge came 30–170 ms later (issue 30, BENCHMARKS session 23).
    if (heldTap.sent) void heldTap.sent.finally(hydrate);
    else void hydrate();
  }

  // A press, focus or key on a plain item's Add may be about to post the card's form, so its code
  // waits for the submit (holdTap), or a moment when none comes (a scroll starting on the button).
  function onIntent(event: Event) {
    if ((event.target as Element).closest?.(PLAIN_ADD)) setTimeout(hydrate, SUBMIT_WAIT_MS);
    else void hydrate();
  }

  for (const type of INTENT) island.addEventListener(type, onIntent, { capture: true, passive: true });
  island.addEventListener('submit', holdTap, true);
  // Cards the infinite list appends after the quiet came are watched at once.
  if (quietReached) hydrateWhenSeen(island, hydrate);
  else beforeQuiet.push({ island, hydrate });
  armFallback();
};

export default interaction;
