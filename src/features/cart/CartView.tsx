import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatRupees } from '../../lib/money.ts';
import AddOnPicker from './AddOnPicker.tsx';
import { cartTotals, lineKeyOf, minCartShortfallRupees, providerWord, unitPricePaise } from './cart.ts';
import { mountCartChrome } from './chrome.ts';
import type { Cart, CartEntry } from './payload.ts';
import ProviderChangeSheet from './ProviderChangeSheet.tsx';
import { $online } from '../pwa/connection.ts';
import { OFFLINE_MESSAGES } from '../pwa/messages.ts';
import {
  $cart,
  $cartLoad,
  $isCutlerySelect,
  $isVegOnly,
  $lineQuantities,
  $providerChange,
  $willSync,
  addToCart,
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
}

/** A form that works without JS (POST /cart/update) and, hydrated, calls `onSubmit` instead. */
function LineForm(props: { city: string; lineId: string; quantity: number; label: string; text: string; disabled?: boolean; onSubmit: () => void; className?: string }) {
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

function VegMark({ veg }: { veg: string | null }) {
  if (!veg) return null;
  const label = veg === 'veg' ? 'Veg' : veg === 'egg' ? 'Egg' : 'Non-veg';
  return <span className={`veg-mark veg-mark--${veg}`} role="img" aria-label={label} title={label} />;
}

/** The /cart page (SPEC §2.3 cart page): lines, order summary, minimum cart value and checkout. */
export default function CartView({ initialCart, city, warehouseWhitelisted }: Props) {
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
  const online = useStore($online);
  const [picking, setPicking] = useState<CartEntry | null>(null);

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
        <h2>{load.message}</h2>
        <button type="button" className="button" onClick={() => location.reload()}>
          Try again
        </button>
      </section>
    );
  }

  if (!cart || entries.length === 0) {
    return (
      <section className="empty-state">
        <h2>Your cart is empty</h2>
        <p>Add items from a store or restaurant near you to start an order.</p>
        <a className="button" href="/stores">
          Browse stores
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
  const word = providerWord(cart.cart_metadata.categoryDomain);

  return (
    <div className="cart">
      <section className="cart-provider" aria-label={`Your ${word}`}>
        {cart.cart_metadata.descriptor.images[0] && <img src={cart.cart_metadata.descriptor.images[0]} alt="" width="48" height="48" />}
        <div>
          <h2>{cart.cart_metadata.descriptor.name}</h2>
          <p>via {cart.cart_metadata.seller_name}</p>
        </div>
      </section>
      {cart.offer_strip && <p className="offer-strip">{cart.offer_strip.text}</p>}

      <ul className="cart-lines" aria-label="Items in your cart">
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
              {item?.descriptor.images[0] ? <img className="cart-line__image" src={item.descriptor.images[0]} alt="" width="56" height="56" /> : <span className="cart-line__image" />}
              <div className="cart-line__about">
                <p className="cart-line__name">
                  <VegMark veg={item?.veg ?? null} /> {name}
                </p>
                {pack && !name.includes(pack) && <p className="cart-line__detail">{pack}</p>}
                {customisations.length > 0 && <p className="cart-line__detail">{customisations.map((c) => c.descriptor.name).join(', ')}</p>}
                <p className="cart-line__price">
                  {formatRupees(unit.price)}
                  {unit.mrp > unit.price && <s aria-label={`MRP ${formatRupees(unit.mrp)}`}>{formatRupees(unit.mrp)}</s>}
                </p>
                {!inStock && <p className="cart-line__problem">Out of stock: remove it to order</p>}
                {customisations.length > 0 && (
                  <button type="button" className="link-button" onClick={() => setPicking(entry)}>
                    Customise another
                  </button>
                )}
              </div>
              <div className="cart-line__controls">
                <div className="stepper" role="group" aria-label={`${name} quantity`}>
                  <LineForm city={city} lineId={target.lineKey} quantity={entry.quantity - 1} label={`Remove one ${name}`} text="−" onSubmit={() => changeQuantity(target, -1, 'cart')} />
                  <span className="stepper__count" aria-live="polite">
                    {entry.quantity}
                  </span>
                  <LineForm
                    city={city}
                    lineId={target.lineKey}
                    quantity={entry.quantity + 1}
                    label={`Add one more ${name}`}
                    text="+"
                    disabled={!inStock || entry.quantity >= max}
                    onSubmit={() => changeQuantity(target, 1, 'cart')}
                  />
                </div>
                <p className="cart-line__total">{formatRupees(unit.price * entry.quantity)}</p>
                {willSync.has(target.lineKey) && <p className="cart-line__sync">{OFFLINE_MESSAGES.willSync}</p>}
                <LineForm city={city} lineId={target.lineKey} quantity={0} label={`Remove ${name} from cart`} text="Remove" className="link-button" onSubmit={() => setQuantity(target, 0, 'cart')} />
              </div>
            </li>
          );
        })}
      </ul>

      {isFood && (
        <fieldset className="cart-preferences">
          <legend>Preferences</legend>
          <label>
            <input type="checkbox" checked={vegOnly} onChange={(event) => $isVegOnly.set(event.target.checked)} /> Veg only
          </label>
          <label>
            <input type="checkbox" checked={cutlery} onChange={(event) => $isCutlerySelect.set(event.target.checked)} /> Send cutlery
          </label>
        </fieldset>
      )}

      <section className="bill" aria-labelledby="bill-heading">
        <h2 id="bill-heading">Order summary</h2>
        <dl>
          <div>
            <dt>Item total</dt>
            <dd>
              {totals.mrpTotalPaise > totals.itemTotalPaise && <s>{formatRupees(totals.mrpTotalPaise)}</s>} {formatRupees(totals.itemTotalPaise)}
            </dd>
          </div>
          {totals.savingsPaise > 0 && (
            <div className="bill__savings">
              <dt>Your savings</dt>
              <dd>{formatRupees(totals.savingsPaise)}</dd>
            </div>
          )}
        </dl>
        <p className="bill__note">Delivery, taxes and offers are added at checkout.</p>
      </section>

      {shortfall !== null && (
        <p className="min-cart" role="status">
          Add ₹{shortfall} more to order from this {word} (minimum order {formatRupees(Math.round((cart.minCartValueRequired ?? 0) * 100))})
        </p>
      )}
      <div className="cart-actions">
        {shortfall === null && online ? (
          <a className="button cart-actions__checkout" href="/payment">
            Proceed to checkout
          </a>
        ) : (
          <button type="button" className="button cart-actions__checkout" disabled>
            Proceed to checkout
          </button>
        )}
        {!online && <p className="cart-actions__offline" role="status">{OFFLINE_MESSAGES.checkoutNeedsConnection}</p>}
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
            Clear cart
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
