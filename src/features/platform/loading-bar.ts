import { atom } from 'nanostores';

/** SPEC §4: the loading bar advances to 100, then hides after 500 ms. */
export const LOADING_BAR_HIDE_MS = 500;

export interface LoadingBarState {
  progress: number;
  visible: boolean;
}

export const $loadingBar = atom<LoadingBarState>({ progress: 0, visible: false });

export function startLoading() {
  $loadingBar.set({ progress: 10, visible: true });
}

/** Moves towards 90 while waiting, never reaching 100 until the work is done. */
export function advanceLoading() {
  const { progress, visible } = $loadingBar.get();
  if (!visible) return;
  $loadingBar.set({ progress: Math.min(90, progress + (90 - progress) * 0.3), visible });
}

export function finishLoading(schedule = setTimeout) {
  $loadingBar.set({ progress: 100, visible: true });
  schedule(() => $loadingBar.set({ progress: 0, visible: false }), LOADING_BAR_HIDE_MS);
}

/**
 * Drives the layout's bar (src/layouts/Base.astro) from the store while a page loads more in
 * place (the next listing page). Styles are set through the CSSOM, which the page's CSP allows.
 */
export function bindLoadingBar(bar: HTMLElement) {
  return $loadingBar.subscribe(({ progress, visible }) => {
    if (!visible && progress === 0 && !bar.dataset['driven']) return;
    bar.dataset['driven'] = 'true';
    bar.style.animation = 'none';
    bar.style.visibility = visible ? 'visible' : 'hidden';
    bar.style.transform = `scaleX(${progress / 100})`;
  });
}
