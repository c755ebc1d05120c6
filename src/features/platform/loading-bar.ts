// A plain value and its listeners, not a nanostore: the infinite list's script then imports no
// shared chunk, so Astro inlines it into the page and a listing makes no script request until
// the shopper acts (issue 16).

/** SPEC §4: the loading bar advances to 100, then hides after 500 ms. */
const LOADING_BAR_HIDE_MS = 500;

export interface LoadingBarState {
  progress: number;
  visible: boolean;
}

let state: LoadingBarState = { progress: 0, visible: false };
const listeners = new Set<(state: LoadingBarState) => void>();

export function loadingBarState(): LoadingBarState {
  return state;
}

function setLoadingBar(next: LoadingBarState) {
  state = next;
  for (const listener of listeners) listener(state);
}

export function startLoading() {
  setLoadingBar({ progress: 10, visible: true });
}

/** Moves towards 90 while waiting, never reaching 100 until the work is done. */
export function advanceLoading() {
  const { progress, visible } = state;
  if (!visible) return;
  setLoadingBar({ progress: Math.min(90, progress + (90 - progress) * 0.3), visible });
}

export function finishLoading(schedule = setTimeout) {
  setLoadingBar({ progress: 100, visible: true });
  schedule(() => setLoadingBar({ progress: 0, visible: false }), LOADING_BAR_HIDE_MS);
}

/**
 * Drives the layout's bar (src/layouts/Base.astro) while a page loads more in place (the next
 * listing page). Styles are set through the CSSOM, which the page's CSP allows.
 */
export function bindLoadingBar(bar: HTMLElement) {
  const draw = ({ progress, visible }: LoadingBarState) => {
    if (!visible && progress === 0 && !bar.dataset['driven']) return;
    bar.dataset['driven'] = 'true';
    bar.style.animation = 'none';
    bar.style.visibility = visible ? 'visible' : 'hidden';
    bar.style.transform = `scaleX(${progress / 100})`;
  };
  listeners.add(draw);
  draw(state);
  return () => listeners.delete(draw);
}
