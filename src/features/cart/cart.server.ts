// The server cart (SPEC §3 cart response, §5 cart rules, §7.3 cart calls): one active cart per
// shopper and city, from one provider at a time, priced and checked against the catalogue
// (never the client), changed in one transaction at a time with a version that grows with
// every change.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '#/db/client.ts';
import { findTransaction, sentMessage } from '#/ondc/stored-messages.server.ts';
import { formatRupees, paiseToRupees } from '#/lib/money.ts';
import { tagValues, type CatalogTag } from '#/ondc/catalog.ts';
import { coinBalance } from '#/features/coins/coins.server.ts';
import { addOnsOf, cartItems, sellerUris, storeListing, type CartItemRecord } from '#/features/catalogue/catalogue.server.ts';
import { requestedCart } from '#/features/checkout/checkout.server.ts';
import { paymentCheckout } from '#/features/payment/payment.server.ts';
import { storeOfferBenefit, storeOfferOpen, storeOffersOf } from '#/features/checkout/store-offers.ts';
import { packSize } from '#/features/catalogue/format.ts';
import { servedCityCode } from '#/ondc/cities.ts';
import { storeClosedMessage, storeOpenNow } from '#/features/catalogue/store-hours.ts';
import { storeHoursNow } from '#/features/catalogue/store-clock.ts';
import { defaultSelection, describeProblem, orderedSelection, selectionProblems, type AddOnGroup, type AddOnTree } from './addons.ts';
import { cartTotals, lineIdOf, lineKeyOf, providerWord } from './cart.ts';
import type { Cart, CartEntry, CartErrorCode, CartLine, CartUpdate } from './payload.ts';

export type CartResult = { ok: true; cart: Cart | null } | { ok: false; status: 400 | 404 | 409; code: CartErrorCode; message: string; cart: Cart | null };

