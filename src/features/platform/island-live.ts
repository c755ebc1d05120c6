// The handshake between client:interaction (interaction.directive.ts) and an island it loads.
// React hydrates after Astro's hydrate call returns, so a tap replayed at once would reach the
// server form, not the island; the island says when it is live and carries out the held tap.
import type { InstantAnswer } from '#/features/cart/instant-add.ts';

/**
 * On the document element while a finger or mouse button is down (set by the directive from the
 * page's first paint): what a live island puts on screen at once must not come in under a press,
 * or the press's release lands on it and the tap that woke the island is lost (issue 30).
 */
export const PRESSED = 'data-pressed';

/** Dispatched on the astro-island by the island's first effect, once React owns its DOM. */
export const ISLAND_LIVE_EVENT = 'island-live';

export interface IslandLive {
  /**
   * Carries out the tap held while the island's code loaded, as the shopper meant it now; `sent`
   * is the add the page already posted for it (instant-add.ts), whose answer the island takes
   * over instead of adding again.
   */
  takeTap: (sent: Promise<InstantAnswer> | null) => void;
}

/** Called from the island's first effect with any element inside it. */
export function announceLive(inside: Element | null, takeTap: IslandLive['takeTap']) {
  inside?.closest('astro-island')?.dispatchEvent(new CustomEvent<IslandLive>(ISLAND_LIVE_EVENT, { detail: { takeTap } }));
}
