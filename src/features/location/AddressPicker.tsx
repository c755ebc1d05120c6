import type { Catalogue } from '#/features/i18n/catalogue.ts';
import { specText } from '#/features/i18n/client-text.ts';
import { fill } from '#/features/i18n/text.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Address } from './address.ts';
import { addressFromForm, type AddressForm as Fields } from './address-form.ts';
import AddressForm, { typeLabel } from './AddressForm.tsx';
import { deliveryLocationOf, mapPinOf } from './current-address.ts';
import { deliveryLocationText, type DeliveryLocation } from './delivery-location.ts';
import type { GazetteerCity, Place } from './gazetteer.ts';
import type { LatLng } from '#/lib/geo.ts';
import MapView, { type TileSource } from './MapView.tsx';
import { describePlace } from './reverse-geocode.ts';
import { searchLocalities, type LocalitySearch } from './search.ts';
import {
  $currentAddress,
  $selectedMapPin,
  checkServed,
  chooseAddress,
  chooseMapPin,
  chooseNearby,
  deleteAddress,
  placePin,
  saveAddress,
  syncSavedAddresses,
  type Shopper,
} from './store.ts';
import { $savedAddresses } from './saved-addresses.ts';
import './address-picker.css';

interface Props {
  /** The location the server rendered the page for (the deliveryLocation cookie, or SPEC §9's default). */
  initial: DeliveryLocation;
  /**
   * The shopper asked for their position (the first-visit prompt's button, `?locate=1`): the picker
   * asks the browser on start. Otherwise only its own button asks (issue 29: no permission
   * prompt nobody asked for).
   */
  locate: boolean;
  initialServed: boolean;
  userId: string | null;
  tenant: string;
  tiles: TileSource | null;
  query: string;
  results: LocalitySearch;
  /** The page's strings, in its language. */
  t: Catalogue['location'];
}

