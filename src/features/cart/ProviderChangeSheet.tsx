import { useId } from 'react';
import { providerWord } from './cart.ts';
import { cancelProviderChange, proceedWithProviderChange, type ProviderChange } from './store.ts';
import Sheet from './Sheet.tsx';

/** SPEC §4 provider change: proceed clears the cart and adds the item; cancel keeps the cart. */
export default function ProviderChangeSheet({ change, returnFocus }: { change: ProviderChange; returnFocus?: () => HTMLElement | null }) {
  const titleId = useId();
  // SPEC §1 wording rule: "restaurant" reads "store" for retail.
  const cartWord = providerWord(change.cartDomain);
  const from = change.providerName ?? `this ${providerWord(change.domain)}`;
  return (
    <Sheet titleId={titleId} onClose={cancelProviderChange} returnFocus={returnFocus}>
      <h2 id={titleId}>Replace cart items?</h2>
      <p>
        Your cart has items from {change.cartProviderName ? `${change.cartProviderName}, another ${cartWord}` : `another ${cartWord}`}. Replace them with{' '}
        {change.itemName} from {from}?
      </p>
      <div className="sheet__actions">
        <button type="button" className="button button--quiet" onClick={cancelProviderChange}>
          No, keep my cart
        </button>
        <button type="button" className="button" onClick={proceedWithProviderChange}>
          Yes, replace
        </button>
      </div>
    </Sheet>
  );
}
