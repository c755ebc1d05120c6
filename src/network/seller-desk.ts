// The sellers' counter: how each seller answers each request once it has been ACKed
// (ondc-notes §1). It reads the catalogue, the clock and the state store, changes stock and
// orders, and returns the on_* message with its business error; the HTTP shell (server.ts)
// does the signing and sending.
import { paiseToRupees, rupeesToPaise } from '#/lib/money.ts';
import type { ProtocolError } from '#/ondc/context.ts';
import { findProviderItem, type CatalogueItem, type Network, type Provider } from './catalogue/generate.ts';
import { CONSUMER_CARE_PHONE, isCancellable, isReturnable } from './catalogue/on-search.ts';
import type { NetworkClock } from './clock.ts';
import { addressProblem } from './address.ts';
import { invoiceHtml } from './invoice.ts';
import { itemTaxClass } from './catalogue/tax.ts';
import type { LatLng } from '#/lib/geo.ts';
import { STEP } from './order-clock.ts';
import {
  confirmedPayment,
  onInitMessage,
  onSelectMessage,
  onSupportMessage,
  onTrackMessage,
  orderMessage,
  storeProfile,
  type PaymentType,
} from './order-messages.ts';
import {
  addReturn,
  bapTermsOf,
  cancellationError,
  cancelOrder,
  cancelShortUnits,
  recordSettlements,
  sellerCancellation,
  dueNotices,
  isCancelledAt,
  isSettled,
  markNotified,
  quoteAt,
  returnError,
  type Notice,
  type OrderRecord,
  type ReturnRequest,
} from './orders.ts';
import { priceOrder, type PricedOrder, type QuoteLine } from './quote.ts';
import { tipOfTags } from '#/ondc/tip.ts';
import { ifShortOfTags } from '#/ondc/if-short.ts';
import { judgeRating, onRatingMessage, ratingKey } from './ratings.ts';
import { tagValue, type Address, type Context, type MessageOf, type OrderAction, type OrderItem, type RequestOf, type Tag } from './requests.ts';
import { searchPages, type SearchPage } from './search.ts';
import { correctionFor, hasListingFlaw, PHOTO_STAGES, type PhotoStage } from './listing-flaws.ts';
import { parseItemPath, type CatalogError } from '#/ondc/catalog-rejection.ts';
import { sellerError } from './seller-errors.ts';
import { checkDelivery, dropSurchargePaise, localityOf } from './serviceability.ts';
import type { StateStore } from './state.ts';
import { storeOpenState } from './store-hours.ts';
import { chosenSlot, deliverySlots, type DeliverySlot } from './delivery-slots.ts';

type SlotChoice = ReturnType<typeof chosenSlot>;
const slotOf = (choice: SlotChoice): DeliverySlot | null => (choice.kind === 'slot' ? choice.slot : null);

export type Answer = { message: Record<string, unknown>; error?: ProtocolError };
export type DueNotice = { order: OrderRecord; notice: Notice };

export type SellerDeskOptions = {
  network: Network;
  state: StateStore;
  clock: NetworkClock;
  /** a seller's bpp_uri */
  bppUriOf: (sellerId: string) => string;
};

type PricingRequest = { items: OrderItem[]; offers?: Array<{ id: string; tags?: Tag[] | undefined }> | undefined; tags?: Tag[] | undefined };
type ProviderRef = { id: string; locations?: Array<{ id: string }> | undefined };

function answer(message: Record<string, unknown>, error: ProtocolError | null | undefined): Answer {
  return error ? { message, error } : { message };
}

