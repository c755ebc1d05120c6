import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import type { Cart } from '#/features/cart/payload.ts';
import type { DeliveryLocation } from '#/features/location/delivery-location.ts';
import { replacedBySaving, type Address } from '#/features/location/address.ts';
import { $savedAddresses } from '#/features/location/saved-addresses.ts';
import type { CheckoutContact } from './contact.server.ts';
import { addressesAtPlace, addressToKeep, missingDetails, startingDetails, type DetailField } from './delivery-details.ts';
import { mountToastHost } from '#/features/platform/toast-host.ts';
import { $isCoinBurnEnabled } from '#/features/cart/store.ts';
import { coinsEnabled, type CoinConfig } from '#/features/coins/coins.ts';
import {
  $checkout,
  applyCoupon,
  chooseDelivery,
  keepAddress,
  leaveUpiApp,
  payAndConfirm,
  payWithUpiApp,
  placeOrder,
  proceedToPay,
  removeOffer,
  setCoinBurn,
  startCheckout,
  type CustomerForm,
} from './store.ts';
import { UpiAppWait } from './UpiAppWait.tsx';
import { billRow, type SummaryLine } from './summary.ts';
import { INSTRUCTIONS_MAX_CHARS } from './instructions.ts';
import { TIP_CHOICES_RUPEES } from './tip.ts';
import type { Catalogue } from '#/features/i18n/catalogue.ts';
import { specText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';

/** The /payment page (issue 7): quote, coupon, address and customer, then UPI payment (a UPI id, or the shopper's UPI app: issue 29). */
export default function CheckoutView({
  cart,
  place,
  coinProgramme,
  saved,
  contact,
  signedIn,
  promise = null,
  t,
}: {
  cart: Cart;
  place: DeliveryLocation;
  coinProgramme: { name: string; config: CoinConfig };
  /** The signed-in shopper's address book (a guest's is on this device). */
  saved: Address[];
  /** The name and mobile number this shopper ordered with last (issue 28). */
  contact: CheckoutContact | null;
  /** Whether the address book is also the account's (SPEC §6: a signed-in app user's). */
  signedIn: boolean;
  /** Issue 29: what the store promises this address ("Delivery in 30 minutes"), worded by the server. */
  promise?: string | null;
  t: Catalogue['checkout'];
}) {
  const state = useStore($checkout);
  const burnCoins = useStore($isCoinBurnEnabled);
  const [coins, setCoins] = useState<{ programme: string; config: CoinConfig; balance: number } | null>(null);
  const [coupon, setCoupon] = useState('');
  const [vpa, setVpa] = useState('');
  // Issue 29: a phone opens the UPI app from the link; elsewhere the link is a QR code for the phone.
  // A coarse pointer is what a phone has (a touch laptop's mouse is fine), and what the apps' webviews report.
  const [isPhone, setIsPhone] = useState(false);

  useEffect(() => {
    mountToastHost();
    // SPEC §5: coins only with the uiConfig flag and the isCoinEnabled cookie 'true'.
    const cookie = /(?:^|;\s*)isCoinEnabled=([^;]*)/.exec(document.cookie)?.[1];
    const offer =
      coinsEnabled(coinProgramme.config, cookie) && cart.available_coins_balance > 0
        ? { programme: coinProgramme.name, config: coinProgramme.config, balance: cart.available_coins_balance }
        : null;
    setCoins(offer);
    void startCheckout(cart, place);
  }, [cart, place, coinProgramme]);

  useEffect(() => setIsPhone(window.matchMedia('(pointer: coarse)').matches), []);

  // The UPI id paid with before fills the field, until the shopper types another.
  useEffect(() => {
    if (state.savedVpa) setVpa((current) => current || (state.savedVpa ?? ''));
  }, [state.savedVpa]);

  // Issue 28: the address book (the account's, and this device's for a guest) at the quoted place, and the kept contact.
  const deviceBook = useStore($savedAddresses);
  // The account's book as the server last answered it: the page's, then a save's (issue 28).
  const [account, setAccount] = useState(saved);
  const book = useMemo(() => {
    const ids = new Set(account.map((a) => a.id));
    return addressesAtPlace([...account, ...deviceBook.filter((a) => !ids.has(a.id))], place);
  }, [account, deviceBook, place]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const chosen = chosenId === NEW_ADDRESS ? null : (book.find((a) => a.id === chosenId) ?? book[0] ?? null);
  const details = startingDetails(chosen, contact, place);
  const missing = missingDetails(details);
  // No saved address to start from (or a new one): every field is asked, as before.
  const showAll = editing || chosen === null;
  // Issue 28: the details are offered to the book only where saving them replaces nothing else:
  // a new address at the pin of a saved one would take its place (SPEC §5 replace rules).
  const newAtPlace = chosen === null ? addressToKeep(null, details, place, NEW_ADDRESS) : null;
  const keepOffered = showAll && (chosen !== null || (newAtPlace !== null && replacedBySaving(book, newAtPlace).length === 0));
  const hide = (field: DetailField) => !showAll && !missing.includes(field);
  const pick = (id: string) => {
    setChosenId(id);
    setEditing(false);
  };

  const problemOf = (itemId: string) => state.problems.find((p) => p.itemId === itemId);
  // Issue 29: a delivery time just picked shows as picked while the store quotes for it.
  const pickedDelivery =
    state.phase === 'requoting' ? (state.chosenDelivery ?? state.delivery?.options.find((o) => o.start === null)?.id) : state.delivery?.chosen;
  const total = state.lines.find((l) => l.kind === 'total');

  // The checkout's place is kept while it is quoted (checkout.css), so the page below does not move.
  if (state.phase === 'quoting')
    return (
      <p role="status" className="checkout checkout--quoting">
        {t.quoting}
      </p>
    );
  if (state.phase === 'failed') {
    return (
      <section className="notice notice--error" role="alert">
        <p data-checkout-error>{state.message && specText(state.message)}</p>
        {state.refunding && (
          <p data-refunding>
            {fill(t.refundingWhole, { amount: total?.amount ?? '' })} <a href="/order-history">{t.seeOrders}</a>
          </p>
        )}
        {state.isServiceable && (
          <button type="button" className="button" onClick={() => void startCheckout(cart, place)}>
            {t.retry}
          </button>
        )}
        <a href="/cart">{t.backToCart}</a>
      </section>
    );
  }

  function submitCoupon(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (coupon.trim()) void applyCoupon(coupon, place.city);
  }

  async function submitOrder(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: keyof CustomerForm) => String(data.get(name) ?? '').trim();
    const paymentType = data.get('paymentType') === 'ON-FULFILLMENT' ? 'ON-FULFILLMENT' : 'ON-ORDER';
    const form: CustomerForm = {
      paymentType,
      name: field('name'),
      phone: field('phone'),
      email: field('email'),
      door: field('door'),
      building: field('building'),
      locality: field('locality'),
      state: field('state'),
      instructions: field('instructions'),
      tip: Number(data.get('tip')) || 0,
      ifShort: data.get('ifShort') === 'cancel_order' ? 'cancel_order' : 'leave_out',
    };
    // Issue 28: the edits go to the address book first when the shopper asked; the order does not wait on a refusal.
    if (data.get('keepAddress') === 'on') {
      const kept = addressToKeep(chosen, form, place, crypto.randomUUID());
      const answered = kept && (await keepAddress(kept, signedIn));
      if (answered) setAccount(answered);
      // The choice stays as it was: the fields keep what was typed (a new address joins the book beside it).
      setChosenId(chosen?.id ?? NEW_ADDRESS);
    }
    await placeOrder(cart, place, form);
  }

  return (
    <div className="checkout">
      {state.message && <p className="notice">{specText(state.message)}</p>}
      {state.problems.length > 0 && (
        <ul className="checkout-problems" aria-label={t.problems}>
          {cart.items.map((entry) => {
            const problem = problemOf(entry.sku_id);
            return problem ? (
              <li key={entry.sku_id}>
                {entry.item_metadata[0]?.descriptor.name}: <strong>{specText(problem.message)}</strong>
              </li>
            ) : null;
          })}
        </ul>
      )}

      <section className="bill" aria-labelledby="summary-heading" aria-busy={state.phase === 'requoting'}>
        <h2 id="summary-heading">{t.summary}</h2>
        {/* Where the shopper picks a time the choice is the promise: one line above it would contradict a window. */}
        {promise && !state.delivery && <p data-delivery-promise>{promise}</p>}
        {state.delivery && (
          // Issue 29: a store that delivers in windows; picking one asks the store to quote for it.
          <fieldset className="checkout-delivery-time">
            <legend>{t.deliveryTime}</legend>
            {state.delivery.options.map((option) => (
              <label key={option.id}>
                <input
                  type="radio"
                  name="delivery-time"
                  value={option.id}
                  checked={option.id === pickedDelivery}
                  disabled={state.phase === 'requoting'}
                  onChange={() => void chooseDelivery(option.id)}
                />{' '}
                {option.label}
              </label>
            ))}
          </fieldset>
        )}
        <dl>
          {state.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows keep no state and the summary is rebuilt whole from each quote; a label is not unique (two customisations of one dish share a title).
            <SummaryRow key={index} line={line} t={t} />
          ))}
        </dl>
      </section>

      {coins && state.burnableCoins > 0 && (
        <label className="checkout-coins">
          <input type="checkbox" checked={burnCoins} onChange={(event) => void setCoinBurn(event.target.checked)} />{' '}
          {fill(t.useCoins, { coins: state.burnableCoins, programme: coins.programme, balance: coins.balance })}
        </label>
      )}

      <form className="checkout-coupon" onSubmit={submitCoupon}>
        <label>
          {t.coupon} <input name="coupon" value={coupon} onChange={(e) => setCoupon(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" className="button button--quiet">
          {t.apply}
        </button>
        {state.offers.length > 0 && (
          <ul className="checkout-offers" aria-label={t.offers}>
            {state.offers.map((offer) => (
              <li key={offer.code}>
                <button type="button" className="link-button" onClick={() => void applyCoupon(offer.code, place.city)}>
                  {offer.code}
                </button>{' '}
                {offer.description}
                {offer.reason && <small className="checkout-offers__reason"> {specText(offer.reason)}</small>}
              </li>
            ))}
          </ul>
        )}
        {[state.storeOffer, state.coupon].map(
          (applied) =>
            applied && (
              <p key={applied.code} className="checkout-applied">
                <span role="status">{fill(t.couponApplied, { code: applied.code })}</span>{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={fill(t.removeCoupon, { code: applied.code })}
                  onClick={() => void removeOffer(applied.code)}
                >
                  {t.remove}
                </button>
              </p>
            ),
        )}
        {state.couponError && <p className="sheet__problem">{specText(state.couponError)}</p>}
      </form>

      {(state.phase === 'quoted' || state.phase === 'requoting' || state.phase === 'placing') && (
        <form className="checkout-address" onSubmit={(event) => void submitOrder(event)}>
          <h2>{fill(t.deliverTo, { place: place.label, pincode: place.pincode })}</h2>
          {book.length > 0 && (
            <fieldset className="checkout-saved">
              <legend>{t.savedAddresses}</legend>
              {book.map((address) => (
                <label key={address.id}>
                  <input type="radio" name="savedAddress" value={address.id} checked={chosen?.id === address.id} onChange={() => pick(address.id)} />{' '}
                  {addressLine(address)}
                </label>
              ))}
              <label>
                <input type="radio" name="savedAddress" value="" checked={chosen === null} onChange={() => pick(NEW_ADDRESS)} /> {t.newAddress}
              </label>
            </fieldset>
          )}
          {!showAll && (
            <p className="checkout-details" data-delivery-details>
              {[details.name, details.phone].filter(Boolean).join(' · ')}
              <br />
              {[details.door, details.building, details.locality, details.state].filter(Boolean).join(', ')}{' '}
              <button type="button" className="link-button" onClick={() => setEditing(true)}>
                {t.editDetails}
              </button>
            </p>
          )}
          {/* Keyed by the address: picking another starts its fields afresh. Filled fields stay in the form, out of sight. */}
          <div key={chosen?.id ?? NEW_ADDRESS}>
            <label hidden={hide('name')}>
              {t.name} <input name="name" required autoComplete="name" defaultValue={details.name} />
            </label>
            <label hidden={hide('phone')}>
              {t.phone} <input name="phone" required inputMode="numeric" pattern="[6-9][0-9]{9}" autoComplete="tel-national" defaultValue={details.phone} />
            </label>
            <label hidden={hide('email')}>
              {t.email} <input name="email" type="email" maxLength={200} autoComplete="email" defaultValue={details.email} />
            </label>
            <label hidden={hide('door')}>
              {t.door} <input name="door" autoComplete="address-line1" defaultValue={details.door} />
            </label>
            <label hidden={hide('building')}>
              {t.building} <input name="building" defaultValue={details.building} />
            </label>
            <label hidden={hide('locality')}>
              {t.locality} <input name="locality" required defaultValue={details.locality} />
            </label>
            <label hidden={hide('state')}>
              {t.state} <input name="state" required defaultValue={details.state} />
            </label>
          </div>
          {keepOffered && (
            <label className="checkout-keep">
              <input type="checkbox" name="keepAddress" /> {chosen ? fill(t.updateAddress, { type: chosen.address_type }) : t.saveAddress}
            </label>
          )}
          <label>
            {t.instructions}
            <textarea name="instructions" rows={2} maxLength={INSTRUCTIONS_MAX_CHARS} aria-describedby="instructions-hint" />
          </label>
          <small id="instructions-hint" className="checkout-instructions-hint">
            {t.instructionsHint}
          </small>
          <fieldset className="checkout-tip" aria-describedby="tip-hint">
            <legend>{t.tip}</legend>
            {TIP_CHOICES_RUPEES.map((rupees) => (
              <label key={rupees}>
                <input type="radio" name="tip" value={rupees} defaultChecked={rupees === 0} /> {rupees === 0 ? t.noTip : `₹${rupees}`}
              </label>
            ))}
            <small id="tip-hint">{t.tipHint}</small>
          </fieldset>
          {state.cancelIfShortOffered && (
            <fieldset className="checkout-tip" aria-describedby="if-short-hint" data-if-short>
              <legend>{t.ifShort}</legend>
              <label>
                <input type="radio" name="ifShort" value="leave_out" defaultChecked /> {t.ifShortLeaveOut}
              </label>
              <label>
                <input type="radio" name="ifShort" value="cancel_order" /> {t.ifShortCancel}
              </label>
              <small id="if-short-hint">{t.ifShortHint}</small>
            </fieldset>
          )}
          <fieldset className="checkout-payment-type">
            <legend>{t.payment}</legend>
            <label>
              <input type="radio" name="paymentType" value="ON-ORDER" defaultChecked /> {t.upi}
            </label>
            <label>
              <input type="radio" name="paymentType" value="ON-FULFILLMENT" /> {t.cod}
            </label>
          </fieldset>
          <button type="submit" className="button" disabled={state.phase !== 'quoted' || state.problems.length > 0}>
            {state.phase === 'placing' ? t.placing : t.place}
          </button>
        </form>
      )}

      {state.phase === 'repriced' && (
        <button type="button" className="button" onClick={() => void proceedToPay()}>
          {fill(t.acceptPrice, { amount: total?.amount ?? '' })}
        </button>
      )}

      {(state.phase === 'payable' || state.phase === 'paying') && (
        <section className="checkout-pay" aria-labelledby="pay-heading">
          <h2 id="pay-heading">{t.payByUpi}</h2>
          <button type="button" className="button" disabled={state.phase === 'paying'} onClick={() => void payWithUpiApp({ openApp: isPhone })}>
            {t.payWithUpiApp}
          </button>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void payAndConfirm(vpa);
            }}
          >
            <p className="checkout-pay__or">{t.orUpiId}</p>
            <label>
              {t.upiId}{' '}
              <input
                name="vpa"
                required
                value={vpa}
                onChange={(e) => setVpa(e.target.value)}
                placeholder="name@bank"
                autoComplete="off"
                // biome-ignore lint/a11y/noAutofocus: never on load; only when the shopper has just asked to pay by UPI ID instead of the app, focus goes to the field they asked for.
                autoFocus={state.upiIdAsked}
              />
            </label>
            <button type="submit" className="button button--quiet" disabled={state.phase === 'paying'}>
              {state.phase === 'paying' ? t.paying : fill(t.pay, { amount: total?.amount ?? '' })}
            </button>
          </form>
        </section>
      )}

      {state.phase === 'approving' && state.intent && (
        <UpiAppWait
          intent={state.intent}
          problem={state.intentProblem}
          isPhone={isPhone}
          amount={total?.amount ?? ''}
          onRetry={() => void payWithUpiApp({ openApp: isPhone, renew: true })}
          onUpiId={() => leaveUpiApp({ toUpiId: true })}
          onCancel={() => leaveUpiApp({ toUpiId: false })}
          t={t}
        />
      )}
    </div>
  );
}

/** A value of the picker that is no saved address: the shopper types a new one. */
const NEW_ADDRESS = 'new';

/** A saved address on one line, as the picker lists it. */
function addressLine(address: Address): string {
  const parts = [address.house_number || address.address_line1, address.building, address.locality || address.street].filter(Boolean);
  return `${address.address_type} · ${parts.join(', ') || address.address}`;
}

function SummaryRow({ line, t }: { line: SummaryLine; t: Catalogue['checkout'] }) {
  const row = billRow(line, specText, (tax) => fill(t.tax, { tax }));
  const className = line.kind === 'total' ? 'bill__total' : line.kind === 'discount' ? 'bill__savings' : row.part ? 'bill__part' : undefined;
  return (
    <div className={className}>
      <dt>{row.label}</dt>
      <dd>
        {row.struck && <s>{row.struck}</s>} {row.amount}
        {row.note && <small> {row.note}</small>}
      </dd>
    </div>
  );
}
