import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { AddToCartItem, QuantityMap } from './cart.ts';
import { installChunkReload } from '#/features/platform/chunk-reload.ts';
import { announceLive } from '#/features/platform/island-live.ts';
import { mountCartChrome } from './chrome.ts';
import Sheet, { firstFocusableIn } from './Sheet.tsx';
import type { Catalogue } from '#/features/i18n/catalogue.ts';
import { clientText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';
import { $cart, $cartProducts, $providerChange, $willSync, addToCart, changeQuantity, ensureCartLoaded, linesOfItem, takeInstantAnswer } from './store.ts';
import { usePicked } from './use-picked.ts';
import { isOfflineCopy } from '#/features/pwa/connection.ts';
import type { InstantAnswer } from './instant-add.ts';

interface Props {
  item: AddToCartItem;
  city: string;
  /**
   * The strings the server's form shows, in the page's language (each card carries its own): Add,
   * and the hint or sold-out word only on a card that shows them. The stepper's come with the
   * page's client text, once a page (issue 29: bytes on every card of a store page).
   */
  t: ServerFormText;
}

type ButtonText = Catalogue['addButton'];
export type ServerFormText = Pick<ButtonText, 'add' | 'addLabel'> & Partial<Pick<ButtonText, 'outOfStock' | 'customisable'>>;

const NOTHING: QuantityMap = {};
// Issue 30: what only some taps open loads when it opens, so a first tap's code is add, badge and stepper.
const AddOnPicker = lazy(() => import('./AddOnPicker.tsx'));
const ProviderChangeSheet = lazy(() => import('./ProviderChangeSheet.tsx'));
let chunkReloadInstalled = false;

/**
 * The add-to-cart control (AddToCart.astro): rendered on the server as the no-JS form, then a
 * quantity stepper with optimistic updates, the provider-change popup and, for customisable
 * dishes, the add-on picker and the "repeat last" chooser (SPEC §4).
 */
export default function AddToCartButton({ item, city, t }: Props) {
  // The server cannot know this browser's cart: hydrate as "Add", then show the stored quantity.
  const quantity = usePicked(
    $cartProducts,
    (products) => products[item.itemId] ?? 0,
    () => NOTHING,
  );
  // The seller's maximum per order, once the cart knows it (a plain item is one line).
  const maximum = usePicked(
    $cart,
    (cart) => (item.customisable ? Infinity : Number(linesOfItem(cart, item.itemId)[0]?.entry.item_metadata[0]?.quantity.maximum.count ?? Infinity)),
    () => null,
  );
  // Another item's provider change is that card's to ask.
  const change = usePicked($providerChange, (asked) => (asked?.itemId === item.itemId ? asked : null));
  const willSync = usePicked($willSync, (items) => items.has(item.itemId));
  // Issue 15: on a saved copy opened offline the prices may be old, so nothing is bought from it.
  const [offlineCopy, setOfflineCopy] = useState(false);
  const [sheet, setSheet] = useState<'picker' | 'chooser' | null>(null);
  const chooserTitle = useId();
  // The same item can sit on a page twice (a tray and the list): only the card the shopper used
  // opens the provider-change popup, or two modal dialogs would stack.
  // It is forgotten once the popup it opened is answered, not before: a customisable dish asks
  // after its add-on picker closed, so "no popup yet" cannot mean "not asked" (issue 28).
  const askedFrom = useRef<Element | null>(null);
  const asking = useRef(false);
  if (change && askedFrom.current) asking.current = true;
  else if (!change && asking.current) {
    asking.current = false;
    askedFrom.current = null;
  }
  const returnFocusTo = (island: Element) => () => firstFocusableIn(island);

  const root = useRef<HTMLElement | null>(null);
  const bindRoot = (element: HTMLElement | null) => {
    root.current = element;
  };

  useEffect(() => {
    // SPEC §8 for the chunks loaded after hydration; client:interaction covers the island's own.
    if (!chunkReloadInstalled) installChunkReload();
    chunkReloadInstalled = true;
    mountCartChrome();
    setOfflineCopy(isOfflineCopy());
    void ensureCartLoaded(city);
  }, [city]);

  // The held tap, carried out with this render's item and handlers; the island announces itself once.
  const takeTap = useEffectEvent((island: Element, sent: Promise<InstantAnswer> | null) => {
    const carryOut = () => {
      if (($cartProducts.get()[item.itemId] ?? 0) === 0) add(island);
      else more();
    };
    // The page already posted this add (instant-add.ts): its answer is taken, not sent again;
    // only an add the server never saw, or one that asks first, is carried out here.
    if (sent) void sent.then((answer) => takeInstantAnswer(answer) || carryOut());
    else carryOut();
  });

  useEffect(() => {
    // The tap that woke this island was on the server's Add; the cart may hold the item already
    // (another tab), so it means one more of it, as the no-JS form would have added.
    const island = root.current;
    announceLive(island, (sent) => {
      if (island) takeTap(island, sent);
    });
    // Once, on mount: the tap is the one that loaded this island.
  }, []);

  const lastLine = () => linesOfItem($cart.get(), item.itemId).at(-1);

  function add(from: Element) {
    // The island this tap came from: its Add button turns into a stepper while the add waits.
    askedFrom.current = from.closest('astro-island') ?? from.parentElement;
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
          ref={bindRoot}
          className="add-to-cart"
          method="post"
          action="/cart/add"
          data-customisable={item.customisable ? '' : undefined}
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
            <button className="add-to-cart__add" type="submit" aria-label={fill(t.addLabel, { name: item.name })} disabled={offlineCopy}>
              {t.add}
            </button>
          ) : (
            <span className="add-to-cart__sold-out">{t.outOfStock}</span>
          )}
          {item.customisable && <span className="add-to-cart__hint">{t.customisable}</span>}
        </form>
      ) : (
        <div ref={bindRoot} className="add-to-cart">
          <fieldset className="stepper" aria-label={fill(clientText().client.inCart, { name: item.name })}>
            <button
              type="button"
              className="stepper__button"
              aria-label={fill(clientText().client.removeOne, { name: item.name })}
              disabled={offlineCopy}
              onClick={less}
            >
              −
            </button>
            <span className="stepper__count" aria-live="polite">
              {quantity}
            </span>
            <button
              type="button"
              className="stepper__button"
              aria-label={fill(clientText().client.addOne, { name: item.name })}
              disabled={offlineCopy || quantity >= maximum}
              onClick={more}
            >
              +
            </button>
          </fieldset>
          {item.customisable && <span className="add-to-cart__hint">{t.customisable}</span>}
          {willSync && <span className="add-to-cart__sync">{clientText().client.willSync}</span>}
        </div>
      )}
      <Suspense>
        {sheet === 'picker' && (
          <AddOnPicker
            item={item}
            onClose={() => {
              askedFrom.current = null;
              setSheet(null);
            }}
            onAdd={(customisations) => {
              setSheet(null);
              addToCart(item, { customisations, context: 'listing' });
              if ($providerChange.get()?.itemId !== item.itemId) askedFrom.current = null;
            }}
          />
        )}
        {sheet === 'chooser' && last && (
          <Sheet titleId={chooserTitle} onClose={() => setSheet(null)}>
            <h2 id={chooserTitle}>{clientText().client.repeatTitle}</h2>
            <p>
              {item.name}
              {last.entry.item_metadata.length > 1
                ? `: ${last.entry.item_metadata
                    .slice(1)
                    .map((c) => c.descriptor.name)
                    .join(', ')}`
                : ''}
            </p>
            <div className="sheet__actions">
              <button type="button" className="button button--quiet" onClick={() => setSheet('picker')}>
                {clientText().client.illChoose}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setSheet(null);
                  changeQuantity(last.target, 1, 'listing');
                }}
              >
                {clientText().client.repeatLast}
              </button>
            </div>
          </Sheet>
        )}
        {change && askedFrom.current && <ProviderChangeSheet change={change} returnFocus={returnFocusTo(askedFrom.current)} />}
      </Suspense>
    </>
  );
}
