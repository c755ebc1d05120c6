import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatRupees } from '#/lib/money.ts';
import type { Catalogue } from '#/features/i18n/catalogue.ts';
import type { Locale } from '#/features/i18n/locale.ts';
import { specText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';
import AddOnPicker from './AddOnPicker.tsx';
import { cartTotals, lineKeyOf, minCartShortfallRupees, providerWord, unitPricePaise } from './cart.ts';
import { mountCartChrome } from './chrome.ts';
import type { Cart, CartEntry } from './payload.ts';
import ProviderChangeSheet from './ProviderChangeSheet.tsx';
import { $online } from '#/features/pwa/connection.ts';
import {
  $cart,
  $cartLoad,
  $isCutlerySelect,
  $isVegOnly,
  $lineQuantities,
  $providerChange,
  $willSync,
  addToCart,
  cartSaving,
  cartSettled,
  changeQuantity,
  clearCart,
  ensureCartLoaded,
  lineTargetOf,
  setQuantity,
  takeServerCart,
} from './store.ts';

interface Props {
  /** The cart as the server rendered the page: the first render matches it exactly. */
  initialCart: Cart | null;
  city: string;
  /** SPEC §6: a whitelisted warehouse is exempt from the minimum cart value. */
  warehouseWhitelisted: boolean;
  /** The page's strings, in its language (the server renders the same words first). */
  t: Catalogue['cart'];
  locale: Locale;
  /** Issue 29: what the cart's store promises the shopper's address, worded by the server; null when it promises nothing. */
  promise?: { providerId: string; text: string } | null;
}

/** A form that works without JS (POST /cart/update) and, hydrated, calls `onSubmit` instead. */
function LineForm(props: {
  city: string;
  lineId: string;
  quantity: number;
  label: string;
  text: string;
  disabled?: boolean;
  onSubmit: () => void;
  className?: string;
}) {
  return (
    <form
      method="post"
      action="/cart/update"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="city" value={props.city} />
      <input type="hidden" name="lineId" value={props.lineId} />
      <input type="hidden" name="quantity" value={props.quantity} />
      <button type="submit" className={props.className ?? 'stepper__button'} aria-label={props.label} disabled={props.disabled}>
        {props.text}
      </button>
    </form>
  );
}

function VegMark({ veg, t }: { veg: string | null; t: Catalogue['cart'] }) {
  if (!veg) return null;
  const label = veg === 'veg' ? t.veg : veg === 'egg' ? t.egg : t.nonVeg;
  return <span className={`veg-mark veg-mark--${veg}`} role="img" aria-label={label} title={label} />;
}

/** The /cart page (SPEC §2.3 cart page): lines, order summary, minimum cart value and checkout. */
export default function CartView({ initialCart, city, warehouseWhitelisted, t, locale, promise = null }: Props) {
  const rupees = (paise: number) => formatRupees(paise, locale);
  // The server's cart is the truth at page load; take it before the first client render.
  useState(() => {
    if (typeof window !== 'undefined') takeServerCart(initialCart);
  });
  const cart = useStore($cart, { ssr: () => initialCart });
  const quantities = useStore($lineQuantities, { ssr: () => Object.fromEntries((initialCart?.items ?? []).map((e) => [lineKeyOf(e), e.quantity])) });
  const load = useStore($cartLoad);
  const vegOnly = useStore($isVegOnly, { ssr: () => false });
  const cutlery = useStore($isCutlerySelect, { ssr: () => true });
  const change = useStore($providerChange);
  const willSync = useStore($willSync);
  const online = useStore($online, { ssr: () => true });
  const [picking, setPicking] = useState<CartEntry | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    mountCartChrome();
    void ensureCartLoaded(city);
  }, [city]);

  // Quantities as tapped (optimistic); a line tapped down to 0 leaves at once.
  const shownQuantity = (entry: CartEntry) => quantities[lineKeyOf(entry)] ?? entry.quantity;
  const entries = (cart?.items ?? []).filter((e) => shownQuantity(e) > 0);

  if (load.state === 'error' && !cart) {
    return (
      <section className="empty-state" role="alert">
        <h2>{specText(load.message)}</h2>
        <button type="button" className="button" onClick={() => location.reload()}>
          {t.tryAgain}
        </button>
      </section>
    );
  }

  if (!cart || entries.length === 0) {
    return (
      <section className="empty-state">
        <h2>{t.emptyTitle}</h2>
        <p>{t.emptyText}</p>
        <a className="button" href="/stores">
          {t.browseStores}
        </a>
      </section>
    );
  }

  const shown = { items: entries.map((e) => ({ ...e, quantity: shownQuantity(e) })) };
  const totals = cartTotals(shown);
  const shortfall = minCartShortfallRupees({
    minCartValueRequiredPaise: cart.minCartValueRequired === null ? null : Math.round(cart.minCartValueRequired * 100),
    itemTotalPaise: totals.itemTotalPaise,
    warehouseWhitelisted,
  });
  const isFood = cart.cart_metadata.categoryDomain === 'ONDC:RET11';
  const word = providerWord(cart.cart_metadata.categoryDomain) === 'restaurant' ? t.restaurant : t.store;

  return (
    <div className="cart">
      <section className="cart-provider" aria-label={fill(t.yourProvider, { word })}>
        {cart.cart_metadata.descriptor.images[0] && <img src={cart.cart_metadata.descriptor.images[0]} alt="" width="48" height="48" />}
        <div>
          <h2>{cart.cart_metadata.descriptor.name}</h2>
          <p>{fill(t.via, { seller: cart.cart_metadata.seller_name })}</p>
          {promise?.providerId === cart.provider_id && <p data-delivery-promise>{promise.text}</p>}
        </div>
      </section>
      {cart.offer_strip && <p className="offer-strip">{cart.offer_strip.text}</p>}

      <ul className="cart-lines" aria-label={t.lines}>
        {shown.items.map((entry) => {
          const [item, ...customisations] = entry.item_metadata;
          const target = lineTargetOf(cart, entry);
          const unit = unitPricePaise(entry);
          const max = Number(item?.quantity.maximum.count ?? '0');
          const inStock = item?.quantity.available.count !== '0';
          const name = item?.descriptor.name ?? entry.sku_id;
          const pack = item?.variantAttr?.['pack_size'];
          return (
            <li key={target.lineKey} className="cart-line">
              {item?.descriptor.images[0] ? (
                <img className="cart-line__image" src={item.descriptor.images[0]} alt="" width="56" height="56" />
              ) : (
                <span className="cart-line__image" />
              )}
              <div className="cart-line__about">
                <p className="cart-line__name">
                  <VegMark veg={item?.veg ?? null} t={t} /> {name}
                </p>
                {pack && !name.includes(pack) && <p className="cart-line__detail">{pack}</p>}
                {customisations.length > 0 && <p className="cart-line__detail">{customisations.map((c) => c.descriptor.name).join(', ')}</p>}
                <p className="cart-line__price">
                  {rupees(unit.price)}
                  {/* A struck-through price cannot carry a name (aria-label on <s> is ignored): the words are read, the figure is seen. */}
                  {unit.mrp > unit.price && (
                    <>
                      <span className="visually-hidden">{fill(t.mrp, { price: rupees(unit.mrp) })}</span>
                      <s aria-hidden="true">{rupees(unit.mrp)}</s>
                    </>
                  )}
                </p>
                {!inStock && <p className="cart-line__problem">{t.outOfStock}</p>}
                {customisations.length > 0 && (
                  <button type="button" className="link-button" onClick={() => setPicking(entry)}>
                    {t.customiseAnother}
                  </button>
                )}
              </div>
              <div className="cart-line__controls">
                <fieldset className="stepper" aria-label={fill(t.quantity, { name })}>
                  <LineForm
                    city={city}
                    lineId={target.lineKey}
                    quantity={entry.quantity - 1}
                    label={fill(t.removeOne, { name })}
                    text="−"
                    onSubmit={() => changeQuantity(target, -1, 'cart')}
                  />
                  <span className="stepper__count" aria-live="polite">
                    {entry.quantity}
                  </span>
                  <LineForm
                    city={city}
                    lineId={target.lineKey}
                    quantity={entry.quantity + 1}
                    label={fill(t.addOne, { name })}
                    text="+"
                    disabled={!inStock || entry.quantity >= max}
                    onSubmit={() => changeQuantity(target, 1, 'cart')}
                  />
                </fieldset>
                <p className="cart-line__total">{rupees(unit.price * entry.quantity)}</p>
                {willSync.has(target.lineKey) && <p className="cart-line__sync">{t.willSync}</p>}
                <LineForm
                  city={city}
                  lineId={target.lineKey}
                  quantity={0}
                  label={fill(t.removeFromCart, { name })}
                  text={t.remove}
                  className="link-button"
                  onSubmit={() => setQuantity(target, 0, 'cart')}
                />
              </div>
            </li>
          );
        })}
      </ul>

      {isFood && (
        <fieldset className="cart-preferences">
          <legend>{t.preferences}</legend>
          <label>
            <input type="checkbox" checked={vegOnly} onChange={(event) => $isVegOnly.set(event.target.checked)} /> {t.vegOnly}
          </label>
          <label>
            <input type="checkbox" checked={cutlery} onChange={(event) => $isCutlerySelect.set(event.target.checked)} /> {t.cutlery}
          </label>
        </fieldset>
      )}

      <section className="bill" aria-labelledby="bill-heading">
        <h2 id="bill-heading">{t.summary}</h2>
        <dl>
          <div>
            <dt>{t.itemTotal}</dt>
            <dd>
              {totals.mrpTotalPaise > totals.itemTotalPaise && <s>{rupees(totals.mrpTotalPaise)}</s>} {rupees(totals.itemTotalPaise)}
            </dd>
          </div>
          {totals.savingsPaise > 0 && (
            <div className="bill__savings">
              <dt>{t.savings}</dt>
              <dd>{rupees(totals.savingsPaise)}</dd>
            </div>
          )}
        </dl>
        <p className="bill__note">{t.billNote}</p>
      </section>

      {shortfall !== null && (
        <p className="min-cart" role="status">
          {fill(t.minimum, { shortfall, word, minimum: rupees(Math.round((cart.minCartValueRequired ?? 0) * 100)) })}
        </p>
      )}
      <div className="cart-actions">
        {shortfall === null && online ? (
          <a
            className="button cart-actions__checkout"
            href="/payment"
            aria-busy={leaving || undefined}
            onClick={(event) => {
              // Issue 28: a tap still on its way would reach the server after the checkout page
              // had read the cart, and the checkout would quote the cart before it (409 "Your cart
              // has changed" at Place order). The checkout opens once the server has every tap.
              if (!cartSaving() || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              if (leaving) return;
              setLeaving(true);
              const href = event.currentTarget.href;
              void cartSettled().then(() => location.assign(href));
            }}
          >
            {t.checkout}
          </a>
        ) : (
          <button type="button" className="button cart-actions__checkout" disabled>
            {t.checkout}
          </button>
        )}
        {!online && (
          <p className="cart-actions__offline" role="status">
            {t.checkoutNeedsConnection}
          </p>
        )}
        <form
          method="post"
          action="/cart/update"
          onSubmit={(event) => {
            event.preventDefault();
            clearCart('cart');
          }}
        >
          <input type="hidden" name="intent" value="clear" />
          <input type="hidden" name="city" value={city} />
          <button type="submit" className="link-button">
            {t.clear}
          </button>
        </form>
      </div>

      {picking && (
        <AddOnPicker
          item={{
            bppId: cart.cart_metadata.bpp_id,
            providerId: cart.provider_id,
            itemId: picking.sku_id,
            name: picking.item_metadata[0]?.descriptor.name ?? picking.sku_id,
            pricePaise: unitPricePaise({ ...picking, item_metadata: picking.item_metadata.slice(0, 1) }).price,
          }}
          onClose={() => setPicking(null)}
          onAdd={(customisations) => {
            const target = lineTargetOf(cart, picking);
            setPicking(null);
            // SPEC §4: the forced add-new flow: a new customisation, no "repeat last" question.
            addToCart({ ...target.item, providerName: cart.cart_metadata.descriptor.name }, { customisations, context: 'cart' });
          }}
        />
      )}
      {change && <ProviderChangeSheet change={change} />}
    </div>
  );
}