/** /address-map: the map, current-location detection, search, the address form and saved addresses. */
export default function AddressPicker({ initial, locate, initialServed, userId, tenant, tiles, query, results: serverResults, t }: Props) {
  const shopper: Shopper = { userId, tenant };
  const current = useStore($currentAddress, { ssr: 'initial' });
  const saved = useStore($savedAddresses, { ssr: 'initial' });
  const mapPin = useStore($selectedMapPin);
  const [hydrated, setHydrated] = useState(false);
  const [pin, setPin] = useState<LatLng>({ lat: initial.lat, lng: initial.lng });
  const [served, setServed] = useState<boolean | null>(initialServed);
  const [locating, setLocating] = useState(false);
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [pinMessage, setPinMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [q, setQ] = useState(query);
  const [results, setResults] = useState<LocalitySearch>(serverResults);
  const [formOpen, setFormOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);

  const delivering: DeliveryLocation = hydrated && current ? deliveryLocationOf(current) : initial;

  // The header chip is server HTML; keep it in step with the choice made here.
  useEffect(() => {
    if (!hydrated || !current) return;
    const value = document.querySelector('[data-address-chip] [data-address-chip-value]');
    if (value) value.textContent = deliveryLocationText(deliveryLocationOf(current));
  }, [hydrated, current]);

  // Serviceability follows the chosen pincode.
  useEffect(() => {
    if (!hydrated || !current?.pin_code) return;
    let stale = false;
    checkServed(current.pin_code).then(
      (answer) => !stale && setServed(answer),
      () => !stale && setServed(null),
    );
    return () => {
      stale = true;
    };
  }, [hydrated, current?.pin_code]);

  // On start: sync a signed-in user's addresses, then detect the position when asked to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: hydration happens once; what the shopper typed, the pin, the user and `locate` are read as they are then, and a later change of them must not sync or ask for the position again.
  useEffect(() => {
    setHydrated(true);
    // What a shopper typed before the page came alive is kept and searched, not wiped.
    const typed = searchInput.current?.value ?? '';
    if (typed !== q) {
      setQ(typed);
      setResults(searchLocalities(typed, pin));
    }
    const stored = $currentAddress.get();
    if (stored) setPin({ lat: stored.latitude, lng: stored.longitude });
    void (async () => {
      if (userId) await syncSavedAddresses(userId).catch((e: unknown) => setNotice(messageOf(e)));
      if (locate) detectLocation();
    })();
  }, []);

  function detectLocation() {
    setGeoMessage(null);
    if (!('geolocation' in navigator)) {
      setGeoMessage(t.geoUnavailable);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        chooseNearby(point, shopper)
          .then((how) => {
            const chosenNow = $currentAddress.get();
            setPin(how === 'saved' && chosenNow ? { lat: chosenNow.latitude, lng: chosenNow.longitude } : point);
            setNotice(how === 'saved' ? t.nearSaved : null);
          })
          .catch((e: unknown) => {
            setPin(point);
            setGeoMessage(messageOf(e));
          })
          .finally(() => setLocating(false));
      },
      (error) => {
        setGeoMessage(error.code === error.PERMISSION_DENIED ? t.geoDenied : t.geoUnavailable);
        setLocating(false);
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }

  function movePin(point: LatLng) {
    setPin(point);
    setPinMessage(null);
    setFormOpen(false);
    placePin(point).catch((e: unknown) => {
      $selectedMapPin.set(null);
      setPinMessage(messageOf(e));
    });
  }

  function showPlace(place: Place) {
    const point = { lat: place.lat, lng: place.lng };
    setPin(point);
    setPinMessage(null);
    setFormOpen(false);
    $selectedMapPin.set(mapPinOf(describePlace(place), point));
  }

  function search(event: SubmitEvent) {
    event.preventDefault();
    const found = searchLocalities(q, pin);
    setResults(found);
    const first = found.kind === 'places' ? found.places[0] : undefined;
    if (first) showPlace(first);
    // A pincode we know only the city of: bring the pin to that city for the shopper to refine.
    if (found.kind === 'city') movePin(cityCentre(found.city));
  }

  function deliverToPin() {
    if (!mapPin) return;
    chooseMapPin(mapPin, shopper, 'map');
    // Chosen: the preview's question is answered; the map keeps the pin.
    $selectedMapPin.set(null);
    setNotice(null);
  }

  async function saveForm(form: Fields) {
    const address = addressFromForm(form, { id: crypto.randomUUID(), latitude: pin.lat, longitude: pin.lng, userId, tenant, source: 'map' });
    setFormOpen(false);
    try {
      await saveAddress(address, shopper);
      setNotice(fill(t.savedAs, { type: typeLabel(address.address_type, t) }));
    } catch (e) {
      setNotice(fill(t.savedOnDevice, { reason: messageOf(e) }));
    }
  }

  function deliverToSaved(address: Address) {
    chooseAddress(address, { fromSaved: true });
    setPin({ lat: address.latitude, lng: address.longitude });
    $selectedMapPin.set(null);
    setNotice(null);
  }

  const formInitial: Fields | null = mapPin
    ? {
        name: '',
        house_number: '',
        building: '',
        street: '',
        landmark: mapPin.place.landmark.name,
        locality: mapPin.place.locality.name,
        city: mapPin.place.city.name,
        state: mapPin.place.state.name,
        pin_code: mapPin.place.pinCode,
        address_type: 'OTHER',
      }
    : null;

  return (
    <div className="picker">
      <MapView pin={pin} tiles={tiles} onPinMove={movePin} text={t} />
      <section className="picker__sheet" aria-labelledby="picker-title">
        <h1 id="picker-title">{t.title}</h1>

        <div className="picker__current" aria-live="polite">
          <p>
            {t.deliveringTo} <strong data-testid="delivering-to">{deliveryLocationText(delivering)}</strong>
          </p>
          {served === false ? (
            <div className="not-served" role="status">
              <h2>{t.notServedTitle}</h2>
              <p>{fill(t.notServed, { pincode: delivering.pincode })}</p>
              {/* A link to the search field: following it moves focus there, with or without JavaScript. */}
              <a className="button" href="#picker-search">
                {t.changeAddress}
              </a>
            </div>
          ) : (
            served && (
              <a href="/" className="picker__continue">
                {t.continueShopping}
              </a>
            )
          )}
          {notice && <p className="picker__notice">{notice}</p>}
        </div>

        {/* What the pin reads comes first: on a phone it shows right under the map. */}
        {mapPin && !formOpen && (
          <div className="picker__pin" aria-live="polite">
            <h2>{t.pinLocation}</h2>
            <p data-testid="pin-address">{mapPin.displayText}</p>
            <p className="picker__landmark">{fill(t.near, { landmark: mapPin.place.landmark.name })}</p>
            <div className="picker__actions">
              <button type="button" className="button" onClick={deliverToPin}>
                {t.deliverHere}
              </button>
              <button type="button" className="button button--quiet" onClick={() => setFormOpen(true)}>
                {t.addDetails}
              </button>
            </div>
          </div>
        )}
        {pinMessage && (
          <p className="picker__alert" role="alert">
            {pinMessage}
          </p>
        )}
        {formOpen && formInitial && <AddressForm initial={formInitial} onSave={saveForm} onCancel={() => setFormOpen(false)} t={t} />}

        {hydrated && (
          <button type="button" className="button picker__locate" onClick={detectLocation} disabled={locating}>
            {locating ? t.finding : t.useCurrent}
          </button>
        )}
        {geoMessage && (
          <p className="picker__alert" role="alert">
            {geoMessage}
          </p>
        )}

        <search>
          <form className="picker__search" method="get" action="/address-map" onSubmit={search}>
            <label htmlFor="picker-search">{t.searchLabel}</label>
            <div className="picker__search-row">
              <input
                id="picker-search"
                ref={searchInput}
                name="q"
                type="search"
                value={q}
                onChange={(e) => {
                  setQ(e.target.value);
                  setResults(searchLocalities(e.target.value, pin));
                }}
                placeholder={t.searchPlaceholder}
                autoComplete="off"
                enterKeyHint="search"
              />
              <button type="submit" className="button">
                {t.search}
              </button>
            </div>
          </form>
        </search>
        <SearchResults results={results} onChoose={showPlace} t={t} />

        {hydrated && saved.length > 0 && (
          <section aria-labelledby="saved-title">
            <h2 id="saved-title">{t.saved}</h2>
            <ul className="saved-list">
              {saved.map((address) => (
                <li key={address.id} className="saved-list__item" data-testid="saved-address">
                  <span className="saved-list__type">{typeLabel(address.address_type, t)}</span>
                  <span className="saved-list__text">{address.address}</span>
                  <span className="picker__actions">
                    <button type="button" className="button button--small" onClick={() => deliverToSaved(address)}>
                      {t.deliverHere}
                    </button>
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      aria-label={fill(t.deleteLabel, { type: typeLabel(address.address_type, t), address: address.address })}
                      onClick={() => void deleteAddress(address.id, shopper).catch((e: unknown) => setNotice(messageOf(e)))}
                    >
                      {t.delete}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </section>
    </div>
  );
}

/**
 * Search results. Each is a real form: without JavaScript it asks the server to deliver there;
 * with it, the pin moves there first so the shopper can check or refine it.
 */
function SearchResults({ results, onChoose, t }: { results: LocalitySearch; onChoose: (place: Place) => void; t: Catalogue['location'] }) {
  if (results.kind === 'none') return null;
  if (results.kind === 'city') {
    return (
      <p className="picker__notice" role="status">
        {fill(t.cityPincode, { pincode: results.pincode, city: results.city.name })}
      </p>
    );
  }
  return (
    <ul className="search-results" aria-label={t.matching}>
      {results.places.map((place) => (
        <li key={`${place.cityId}-${place.pincode}-${place.name}`}>
          <form
            method="post"
            action="/address-map"
            onSubmit={(e) => {
              e.preventDefault();
              onChoose(place);
            }}
          >
            <input type="hidden" name="pincode" value={place.pincode} />
            <input type="hidden" name="locality" value={place.name} />
            <button type="submit" className="search-results__choice">
              <span className="search-results__name">{place.name}</span>
              <span className="search-results__where">
                {place.city}, {place.state} {place.pincode}
              </span>
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}

function cityCentre(city: GazetteerCity): LatLng {
  const n = city.localities.length;
  return { lat: city.localities.reduce((s, l) => s + l.lat, 0) / n, lng: city.localities.reduce((s, l) => s + l.lng, 0) / n };
}

function messageOf(error: unknown) {
  return specText(error instanceof Error ? error.message : 'Something went wrong');
}