/** "12.9121,77.6446" to a point, or null. */
function parseGps(text: string | undefined): LatLng | null {
  const [lat, lng] = (text ?? '').split(',').map((part) => Number(part.trim()));
  return lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

export function createSellerDesk(options: SellerDeskOptions) {
  const { state, clock } = options;
  const providers = new Map<string, Provider>();
  for (const seller of options.network.sellers) for (const provider of seller.providers) providers.set(provider.id, provider);
  // Orders that may still change without being asked: the only ones the ticker looks at.
  const unsettled = new Set([...state.orders()].filter((order) => !isSettled(order)).map((order) => order.id));

  function save(order: OrderRecord) {
    state.saveOrder(order);
    if (isSettled(order)) unsettled.delete(order.id);
    else unsettled.add(order.id);
  }

  function stockLeft(item: CatalogueItem): number {
    return Math.max(0, item.stock - state.stockTaken(item.id));
  }

  /** Takes (units > 0) or puts back stock; an item that sells out or comes back is a catalogue change. */
  function moveStock(providerId: string, itemId: string, units: number) {
    const provider = providers.get(providerId);
    const item = provider ? findProviderItem(provider, itemId) : null;
    const before = item ? listingOf(item) : null;
    if (units > 0) state.takeStock(itemId, units);
    else state.returnStock(itemId, -units);
    if (item && before !== null) noteChange(providerId, item, before);
  }

  /** A mislisted item's photo as the seller lists it now; null for an item listed right. */
  const photoStage = (item: CatalogueItem): PhotoStage | null => (hasListingFlaw(item) ? state.photoStage(item.id) : null);

  /**
   * What of an item's listing the seller changes after the first catalogue (catalogue/on-search.ts):
   * in stock or not (the count it lists is 99 or 0) and how far its photo is corrected.
   */
  const listingOf = (item: CatalogueItem) => `${stockLeft(item) > 0 ? 'in-stock' : 'sold-out'}|${photoStage(item) ?? 'listed'}`;

  /** A change of the item's listing since `before` goes out in the next incremental refresh. */
  function noteChange(providerId: string, item: CatalogueItem, before: string) {
    const after = listingOf(item);
    if (after !== before) state.noteCatalogueChange(providerId, item.id, Date.now(), { before, after });
  }

  function providerFor(sellerId: string, context: Context, ref: ProviderRef): { provider: Provider } | { error: ProtocolError } {
    const provider = providers.get(ref.id);
    if (!provider || provider.sellerId !== sellerId || provider.domain !== context.domain) {
      return { error: sellerError('30001', `${sellerId} has no provider ${ref.id} in ${context.domain}`) };
    }
    const locationId = ref.locations?.[0]?.id;
    if (locationId !== undefined && locationId !== provider.locations[0]?.id) {
      return { error: sellerError('30002', `${provider.name} has no location ${locationId}`) };
    }
    return { provider };
  }

  /** `asked`: priced as if the shelf held every unit asked for (what the buyer was quoted). */
  /** `address`: the full delivery address once the buyer sends it (init, confirm): the drop is priced from it. */
  /** `delivery`: the window the request named (delivery-slots.ts), which the fulfillment-level lines name. */
  function price(
    provider: Provider,
    request: PricingRequest,
    pincode: string,
    now: Date,
    asked = false,
    address?: Address,
    delivery: SlotChoice = { kind: 'default' },
  ): PricedOrder {
    const location = provider.locations[0];
    if (!location) throw new Error(`Provider ${provider.id} has no location`);
    return priceOrder({
      provider,
      lines: request.items.map((line) => {
        const item = findProviderItem(provider, line.id);
        return { ...line, item, stock: item ? (asked ? Math.max(stockLeft(item), line.quantity.count) : stockLeft(item)) : 0 };
      }),
      offers: request.offers ?? [],
      delivery: checkDelivery(location, pincode),
      store: storeOpenState(provider, now),
      now,
      dropSurchargePaise: dropSurchargePaise(address),
      // Issue 29: a select has no tip; init and confirm state one as an order tag (ondc/tip.ts).
      tipPaise: tipOfTags(request.tags),
      ...(delivery.kind === 'slot' ? { fulfillmentId: delivery.slot.id } : {}),
      fulfillmentError: delivery.kind === 'gone' ? sellerError('30013', delivery.reason) : null,
    });
  }

  function ownOrder(sellerId: string, context: Context, orderId: string): OrderRecord | undefined {
    const order = state.order(orderId);
    return order && order.sellerId === sellerId && order.bapId === context.bap_id ? order : undefined;
  }

  function orderOfTransaction(sellerId: string, context: Context, transactionId: string): OrderRecord | undefined {
    for (const order of state.orders()) {
      if (order.sellerId === sellerId && order.bapId === context.bap_id && order.transactionId === transactionId) return order;
    }
    return undefined;
  }

  /** Units of each item line the shelf cannot supply, by line index. */
  function shortfall(provider: Provider, lines: readonly QuoteLine[]): Map<number, number> {
    const left = new Map<string, number>();
    const short = new Map<number, number>();
    lines.forEach((line, index) => {
      if (line.titleType !== 'item') return;
      const item = findProviderItem(provider, line.itemId);
      const available = left.get(line.itemId) ?? (item ? stockLeft(item) : 0);
      const supplied = Math.min(available, line.count);
      left.set(line.itemId, available - supplied);
      if (supplied < line.count) short.set(index, line.count - supplied);
    });
    return short;
  }

  const unknownOrder = (orderId: string): Answer => answer({ order: { id: orderId } }, sellerError('30018', `No order ${orderId} with this seller`));

  return {
    /** A store of the network by its id, as the desk knows it (its hours, its catalogue). */
    provider(providerId: string): Provider | undefined {
      return providers.get(providerId);
    },

    select(sellerId: string, { context, message }: RequestOf<'select'>): Answer {
      const { order } = message;
      const found = providerFor(sellerId, context, order.provider);
      if ('error' in found) return answer({ order: { provider: { id: order.provider.id }, items: order.items } }, found.error);
      const pincode = order.fulfillments[0]?.end.location.address.area_code ?? '';
      const now = clock.now();
      const delivery = chosenSlot(found.provider, order.fulfillments[0]?.id, now.getTime(), 'select');
      const priced = price(found.provider, order, pincode, now, false, undefined, delivery);
      const offered = priced.serviceable ? deliverySlots(found.provider, now.getTime()) : [];
      return answer(onSelectMessage(found.provider, priced, { slot: slotOf(delivery), offered, toWire: clock.toReal }), priced.error);
    },

    init(sellerId: string, { context, message }: RequestOf<'init'>): Answer {
      const { order } = message;
      const found = providerFor(sellerId, context, order.provider);
      if ('error' in found) return answer({ order: { provider: { id: order.provider.id }, items: order.items } }, found.error);
      const end = order.fulfillments[0]?.end;
      if (!end) throw new Error('init without a fulfillment passed the schema');
      const now = clock.now();
      const delivery = chosenSlot(found.provider, order.fulfillments[0]?.id, now.getTime(), 'order');
      const priced = price(found.provider, order, end.location.address.area_code, now, false, end.location.address, delivery);
      const requestedType = order.payment?.type ?? 'ON-ORDER';
      // Every catalogue item is available_on_cod, so cash on delivery is always on offer.
      const paymentType: PaymentType = requestedType === 'ON-FULFILLMENT' ? 'ON-FULFILLMENT' : 'ON-ORDER';
      const addressError = addressProblem(order.billing.address, 'billing') ?? addressProblem(end.location.address, 'delivery address');
      const error =
        priced.error ??
        (addressError ? sellerError('31002', addressError) : null) ??
        (requestedType === paymentType ? null : sellerError('40004', `Payment type ${requestedType} is not supported; pay ON-ORDER or ON-FULFILLMENT`));
      return answer(
        onInitMessage(found.provider, priced, {
          billing: order.billing,
          end,
          paymentType,
          payment: order.payment,
          slot: slotOf(delivery),
          toWire: clock.toReal,
        }),
        error,
      );
    },

    /**
     * Creates the order once: a confirm repeated with the same order id or transaction answers
     * the order already made. Everything select and init checked is checked again, the payment
     * must be PAID for a prepaid order, and the buyer's quote must be the seller's.
     */
    confirm(sellerId: string, { context, message }: RequestOf<'confirm'>): Answer {
      const request = message.order;
      const now = clock.now();
      const refuse = (error: ProtocolError) => answer({ order: { ...request, state: 'Cancelled' } }, error);
      const existing = state.order(request.id) ?? orderOfTransaction(sellerId, context, context.transaction_id);
      if (existing) {
        const same = existing.sellerId === sellerId && existing.bapId === context.bap_id && existing.transactionId === context.transaction_id;
        return same ? answer(messageOf(existing, now.getTime()), null) : refuse(sellerError('30018', `Order id ${request.id} is already taken`));
      }
      const found = providerFor(sellerId, context, request.provider);
      if ('error' in found) return refuse(found.error);
      const { provider } = found;
      const end = request.fulfillments[0]?.end;
      if (!end) throw new Error('confirm without a fulfillment passed the schema');

      const type = request.payment.type;
      if (type !== 'ON-ORDER' && type !== 'ON-FULFILLMENT') return refuse(sellerError('40004', `Payment type ${type} is not supported`));
      if (type === 'ON-ORDER' && request.payment.status !== 'PAID') {
        return refuse(sellerError('30019', `A prepaid (ON-ORDER) order needs payment.status PAID, not ${request.payment.status}`));
      }
      // Stock gone since the buyer's quote (another order took it): the store takes the order for
      // what it has and cancels the rest (reason 002), unless it has none of it at all.
      const delivery = chosenSlot(provider, request.fulfillments[0]?.id, now.getTime(), 'order');
      const onShelf = price(provider, request, end.location.address.area_code, now, false, end.location.address, delivery);
      const shortOnly = onShelf.error?.code === '40002';
      const priced = shortOnly ? price(provider, request, end.location.address.area_code, now, true, end.location.address, delivery) : onShelf;
      const slot = slotOf(delivery);
      if (priced.error) return refuse(priced.error);
      const shortByLine = shortOnly ? shortfall(provider, priced.quote.lines) : new Map<number, number>();
      const supplied = priced.quote.lines.some((line, index) => line.titleType === 'item' && line.count > (shortByLine.get(index) ?? 0));
      if (!supplied) return refuse(onShelf.error ?? sellerError('40002', 'Nothing of this order is in stock'));
      // Issue 29: a shopper who would rather have no order than part of one, at a store that honours it.
      if (shortByLine.size > 0 && provider.kind === 'grocery' && provider.cancelsIfShort && ifShortOfTags(request.tags) === 'cancel_order') {
        const short = [...shortByLine.keys()].map((index) => priced.quote.lines[index]?.itemId).join(', ');
        return refuse(sellerError('40002', `Out of stock: ${short}; the buyer asked for no order unless it is whole`));
      }
      const addressError = addressProblem(request.billing.address, 'billing') ?? addressProblem(end.location.address, 'delivery address');
      if (addressError) return refuse(sellerError('31002', addressError));
      const quoted = rupeesToPaise(request.quote.price.value);
      if (quoted !== priced.totalPaise) {
        return refuse(
          sellerError('30019', `The quote changed: ${request.quote.price.value} was confirmed, the seller's is ${paiseToRupees(priced.totalPaise)}`),
        );
      }

      const profile = storeProfile(provider);
      const drop = parseGps(end.location.gps) ?? localityOf(end.location.address.area_code) ?? profile;
      const order: OrderRecord = {
        id: request.id,
        sellerId,
        providerId: provider.id,
        store: profile,
        domain: provider.domain,
        city: provider.cityCode,
        transactionId: context.transaction_id,
        bapId: context.bap_id,
        bapUri: context.bap_uri,
        createdAt: now.toISOString(),
        ...(request.created_at === undefined ? {} : { buyerCreatedAt: request.created_at }),
        ...bapTermsOf(request.tags),
        tat: provider.tat,
        timeToShip: provider.timeToShip,
        ...(slot ? { slot: { id: slot.id, start: new Date(slot.startMs).toISOString(), end: new Date(slot.endMs).toISOString() } } : {}),
        quote: priced.quote,
        billing: request.billing,
        deliveryEnd: end,
        drop: { lat: drop.lat, lng: drop.lng },
        payment: confirmedPayment(profile, type, request.payment),
        paymentType: type,
        cancellation: null,
        partCancels: [],
        returns: [],
        settlements: [],
        notified: { step: STEP.created, returns: {}, partCancels: 0, rto: -1 },
      };
      priced.quote.lines.forEach((line, index) => {
        const taken = line.titleType === 'item' ? line.count - (shortByLine.get(index) ?? 0) : 0;
        if (taken > 0) moveStock(provider.id, line.itemId, taken);
      });
      // on_confirm tells the order as the buyer confirmed it; the cancel follows as an on_update.
      save(cancelShortUnits(order, shortByLine, now));
      return answer(messageOf(order, now.getTime()), null);
    },

    status(sellerId: string, { context, message }: RequestOf<'status'>): Answer {
      const order = ownOrder(sellerId, context, message.order_id);
      return order ? answer(messageOf(order, clock.now().getTime()), null) : unknownOrder(message.order_id);
    },

    cancel(sellerId: string, { context, message }: RequestOf<'cancel'>): Answer {
      const order = ownOrder(sellerId, context, message.order_id);
      if (!order) return unknownOrder(message.order_id);
      const now = clock.now();
      const provider = providers.get(order.providerId);
      const listed = (itemId: string) => {
        const item = provider ? findProviderItem(provider, itemId) : null;
        return item ? isCancellable(item) : true;
      };
      const error = cancellationError(order, message.cancellation_reason_id, now.getTime(), listed);
      if (error || isCancelledAt(order, now.getTime())) return answer(messageOf(order, now.getTime()), error);
      const cancelled = cancelOrder(order, { reasonId: message.cancellation_reason_id, by: context.bap_id, at: now });
      // The goods never left the store: they go back on the shelf.
      for (const line of order.quote.lines) if (line.titleType === 'item' && line.count > 0) moveStock(order.providerId, line.itemId, -line.count);
      save(cancelled);
      return answer(messageOf(cancelled, now.getTime()), null);
    },

    /** Returns (ondc-notes §1 update): update_target "item" with Return fulfillments. */
    update(sellerId: string, { context, message }: RequestOf<'update'>): Answer {
      const order = ownOrder(sellerId, context, message.order.id);
      if (!order) return unknownOrder(message.order.id);
      const now = clock.now();
      const current = () => messageOf(order, now.getTime());
      if (message.update_target === 'payment') {
        // The buyer app refunded the shopper (a cancel, a return): the seller keeps its word of it.
        const details = (message.order['payment'] as { '@ondc/org/settlement_details'?: unknown } | undefined)?.['@ondc/org/settlement_details'];
        const settlements = Array.isArray(details) ? details.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null) : [];
        if (settlements.length === 0) return answer(current(), sellerError('30000', 'A payment update needs payment @ondc/org/settlement_details'));
        const next = recordSettlements(order, settlements);
        save(next);
        return answer(messageOf(next, now.getTime()), null);
      }
      if (message.update_target !== 'item') {
        return answer(current(), sellerError('40001', `update_target ${message.update_target} is not supported; a return updates "item", a refund "payment"`));
      }
      const requests: ReturnRequest[] = [];
      for (const fulfillment of message.order.fulfillments) {
        if (fulfillment.type !== 'Return') return answer(current(), sellerError('40001', `Updates of type ${fulfillment.type} are not supported; only Return`));
        const request = returnRequestOf(fulfillment.tags);
        if (!request) return answer(current(), sellerError('30005', 'return_request needs item_id, item_quantity and reason_id'));
        requests.push(request);
      }
      const provider = providers.get(order.providerId);
      let next = order;
      for (const request of requests) {
        const item = provider ? findProviderItem(provider, request.itemId) : null;
        const error = returnError(next, request, item ? isReturnable(item) : false, now.getTime());
        if (error) return answer(current(), error);
        next = addReturn(next, request, now);
      }
      save(next);
      return answer(messageOf(next, now.getTime()), null);
    },

    track(sellerId: string, { context, message }: RequestOf<'track'>): Answer {
      const order = ownOrder(sellerId, context, message.order_id);
      if (!order) return unknownOrder(message.order_id);
      return answer(onTrackMessage(order, trackingUrl(sellerId, order.id), clock.now().getTime(), clock.toReal), null);
    },

    support(sellerId: string, { context, message }: RequestOf<'support'>): Answer {
      const ref = message.ref_id ?? message.order_id ?? '';
      const order = ownOrder(sellerId, context, ref) ?? orderOfTransaction(sellerId, context, ref);
      const contact = order ? order.store : { phone: CONSUMER_CARE_PHONE, email: `support@${sellerId}` };
      return answer(onSupportMessage(contact), null);
    },

    /**
     * A buyer's rating of its order (ondc/rating.ts): kept once per thing rated, the newest word
     * standing; the same message again (a retry) is answered as before and changes nothing.
     */
    rating(sellerId: string, { context, message }: RequestOf<'rating'>): Answer {
      const verdict = judgeRating(orderOfTransaction(sellerId, context, context.transaction_id), message, { messageId: context.message_id, at: clock.now() });
      if ('error' in verdict) return answer(onRatingMessage(null), verdict.error);
      const kept = state.rating(ratingKey(verdict.record.orderId, verdict.record.category, verdict.record.id));
      const record = kept?.messageId === context.message_id ? kept : verdict.record;
      if (record !== kept) state.saveRating(record);
      return answer(onRatingMessage(record), null);
    },

    /** The page behind the Invoice document: the order's tax invoice, as the order stands now. */
    invoicePage(sellerId: string, orderId: string): string | null {
      const order = state.order(orderId);
      if (!order || order.sellerId !== sellerId) return null;
      const now = clock.now().getTime();
      const provider = providers.get(order.providerId);
      const taxOf = (itemId: string) => {
        const item = provider ? findProviderItem(provider, itemId) : null;
        return item ? itemTaxClass(item) : null;
      };
      return invoiceHtml(order.id, order.store, quoteAt(order, now).quote, new Date(clock.toReal(now)).toISOString(), taxOf);
    },

    /** The page behind on_track's url: where the order's rider is now. */
    trackingPage(sellerId: string, orderId: string) {
      const order = state.order(orderId);
      if (!order || order.sellerId !== sellerId) return null;
      return { order_id: order.id, ...onTrackMessage(order, trackingUrl(sellerId, order.id), clock.now().getTime(), clock.toReal).tracking };
    },

    /** What a seller lists for a search (search.ts), with stock as orders have left it. */
    searchPages(sellerId: string, context: Context, intent: MessageOf<'search'>['intent']): Generator<SearchPage> {
      const seller = options.network.sellers.find((s) => s.id === sellerId);
      return searchPages(seller?.providers ?? [], { city: context.city, domain: context.domain, intent, stockLeft });
    },

    /** Where a mislisted item's photo stands (listing-flaws.ts); null for the rest. */
    photoStage,

    /**
     * An incremental refresh (catalog_inc): the seller's items in the city ("*": all) and domain
     * whose listing changed in (fromMs, toMs], as they are listed now, one page per provider.
     */
    *changedPages(sellerId: string, context: Context, fromMs: number, toMs: number): Generator<SearchPage> {
      const byProvider = new Map<string, CatalogueItem[]>();
      for (const change of state.catalogueChangesBetween(fromMs, toMs)) {
        const provider = providers.get(change.providerId);
        if (!provider || provider.sellerId !== sellerId || provider.domain !== context.domain) continue;
        if (context.city !== '*' && provider.cityCode !== context.city) continue;
        const item = findProviderItem(provider, change.itemId);
        if (item) byProvider.set(provider.id, [...(byProvider.get(provider.id) ?? []), { ...item, stock: stockLeft(item) }]);
      }
      for (const [providerId, items] of byProvider) {
        const provider = providers.get(providerId);
        if (provider) yield { provider, items };
      }
    },

    /**
     * A buyer app will not list some of the seller's items (catalog_rejection). The seller takes
     * the next step for a photo rejected for what it is now (listing-flaws.ts), and the corrected
     * listing goes out in its next incremental refresh.
     */
    catalogRejected(sellerId: string, errors: readonly CatalogError[]) {
      for (const error of errors) {
        const named = parseItemPath(error.path);
        const provider = named ? providers.get(named.providerId) : undefined;
        if (!named || !provider || provider.sellerId !== sellerId) continue;
        const item = findProviderItem(provider, named.itemId);
        const stage = item ? photoStage(item) : null;
        if (!item || !stage || correctionFor(stage, item) !== error.code) continue;
        const next = PHOTO_STAGES[PHOTO_STAGES.indexOf(stage) + 1];
        if (next !== 'heic' && next !== 'web') continue;
        const before = listingOf(item);
        state.setPhotoStage(item.id, next);
        noteChange(provider.id, item, before);
      }
    },

    /** Changes the buyer apps have not been told about yet, as of the network clock. */
    dueNotices(): DueNotice[] {
      const atMs = clock.now().getTime();
      const due: DueNotice[] = [];
      for (const id of unsettled) {
        const order = state.order(id);
        if (order) for (const notice of dueNotices(order, atMs)) due.push({ order, notice });
      }
      return due;
    },

    /**
     * The store cancels a whole order (its own desk, not a buyer's request): before pickup the
     * goods go back on the shelf; after pickup they ride back (RTO). The buyer app is told by an
     * unsolicited on_cancel, returned here to send.
     */
    sellerCancel(sellerId: string, orderId: string, reasonId: string): { order: OrderRecord; message: Record<string, unknown> } | { error: ProtocolError } {
      const order = state.order(orderId);
      if (!order || order.sellerId !== sellerId) return { error: sellerError('30018', `No order ${orderId} with this seller`) };
      const now = clock.now();
      const allowed = sellerCancellation(order, reasonId, now.getTime());
      if ('error' in allowed) return allowed;
      const cancelled = cancelOrder(order, { reasonId, by: sellerId, at: now, rto: allowed.rto });
      // Units the store had already cut from the order were never taken from the shelf.
      if (!allowed.rto) {
        order.quote.lines.forEach((line, index) => {
          const held = line.titleType === 'item' ? line.count - order.partCancels.filter((c) => c.line === index).reduce((n, c) => n + c.quantity, 0) : 0;
          if (held > 0) moveStock(order.providerId, line.itemId, -held);
        });
      }
      save(cancelled);
      return { order: cancelled, message: messageOf(cancelled, now.getTime()) };
    },

    /**
     * The store counts its shelf (its own desk): what is left of an item from now on, for searches
     * and for orders not yet confirmed. Null for an item the seller does not list.
     */
    countShelf(sellerId: string, itemId: string, count: number): { itemId: string; left: number } | null {
      const provider = [...providers.values()].find((p) => p.sellerId === sellerId && findProviderItem(p, itemId));
      const item = provider ? findProviderItem(provider, itemId) : null;
      if (!item) return null;
      const difference = stockLeft(item) - Math.min(count, item.stock);
      if (difference !== 0 && provider) moveStock(provider.id, item.id, difference);
      return { itemId: item.id, left: stockLeft(item) };
    },

    /** The unsolicited callback for a change: on_status for the delivery and its ride back, on_update for a return or a part cancel. */
    noticeMessage({ order, notice }: DueNotice): { action: 'status' | 'update'; message: Record<string, unknown> } {
      return { action: notice.kind === 'status' || notice.kind === 'rto' ? 'status' : 'update', message: messageOf(order, notice.atMs) };
    },

    markNotified({ order, notice }: DueNotice) {
      const latest = state.order(order.id) ?? order;
      save(markNotified(latest, notice));
    },
  };

  /** An order as a message at network time `atMs`: its times on the wire, its invoice link. */
  function messageOf(order: OrderRecord, atMs: number) {
    return orderMessage(order, atMs, { toWire: clock.toReal, invoiceUrl: `${options.bppUriOf(order.sellerId)}/invoice/${encodeURIComponent(order.id)}` });
  }

  function trackingUrl(sellerId: string, orderId: string): string {
    return `${options.bppUriOf(sellerId)}/track/${encodeURIComponent(orderId)}`;
  }
}

export type SellerDesk = ReturnType<typeof createSellerDesk>;

type OrderAnswerers = { [A in OrderAction]: (sellerId: string, request: RequestOf<A>) => Answer };

/** The desk's answer to any order request, typed by its action. */
export function answerOrderRequest<A extends OrderAction>(desk: SellerDesk, action: A, sellerId: string, request: RequestOf<A>): Answer {
  const answerers: OrderAnswerers = desk;
  const answerer: OrderAnswerers[A] = answerers[action];
  return answerer(sellerId, request);
}

/** The return_request tag of a Return fulfillment (ondc-notes §1 update), or null when incomplete. */
function returnRequestOf(tags: readonly Tag[] | undefined): ReturnRequest | null {
  const value = (entry: string) => tagValue(tags, 'return_request', entry);
  const itemId = value('item_id');
  const reasonId = value('reason_id');
  const quantity = Number(value('item_quantity'));
  if (!itemId || !reasonId || !Number.isInteger(quantity) || quantity < 1) return null;
  return {
    id: value('id'),
    itemId,
    parentItemId: value('parent_item_id'),
    quantity,
    reasonId,
    reasonDesc: value('reason_desc'),
    images: value('images'),
  };
}
