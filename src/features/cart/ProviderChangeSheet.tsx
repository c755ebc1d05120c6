import { useId } from 'react';
import { clientText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';
import { providerWord } from './cart.ts';
import { cancelProviderChange, proceedWithProviderChange, type ProviderChange } from './store.ts';
import Sheet from './Sheet.tsx';

/** SPEC §4 provider change: proceed clears the cart and adds the item; cancel keeps the cart. */
export default function ProviderChangeSheet({ change, returnFocus }: { change: ProviderChange; returnFocus?: () => HTMLElement | null }) {
  const titleId = useId();
  // SPEC §1 wording rule: "restaurant" reads "store" for retail.
  const t = clientText().client;
  const wordOf = (domain: Parameters<typeof providerWord>[0]) => (providerWord(domain) === 'restaurant' ? t.restaurant : t.store);
  const word = wordOf(change.cartDomain);
  const provider = change.providerName ?? fill(t.thisProvider, { word: wordOf(change.domain) });
  return (
    <Sheet titleId={titleId} onClose={cancelProviderChange} returnFocus={returnFocus}>
      <h2 id={titleId}>{t.replaceTitle}</h2>
      <p>
        {change.cartProviderName
          ? fill(t.replaceFromProvider, { cartProvider: change.cartProviderName, word, item: change.itemName, provider })
          : fill(t.replaceFromAnother, { word, item: change.itemName, provider })}
      </p>
      <div className="sheet__actions">
        <button type="button" className="button button--quiet" onClick={cancelProviderChange}>
          {t.keepCart}
        </button>
        <button type="button" className="button" onClick={proceedWithProviderChange}>
          {t.yesReplace}
        </button>
      </div>
    </Sheet>
  );
}
