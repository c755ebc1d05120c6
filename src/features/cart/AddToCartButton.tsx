import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import AddOnPicker from './AddOnPicker.tsx';
import type { AddToCartItem, QuantityMap } from './cart.ts';
import { mountCartChrome } from './chrome.ts';
import ProviderChangeSheet from './ProviderChangeSheet.tsx';
import Sheet, { firstFocusableIn } from './Sheet.tsx';
import { $cart, $cartProducts, $providerChange, $willSync, addToCart, changeQuantity, ensureCartLoaded, linesOfItem } from './store.ts';
import { isOfflineCopy } from '../pwa/connection.ts';
import { OFFLINE_MESSAGES } from '../pwa/messages.ts';

interface Props {
  item: AddToCartItem;
  city: string;
}

const NOTHING: QuantityMap = {};

/**
 * The add-to-cart control (AddToCart.astro): rendered on the server as the no-JS form, then a
 * quantity stepper with optimistic updates, the provider-change popup and, for customisable
 * dishes, the add-on picker and the "repeat last" chooser (SPEC §4).
 */
export default function AddToCartButton({ item, city }: Props) {
  // The server cannot know this browser's cart: hydrate as "Add", then show the stored quantity.
  const products = useStore($cartProducts, { ssr: () => NOTHING });
  const cart = useStore($cart, { ssr: () => null });
  const change = useStore($providerChange);
  const willSync = useStore($willSync).has(item.itemId);
  // Issue 15: on a saved copy opened offline the prices may be old, so nothing is bought from it.
  const [offlineCopy, setOfflineCopy] = useState(false);
  const [sheet, setSheet] = useState<'picker' | 'chooser' | null>(null);
  const chooserTitle = useId();
  // The same item can sit on a page twice (a tray and the list): only the card the shopper used
  // opens the provider-change popup, or two modal dialogs would stack.
  const askedFrom = useRef<Element | null>(null);
  if (!change) askedFrom.current = null;
  const returnFocusTo = (island: Element) => () => firstFocusableIn(island);
  const quantity = products[item.itemId] ?? 0;
  // The seller's maximum per order, once the cart knows it (a plain item is one line).
  const maximum = item.customisable ? Infinity : Number(linesOfItem(cart, item.itemId)[0]?.entry.item_metadata[0]?.quantity.maximum.count ?? Infinity);

  useEffect(() => {
    mountCartChrome();
    setOfflineCopy(isOfflineCopy());
    void ensureCartLoaded(city);
  }, [city]);

  const lastLine = () => linesOfItem($cart.get(), item.itemId).at(-1);

  function add(form: HTMLFormElement) {
    // The island this tap came from: its Add button turns into a stepper while the add waits.
    askedFrom.current = form.closest('astro-island') ?? form.parentElement;
    if (item.customisable) setSheet('picker');
    else addToCart(item, { context: 'listing' });
  }

  function more() {
    if (!item.customisable) return changeQuantity({ item, lineKey: item.itemId, customisations: null }, 1, 'listing');
    // SPEC §4: a dish with customised lines asks first: repeat the last one, or choose anew.
    setSheet(lastLine() ? 'chooser' : 'picker');
  }

  function less() {
    const line = item.customisable ? lastLine()?.target : { item, lineKey: item.itemId, customisations: null };
    if (line) changeQuantity(line, -1, 'listing');
  }

  const last = sheet === 'chooser' ? lastLine() : undefined;

  return (
    <>
      {quantity === 0 || !item.inStock ? (
        <form
          className="add-to-cart"
          method="post"
          action="/cart/add"
          onSubmit={(event) => {
            event.preventDefault();
            add(event.currentTarget);
          }}
        >
          <input type="hidden" name="city" value={city} />
          <input type="hidden" name="bppId" value={item.bppId} />
          <input type="hidden" name="providerId" value={item.providerId} />
          <input type="hidden" name="locationId" value={item.locationId} />
          <input type="hidden" name="itemId" value={item.itemId} />
          {item.inStock ? (
            <button className="add-to-cart__add" type="submit" aria-label={`Add ${item.name} to cart`} disabled={offlineCopy}>
              Add
            </button>
          ) : (
            <span className="add-to-cart__sold-out">Out of stock</span>
          )}
          {item.customisable && <span className="add-to-cart__hint">Customisable</span>}
        </form>
      ) : (
        <div className="add-to-cart">
          <div className="stepper" role="group" aria-label={`${item.name} in cart`}>
            <button type="button" className="stepper__button" aria-label={`Remove one ${item.name}`} disabled={offlineCopy} onClick={less}>
              −
            </button>
            <span className="stepper__count" aria-live="polite">
              {quantity}
            </span>
            <button type="button" className="stepper__button" aria-label={`Add one more ${item.name}`} disabled={offlineCopy || quantity >= maximum} onClick={more}>
              +
            </button>
          </div>
          {item.customisable && <span className="add-to-cart__hint">Customisable</span>}
          {willSync && <span className="add-to-cart__sync">{OFFLINE_MESSAGES.willSync}</span>}
        </div>
      )}
      {sheet === 'picker' && (
        <AddOnPicker
          item={item}
          onClose={() => setSheet(null)}
          onAdd={(customisations) => {
            setSheet(null);
            addToCart(item, { customisations, context: 'listing' });
          }}
        />
      )}
      {sheet === 'chooser' && last && (
        <Sheet titleId={chooserTitle} onClose={() => setSheet(null)}>
          <h2 id={chooserTitle}>Repeat last customisation?</h2>
          <p>
            {item.name}
            {last.entry.item_metadata.length > 1 ? `: ${last.entry.item_metadata.slice(1).map((c) => c.descriptor.name).join(', ')}` : ''}
          </p>
          <div className="sheet__actions">
            <button type="button" className="button button--quiet" onClick={() => setSheet('picker')}>
              I’ll choose
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setSheet(null);
                changeQuantity(last.target, 1, 'listing');
              }}
            >
              Repeat last
            </button>
          </div>
        </Sheet>
      )}
      {change?.itemId === item.itemId && askedFrom.current && <ProviderChangeSheet change={change} returnFocus={returnFocusTo(askedFrom.current)} />}
    </>
  );
}
