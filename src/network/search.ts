// What a seller lists in answer to a search (ondc-notes §1 search / on_search): its providers in
// the search's city and domain, narrowed by the intent's provider, item name or category when
// given, cut into pages so no on_search carries more than PAGE_SIZE items.
import type { CatalogueItem, Provider } from './catalogue/generate.ts';
import { providerItems } from './catalogue/generate.ts';
import type { OndcPostResult } from '#/ondc/client.ts';
import type { MessageOf } from './requests.ts';

const PAGE_SIZE = 500;

export type SearchPage = { provider: Provider; items: CatalogueItem[] };
type Intent = MessageOf<'search'>['intent'];

export type SearchScope = {
  city: string;
  domain: string;
  intent: Intent;
  /** what is left of an item now, so the catalogue says "0" once orders have taken it all */
  stockLeft: (item: CatalogueItem) => number;
  pageSize?: number;
};

function itemMatches(item: CatalogueItem, intent: Intent): boolean {
  if (item.kind === 'customization') return true;
  const name = intent.item?.descriptor?.name?.trim().toLowerCase();
  if (name && !item.name.toLowerCase().includes(name)) return false;
  const category = intent.category?.id;
  return !category || item.ondcCategory === category;
}

/** One page after another, provider by provider, in constant memory for any catalogue size. */
export function* searchPages(providers: readonly Provider[], scope: SearchScope): Generator<SearchPage> {
  const pageSize = scope.pageSize ?? PAGE_SIZE;
  const filtered = Boolean(scope.intent.item?.descriptor?.name?.trim() || scope.intent.category?.id);
  for (const provider of providers) {
    if (provider.cityCode !== scope.city || provider.domain !== scope.domain) continue;
    if (scope.intent.provider?.id && scope.intent.provider.id !== provider.id) continue;
    let page: CatalogueItem[] = [];
    let sellable = 0;
    for (const item of providerItems(provider)) {
      if (!itemMatches(item, scope.intent)) continue;
      if (item.kind !== 'customization') sellable++;
      page.push({ ...item, stock: scope.stockLeft(item) });
      // A restaurant menu (tens of items) always fits one page, which keeps each dish's
      // add-ons beside it for its price range.
      if (page.length === pageSize) {
        yield { provider, items: page };
        page = [];
      }
    }
    // A narrowed search lists a provider only when something of it matched.
    if (page.length > 0 && (sellable > 0 || !filtered)) yield { provider, items: page };
  }
}

/**
 * What a seller makes of a buyer app's answer to an on_search page: taken (ACK), to send again
 * (not delivered: the buyer app is down or slow; or NACKed as busy, 23001, its inbox being full),
 * or refused for good (any other NACK: the page itself is wrong).
 */
export function pageOutcome(result: OndcPostResult): 'taken' | 'again' | 'refused' {
  if (!result.ok) return 'again';
  if (result.response.message.ack.status === 'ACK') return 'taken';
  return result.response.error?.code === '23001' ? 'again' : 'refused';
}

/** A page not taken is sent again after 0.5 s, doubling to 5 s, for up to 3 minutes; then it is given up. */
export const PAGE_RETRY = { firstMs: 500, maxMs: 5_000, giveUpAfterMs: 180_000 } as const;

/** The pause before sending a page again, or null once it has been tried for PAGE_RETRY.giveUpAfterMs. */
export function pageRetryDelay(attempt: number, elapsedMs: number): number | null {
  if (elapsedMs >= PAGE_RETRY.giveUpAfterMs) return null;
  return Math.min(PAGE_RETRY.firstMs * 2 ** (attempt - 1), PAGE_RETRY.maxMs);
}