/** A refusal raised inside a transaction: it rolls the transaction back, then becomes a CartResult. */
class CartRefusal extends Error {
  readonly status: 400 | 404 | 409;
  readonly code: CartErrorCode;
  constructor(status: 400 | 404 | 409, code: CartErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

interface CartRow {
  shopper_key: string;
  city_code: string;
  cart_reference_id: string;
  bpp_id: string | null;
  provider_id: string | null;
  version: number;
}

async function findItem(q: Queryable, bppId: string, providerId: string, itemId: string): Promise<CartItemRecord | undefined> {
  const [row] = await cartItems(q, { bppId, providerId }, [itemId]);
  return row;
}

// ---- Customisation groups (ondc-notes §4 RET11) ----

function configValue(tags: readonly CatalogTag[], entry: string): number | null {
  const value = tagValues(tags, 'config', entry)[0];
  return value === undefined || !/^\d+$/.test(value) ? null : Number(value);
}

/** The dish's customisation groups from the provider's custom_group categories and its customization items. */
async function loadAddOnTree(q: Queryable, dish: CartItemRecord): Promise<AddOnTree> {
  if (dish.custom_group_ids.length === 0) return { rootGroupIds: [], groups: {} };
  const addOns = await addOnsOf(q, { bppId: dish.bpp_id, providerId: dish.provider_id });
  const options = addOns.options;
  const categories = new Map(addOns.categories.map((c) => [c.id, c]));
  const groups: Record<string, AddOnGroup> = {};
  const queue = [...dish.custom_group_ids];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    const category = categories.get(id);
    if (groups[id] || !category || !tagValues(category.tags, 'type', 'type').includes('custom_group')) continue;
    const groupOptions = options
      .filter((o) => o.parent_group_id === id)
      .map((o) => ({
        id: o.item_id,
        name: o.name,
        pricePaise: o.price_paise,
        isDefault: o.is_default === true,
        childGroupIds: o.child_group_ids,
        inStock: o.in_stock,
        veg: o.veg_nonveg,
      }));
    groups[id] = {
      id,
      name: category.descriptor.name,
      min: configValue(category.tags, 'min') ?? 0,
      max: configValue(category.tags, 'max') ?? groupOptions.length,
      seq: configValue(category.tags, 'seq') ?? 0,
      options: groupOptions,
    };
    queue.push(...groupOptions.flatMap((o) => o.childGroupIds));
  }
  return { rootGroupIds: dish.custom_group_ids.filter((id) => groups[id]), groups };
}

/**
 * Where the sellers' images live (each seller app serves its own): the cart page allows them in
 * its Content-Security-Policy img-src.
 */
export async function sellerImageOrigins(database: Database): Promise<string[]> {
  const uris = await sellerUris(database);
  return [...new Set(uris.flatMap((uri) => (URL.canParse(uri) ? [new URL(uri).origin] : [])))].sort();
}

/** What the add-on picker shows for a dish; null when the dish is not in the catalogue. */
export async function findCustomisations(database: Database, ref: { bppId: string; providerId: string; itemId: string }) {
  const dish = await findItem(database, ref.bppId, ref.providerId, ref.itemId);
  if (dish?.kind !== 'item') return null;
  return {
    item: { id: dish.item_id, name: dish.name, pricePaise: dish.price_paise, inStock: dish.in_stock, maxQuantity: dish.max_quantity },
    tree: await loadAddOnTree(database, dish),
  };
}

// ---- Reading the cart (SPEC §3 cart response) ----

/** A grocery item's pack size as its card says it; a dish has none to tell, as on its card. */
function packOf(row: CartItemRecord): Record<string, string> | null {
  const size = row.domain === 'ONDC:RET11' ? null : packSize(row.pack_value, row.pack_unit);
  return size === null ? null : { pack_size: size };
}

const typeTag = (type: 'item' | 'customization'): CatalogTag => ({ code: 'type', list: [{ code: 'type', value: type }] });

function cartLine(row: CartItemRecord, parentItemId: string | null): CartLine {
  const isCustomisation = row.kind === 'customization';
  return {
    id: row.item_id,
    location_id: row.location_id,
    price: { value: paiseToRupees(row.price_paise), maximum_value: paiseToRupees(Math.max(row.mrp_paise, row.price_paise)) },
    tags: isCustomisation ? [typeTag('customization'), { code: 'parent', list: [{ code: 'id', value: row.parent_group_id ?? '' }] }] : [typeTag('item')],
    variantAttr: isCustomisation ? null : packOf(row),
    parentItemId,
    descriptor: { name: row.name, images: row.image ? [row.image] : [] },
    veg: row.veg_nonveg,
    quantity: { available: { count: row.in_stock ? '99' : '0' }, maximum: { count: String(row.max_quantity) } },
  };
}

/**
 * The strip above the cart: the best offer the cart qualifies for, else the nearest one to
 * unlock. The seller applies it in the checkout's quote (issue 28); this only tells the shopper.
 * An offer with hours is advertised here only inside them (the checkout accepts it only then).
 */
function offerStrip(offers: unknown, itemTotalPaise: number): Cart['offer_strip'] {
  const now = storeHoursNow();
  const described = storeOffersOf(offers)
    .filter((offer) => storeOfferOpen(offer, now))
    .map((offer) => ({ code: offer.code, minPaise: offer.minPaise, benefit: storeOfferBenefit(offer) }));
  const qualifying = described.filter((o) => o.minPaise <= itemTotalPaise).sort((a, b) => b.minPaise - a.minPaise)[0];
  if (qualifying) return { code: qualifying.code, text: `${qualifying.benefit} with ${qualifying.code}` };
  const next = described.sort((a, b) => a.minPaise - b.minPaise)[0];
  if (!next) return null;
  return { code: next.code, text: `Add ${formatRupees(next.minPaise - itemTotalPaise)} more for ${next.benefit} with ${next.code}` };
}

async function findCartRow(q: Queryable, shopper: string, cityCode: string, lock: boolean): Promise<CartRow | undefined> {
  const [row] = await q.query<CartRow>(
    `SELECT shopper_key, city_code, cart_reference_id, bpp_id, provider_id, version FROM carts
     WHERE shopper_key = $1 AND city_code = $2${lock ? ' FOR UPDATE' : ''}`,
    [shopper, cityCode],
  );
  return row;
}

/** The cart as SPEC §3 answers it; null when the shopper has no items in this city. */
async function snapshot(q: Queryable, shopper: string, cityCode: string, options: { offer: boolean }): Promise<Cart | null> {
  const row = await findCartRow(q, shopper, cityCode, false);
  if (!row?.bpp_id || !row.provider_id) return null;
  const store = { bppId: row.bpp_id, providerId: row.provider_id };
  const listing = await storeListing(q, store);
  if (!listing) return null;
  const cart = { ...row, ...listing };
  const stored = await q.query<{ line_id: string; item_id: string; customisation_ids: string[]; quantity: number }>(
    'SELECT line_id, item_id, customisation_ids, quantity FROM cart_lines WHERE shopper_key = $1 AND city_code = $2 ORDER BY added_at, line_id',
    [shopper, cityCode],
  );
  const ids = [...new Set(stored.flatMap((l) => [l.item_id, ...l.customisation_ids]))];
  const listed = new Map((ids.length === 0 ? [] : await cartItems(q, store, ids)).map((item) => [item.item_id, item]));
  // A line whose item the store no longer lists is no line of the cart.
  const lines = stored.flatMap((line) => {
    const item = listed.get(line.item_id);
    return item ? [{ ...item, line_id: line.line_id, customisation_ids: line.customisation_ids, quantity: line.quantity }] : [];
  });
  if (lines.length === 0) return null;
  const items: CartEntry[] = lines.map((line) => {
    const parentItemId = line.customisation_ids.length > 0 ? line.line_id : null;
    const chosen = line.customisation_ids.flatMap((id) => {
      const row = listed.get(id);
      return row ? [cartLine(row, parentItemId)] : [];
    });
    return { sku_id: line.item_id, quantity: line.quantity, item_metadata: [cartLine(line, parentItemId), ...chosen] };
  });
  const totals = cartTotals({ items });
  return {
    cart_reference_id: cart.cart_reference_id,
    provider_id: cart.provider_id,
    cart_version: cart.version,
    cart_metadata: {
      provider_id: cart.provider_id,
      provider_locations: [{ id: cart.location_id }],
      bpp_id: cart.bpp_id,
      bpp_uri: cart.bpp_uri,
      categoryDomain: cart.domain,
      ondcCity: cityCode,
      seller_name: cart.seller_name,
      seller_id: cart.bpp_id,
      descriptor: { name: cart.name, images: cart.image ? [cart.image] : [] },
    },
    items,
    offer_strip: options.offer ? offerStrip(cart.offers, totals.itemTotalPaise) : null,
    available_coins_balance: await coinBalance(q, shopper),
    totalCartValueWithItemDiscount: totals.itemTotalPaise / 100,
    providerBlacklistedForOffer: 'false',
    offerFlag: 'manual',
    minCartValueRequired: cart.min_order_paise === null ? null : cart.min_order_paise / 100,
  };
}

/** SPEC §7.3 GET /ondc/cart: the shopper's cart in a city (ONDC city code), or null. */
export async function readCart(database: Database, shopper: string | null, cityCode: string, options: { offer: boolean }): Promise<Cart | null> {
  if (!shopper) return null;
  return snapshot(database, shopper, cityCode, options);
}

// ---- Changing the cart (SPEC §3 cart update payload) ----

type ItemUpdate = Exclude<CartUpdate, { action: 'CLEAR_CART' }>;

/** The line an update names, with its customisations, checked against the catalogue. */
async function resolveLine(q: Queryable, update: ItemUpdate, item: CartItemRecord, row: CartRow | undefined) {
  const { parentItemId, customisations } = update.item_metadata;
  if (parentItemId !== undefined && customisations === undefined) {
    const [line] = row
      ? await q.query<{ customisation_ids: string[] }>(
          'SELECT customisation_ids FROM cart_lines WHERE shopper_key = $1 AND city_code = $2 AND line_id = $3 AND item_id = $4',
          [row.shopper_key, row.city_code, parentItemId, item.item_id],
        )
      : [];
    if (!line) throw new CartRefusal(404, 'ITEM_NOT_IN_CART', `${item.name} with these choices is not in your cart`);
    return { lineId: parentItemId, customisationIds: line.customisation_ids };
  }
  const customisationIds = [...new Set(customisations ?? [])].sort();
  const lineId = lineIdOf(item.item_id, customisationIds);
  if (parentItemId !== undefined && parentItemId !== lineId) {
    throw new CartRefusal(400, 'BAD_REQUEST', 'item_metadata.parentItemId does not match these customisations');
  }
  return { lineId, customisationIds };
}

/** Checks stock, the seller's maximum and the customisation; answers the choices in page order. */
async function checkOrderable(q: Queryable, item: CartItemRecord, quantity: number, customisationIds: readonly string[]): Promise<string[]> {
  // SPEC §8 order-level errors: a store that is not open takes nothing into a cart (issue 28).
  const store = storeOpenNow(item, storeHoursNow());
  if (store.state !== 'STORE_OPEN')
    throw new CartRefusal(409, store.state, storeClosedMessage(store.opensAt, item.domain === 'ONDC:RET11' ? 'food' : 'retail'));
  if (!item.in_stock) throw new CartRefusal(400, 'ITEM_UNAVAILABLE', `${item.name} is out of stock`);
  // SPEC §5 wording of the quote checks: "Max {n} {title} can be ordered".
  if (quantity > item.max_quantity) throw new CartRefusal(400, 'QUANTITY_LIMIT', `Max ${item.max_quantity} ${item.name} can be ordered`);
  const tree = await loadAddOnTree(q, item);
  if (tree.rootGroupIds.length === 0 && customisationIds.length > 0) {
    throw new CartRefusal(400, 'INVALID_CUSTOMISATION', `${item.name} has no customisations`);
  }
  const problem = selectionProblems(tree, customisationIds)[0];
  if (problem) throw new CartRefusal(400, 'INVALID_CUSTOMISATION', describeProblem(tree, problem));
  // Stored in the order the picker shows them (size, then crust, then toppings), as lines read.
  return orderedSelection(tree, customisationIds).map((o) => o.id);
}

async function lockCart(q: Queryable, shopper: string, cityCode: string, create: boolean): Promise<CartRow | undefined> {
  if (!create) return findCartRow(q, shopper, cityCode, true);
  // Creates the cart or, when it exists, locks it (the no-op update takes the row lock) in one
  // statement. Two first taps at once: one insert wins, the other waits for it, then locks.
  const [row] = await q.query<CartRow>(
    `INSERT INTO carts (shopper_key, city_code, cart_reference_id) VALUES ($1, $2, $3)
     ON CONFLICT (shopper_key, city_code) DO UPDATE SET version = carts.version
     RETURNING shopper_key, city_code, cart_reference_id, bpp_id, provider_id, version`,
    [shopper, cityCode, randomUUID()],
  );
  return row;
}

function checkExpectations(row: CartRow | undefined, update: { cart_reference_id?: string | undefined; version?: number | undefined }) {
  // A reference that is not this shopper's current cart (someone else's, or one cleared since)
  // reads the same: there is no such cart for you.
  if (update.cart_reference_id !== undefined && row?.cart_reference_id !== update.cart_reference_id) {
    throw new CartRefusal(404, 'CART_NOT_FOUND', 'This cart does not exist (it was cleared or replaced): reload the cart');
  }
  if (update.version !== undefined && row !== undefined && row.version !== update.version) {
    throw new CartRefusal(409, 'CART_CONFLICT', 'The cart changed since you last saw it: reload the cart and try again');
  }
}

/** Bumps the version; the provider follows the lines (none when empty); a cleared cart gets a new reference. */
async function finish(q: Queryable, row: CartRow, provider: { bppId: string; providerId: string }, options: { newReference: boolean }) {
  await q.query(
    `UPDATE carts c SET version = version + 1, updated_at = now(), cart_reference_id = COALESCE($5, cart_reference_id),
       bpp_id = CASE WHEN l.n = 0 THEN NULL ELSE $3 END, provider_id = CASE WHEN l.n = 0 THEN NULL ELSE $4 END
     FROM (SELECT count(*) AS n FROM cart_lines WHERE shopper_key = $1 AND city_code = $2) l
     WHERE c.shopper_key = $1 AND c.city_code = $2`,
    [row.shopper_key, row.city_code, provider.bppId, provider.providerId, options.newReference ? randomUUID() : null],
  );
}

async function lineQuantity(q: Queryable, row: CartRow, lineId: string): Promise<number> {
  const [line] = await q.query<{ quantity: number }>('SELECT quantity FROM cart_lines WHERE shopper_key = $1 AND city_code = $2 AND line_id = $3', [
    row.shopper_key,
    row.city_code,
    lineId,
  ]);
  return line?.quantity ?? 0;
}

async function deleteLine(q: Queryable, row: CartRow, lineId: string): Promise<boolean> {
  const deleted = await q.query<{ line_id: string }>('DELETE FROM cart_lines WHERE shopper_key = $1 AND city_code = $2 AND line_id = $3 RETURNING line_id', [
    row.shopper_key,
    row.city_code,
    lineId,
  ]);
  return deleted.length > 0;
}

async function applyItemUpdate(q: Queryable, shopper: string, update: ItemUpdate, increment: boolean): Promise<string> {
  const { bpp_id: bppId } = update.cart_metadata;
  const { providerId } = update.item_metadata;
  const item = await findItem(q, bppId, providerId, update.sku_id);
  if (item?.kind !== 'item') throw new CartRefusal(404, 'ITEM_NOT_FOUND', `Unknown item ${update.sku_id} for this store`);
  if (update.item_metadata.locationId !== undefined && update.item_metadata.locationId !== item.location_id) {
    throw new CartRefusal(400, 'BAD_REQUEST', `item_metadata.locationId is not where ${item.name} is sold`);
  }
  const cityCode = item.city_code;
  const adds = update.action === 'CREATE_CART' || (update.action === 'UPDATE_ITEM' && update.quantity > 0);
  const row = await lockCart(q, shopper, cityCode, adds);
  checkExpectations(row, update);
  if (!row) throw new CartRefusal(404, 'ITEM_NOT_IN_CART', `${item.name} is not in your cart`);
  const { lineId, customisationIds } = await resolveLine(q, update, item, row);
  const provider = { bppId: item.bpp_id, providerId: item.provider_id };

  if (update.action === 'DELETE_ITEM' || (update.action === 'UPDATE_ITEM' && update.quantity === 0)) {
    // SPEC §4: quantity 0 becomes a delete.
    if (!(await deleteLine(q, row, lineId))) throw new CartRefusal(404, 'ITEM_NOT_IN_CART', `${item.name} is not in your cart`);
    await finish(q, row, provider, { newReference: false });
    return cityCode;
  }

  const current = await lineQuantity(q, row, lineId);
  const quantity = increment ? current + update.quantity : update.quantity;
  // Fewer of a line is always fine (even once it ran out); more is checked against the catalogue.
  const checked = quantity > current || update.action === 'CREATE_CART';
  const orderedIds = checked ? await checkOrderable(q, item, quantity, customisationIds) : customisationIds;
  if (update.action === 'CREATE_CART') {
    // SPEC §4 provider change, proceed: the cart starts again with this item alone.
    await q.query('DELETE FROM cart_lines WHERE shopper_key = $1 AND city_code = $2', [row.shopper_key, row.city_code]);
  } else if (row.bpp_id !== null && row.provider_id !== null && (row.bpp_id !== item.bpp_id || row.provider_id !== item.provider_id)) {
    const cartProvider = await storeListing(q, { bppId: row.bpp_id, providerId: row.provider_id });
    const word = providerWord(cartProvider?.domain ?? item.domain);
    throw new CartRefusal(409, 'PROVIDER_MISMATCH', `Your cart has items from another ${word}: clear it to add this item`);
  }
  await q.query(
    `INSERT INTO cart_lines (shopper_key, city_code, line_id, item_id, customisation_ids, quantity) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (shopper_key, city_code, line_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
    [row.shopper_key, row.city_code, lineId, item.item_id, orderedIds, quantity],
  );
  await finish(q, row, provider, { newReference: update.action === 'CREATE_CART' });
  return cityCode;
}

async function clearLockedCart(q: Queryable, row: CartRow) {
  await q.query('DELETE FROM cart_lines WHERE shopper_key = $1 AND city_code = $2', [row.shopper_key, row.city_code]);
  await finish(q, row, { bppId: '', providerId: '' }, { newReference: true });
}

async function applyClear(q: Queryable, shopper: string, reference: string, version: number | undefined): Promise<string> {
  const [row] = await q.query<CartRow>(
    `SELECT shopper_key, city_code, cart_reference_id, bpp_id, provider_id, version FROM carts
     WHERE shopper_key = $1 AND cart_reference_id = $2 FOR UPDATE`,
    [shopper, reference],
  );
  if (!row) throw new CartRefusal(404, 'CART_NOT_FOUND', 'This cart does not exist (it was cleared or replaced): reload the cart');
  checkExpectations(row, { version });
  await clearLockedCart(q, row);
  return row.city_code;
}

/** The city a refused update was about, to answer with the shopper's current cart there. */
async function cityOfUpdate(database: Database, shopper: string, update: CartUpdate): Promise<string | undefined> {
  if (update.action === 'CLEAR_CART') {
    const [row] = await database.query<{ city_code: string }>('SELECT city_code FROM carts WHERE shopper_key = $1 AND cart_reference_id = $2', [
      shopper,
      update.cart_reference_id,
    ]);
    return row?.city_code;
  }
  return (await storeListing(database, { bppId: update.cart_metadata.bpp_id, providerId: update.item_metadata.providerId }))?.city_code;
}

/**
 * SPEC §7.3 POST /ondc/cart and /ondc/clear-cart. Applies one update in one transaction and
 * answers the cart after it; a refusal changes nothing and answers the cart as it is.
 */
export async function updateCart(
  database: Database,
  shopper: string,
  update: CartUpdate,
  options: { offer: boolean; increment?: boolean } = { offer: false },
): Promise<CartResult> {
  try {
    const cart = await database.transaction(async (q) => {
      const cityCode =
        update.action === 'CLEAR_CART'
          ? await applyClear(q, shopper, update.cart_reference_id, update.version)
          : await applyItemUpdate(q, shopper, update, options.increment === true);
      return snapshot(q, shopper, cityCode, { offer: options.offer });
    });
    return { ok: true, cart };
  } catch (error) {
    if (!(error instanceof CartRefusal)) throw error;
    const city = await cityOfUpdate(database, shopper, update);
    const cart = city ? await snapshot(database, shopper, city, options) : null;
    return { ok: false, status: error.status, code: error.code, message: error.message, cart };
  }
}

/** Clears the shopper's cart in a city (the no-JS "Clear cart" form), whatever its reference. */
export async function clearCityCart(database: Database, shopper: string, cityCode: string): Promise<void> {
  await database.transaction(async (q) => {
    const row = await findCartRow(q, shopper, cityCode, true);
    if (row) await clearLockedCart(q, row);
  });
}

/**
 * Issue 28: the order leaves the cart it was placed from, in the transaction that records the
 * order, so a closed tab or a dropped phone still finds an empty cart and nothing re-places it.
 * A cart unchanged since the order's init is emptied; one the shopper changed since keeps what
 * was not ordered; another store's cart (the shopper moved on) is left alone.
 */
export async function emptyOrderedCart(q: Queryable, order: { shopper: string; paymentId: string }): Promise<void> {
  const checkout = await paymentCheckout(q, order.paymentId);
  const placed = checkout ? await requestedCart(q, checkout.initMessageId) : null;
  const transaction = checkout ? await findTransaction(q, checkout.transactionId) : null;
  const init = checkout ? await sentMessage(q, checkout.initMessageId, 'init') : null;
  const city = transaction ? servedCityCode(transaction.city) : undefined;
  if (!placed || !init || !city) return;
  const providerId = (init.order['provider'] as { id?: unknown } | undefined)?.id;
  const row = await findCartRow(q, order.shopper, city, true);
  if (!row || row.bpp_id !== transaction?.bppId || row.provider_id !== providerId) return;
  if (row.version === placed.cartVersion) return clearLockedCart(q, row);
  await q.query('DELETE FROM cart_lines WHERE shopper_key = $1 AND city_code = $2 AND item_id = ANY($3)', [row.shopper_key, row.city_code, placed.itemIds]);
  await finish(q, row, { bppId: row.bpp_id ?? '', providerId: row.provider_id ?? '' }, { newReference: false });
}

// ---- The no-JS forms (DESIGN §6 progressive enhancement) ----

export interface ItemRef {
  bppId: string;
  providerId: string;
  locationId: string;
  itemId: string;
}

/** What the provider-change notice of the /cart page names: the item and where it is sold. */
export async function describeItem(database: Database, ref: ItemRef) {
  const item = await findItem(database, ref.bppId, ref.providerId, ref.itemId);
  const store = item?.kind === 'item' ? await storeListing(database, ref) : null;
  return item && store ? { name: item.name, provider_name: store.name, domain: store.domain, city_code: store.city_code } : null;
}

/**
 * The add-to-cart form: one more of the item, a customisable dish with its default choices.
 * `replace` starts the cart again with it (the shopper agreed to drop another provider's cart).
 */
export async function addOne(database: Database, shopper: string, ref: ItemRef, options: { replace: boolean; offer?: boolean }): Promise<CartResult> {
  const item = await findItem(database, ref.bppId, ref.providerId, ref.itemId);
  const customisations = item && item.kind === 'item' ? defaultSelection(await loadAddOnTree(database, item)) : [];
  return updateCart(
    database,
    shopper,
    {
      action: options.replace ? 'CREATE_CART' : 'UPDATE_ITEM',
      sku_id: ref.itemId,
      quantity: 1,
      cart_metadata: { bpp_id: ref.bppId, provider_id: ref.providerId },
      item_metadata: { itemId: ref.itemId, providerId: ref.providerId, locationId: ref.locationId, customisations },
    },
    { offer: options.offer ?? false, increment: !options.replace },
  );
}

/** The /cart page's quantity form: sets one line of the shopper's cart in a city (0 removes it). */
export async function setLineQuantity(database: Database, shopper: string, cityCode: string, lineId: string, quantity: number): Promise<CartResult> {
  const cart = await readCart(database, shopper, cityCode, { offer: false });
  const entry = cart?.items.find((e) => lineKeyOf(e) === lineId);
  if (!cart || !entry) return { ok: false, status: 404, code: 'ITEM_NOT_IN_CART', message: 'This item is no longer in your cart', cart };
  return updateCart(database, shopper, {
    action: quantity === 0 ? 'DELETE_ITEM' : 'UPDATE_ITEM',
    quantity,
    sku_id: entry.sku_id,
    cart_metadata: { bpp_id: cart.cart_metadata.bpp_id, provider_id: cart.provider_id },
    item_metadata: {
      itemId: entry.sku_id,
      providerId: cart.provider_id,
      ...(entry.item_metadata[0]?.parentItemId ? { parentItemId: entry.item_metadata[0].parentItemId } : {}),
    },
  });
}

/** The JSON every cart call answers (SPEC §7.3): status, data (the cart, if any, last) and error. */
export function cartAnswer(result: CartResult): Response {
  const data = result.cart ? [result.cart] : [];
  if (result.ok) return Response.json({ status: 'SUCCESS', data, error: null });
  return Response.json({ status: 'FAILURE', data, error: { message: result.message, code: result.code } }, { status: result.status });
}

type CityCart = { city_code: string; bpp_id: string | null; provider_id: string | null; lines: number };

/** The shopper's carts (one city, or all), locked until the transaction ends, with their line counts. */
async function cartsOf(q: Queryable, shopper: string, cityCode?: string): Promise<CityCart[]> {
  const carts = await q.query<Omit<CityCart, 'lines'>>(
    `SELECT city_code, bpp_id, provider_id FROM carts WHERE shopper_key = $1${cityCode === undefined ? '' : ' AND city_code = $2'} ORDER BY city_code FOR UPDATE`,
    cityCode === undefined ? [shopper] : [shopper, cityCode],
  );
  const counts = await q.query<{ city_code: string; lines: number }>(
    'SELECT city_code, count(*)::int AS lines FROM cart_lines WHERE shopper_key = $1 GROUP BY city_code',
    [shopper],
  );
  return carts.map((cart) => ({ ...cart, lines: counts.find((c) => c.city_code === cart.city_code)?.lines ?? 0 }));
}

/**
 * Sign-in (platform/identity.server.ts): the device's carts become the user's, city by city, where
 * the user's own cart there is empty (a cart the user filled elsewhere is theirs to keep; the
 * device's then stays with the device). Inside the caller's transaction.
 */
export async function moveCartsToUser(q: Queryable, deviceKey: string, userKey: string): Promise<void> {
  for (const cart of await cartsOf(q, deviceKey)) {
    if (cart.lines === 0) continue;
    const [own] = await cartsOf(q, userKey, cart.city_code);
    if (own && own.lines > 0) continue;
    // A new reference: a page still holding the user's old empty cart must not clear this one.
    await q.query(
      `INSERT INTO carts (shopper_key, city_code, cart_reference_id, bpp_id, provider_id) VALUES ($1, $2, gen_random_uuid()::text, $3, $4)
       ON CONFLICT (shopper_key, city_code) DO UPDATE SET bpp_id = EXCLUDED.bpp_id, provider_id = EXCLUDED.provider_id,
         cart_reference_id = EXCLUDED.cart_reference_id, version = carts.version + 1, updated_at = now()`,
      [userKey, cart.city_code, cart.bpp_id, cart.provider_id],
    );
    await q.query('UPDATE cart_lines SET shopper_key = $2 WHERE shopper_key = $1 AND city_code = $3', [deviceKey, userKey, cart.city_code]);
    await q.query('DELETE FROM carts WHERE shopper_key = $1 AND city_code = $2', [deviceKey, cart.city_code]);
  }
}
