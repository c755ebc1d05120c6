import { describe, expect, inject, it } from 'vitest';
import { paiseToRupees } from '#/lib/money.ts';
import { currentPricePaise } from '#/network/price-drift.ts';
import { disabledStore, minimumOrderStore, unservedPincode } from '../support/fixtures.ts';
import { ALL_DAY } from '#/network/catalogue/hours.ts';
import { PENDING_GIVE_UP_MS } from '#/features/payment/payment.server.ts';
import { NO_QUOTE_TO_PAY_MESSAGE } from '#/features/payment/payment.ts';
import { protocolItems } from '#/features/checkout/session.ts';
import { cartAnswerSchema } from '#/features/cart/payload.ts';
import { generateNetwork, providerItems, type DishItem } from '#/network/catalogue/generate.ts';
import { shopper } from '../support/http.ts';
import { cartUpdate, initBody, lines, pollFor, selectAndQuote, store, type Client, type Line } from '../support/checkout.ts';

/** Puts `quantity` of a store's item in this shopper's server cart, which select orders (issue 23). */
async function addToCart(
  client: Client,
  at: { seller: { id: string }; provider: { id: string }; location: { id: string }; item: { id: string; name: string } },
  quantity: number,
) {
  const added = await client.post('/ondc/cart', {
    action: 'UPDATE_ITEM',
    sku_id: at.item.id,
    quantity,
    cart_metadata: { bpp_id: at.seller.id, provider_id: at.provider.id },
    item_metadata: { itemId: at.item.id, name: at.item.name, providerId: at.provider.id, locationId: at.location.id },
  });
  expect(added.status).toBe(200);
}

describe.each(inject('servers'))('checkout over the ONDC protocol on $name', ({ url }) => {
  it('select → on_select → offers listed → coupon applied → init → on_init CREATED at the quoted total', async () => {
    const client = shopper(url);
    const { transactionId, messageId, answer } = await selectAndQuote(client, lines());
    expect(answer.status).toBe('SUCCESS');
    const quote = answer.message.order.quote;
    expect(answer.checkout).toMatchObject({ problems: [], priceChanged: false, payable: { total: Number(quote.price.value) } });

    const list = await client.get(`/ondc/offer/list?transactionId=${transactionId}&cityName=bengaluru`);
    expect(list.status).toBe(200);
    const offers = (await list.json()).data as Array<{ code: string }>;
    expect(offers.map((o) => o.code)).toEqual(expect.arrayContaining(['FLAT50', 'SAVE10']));

    const applied = await client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: 'save10' });
    expect(applied.status).toBe(200);
    const itemsPaise = store.items.slice(0, 2).reduce((t, i) => t + i.pricePaise, 0);
    expect(await applied.json()).toMatchObject({ status: 'SUCCESS', data: { code: 'SAVE10', discount: Math.floor(itemsPaise / 10) / 100 } });

    const init = await client.post('/ondc/init', initBody(transactionId, lines()));
    expect(init.status).toBe(200);
    const initAck = await init.json();
    expect(initAck).toMatchObject({ status: 'ACK', data: { message_id: expect.any(String) } });
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${initAck.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(status).toMatchObject({ order_status: 'CREATED', error: null, onInitTotalPrice: Number(quote.price.value) });

    // Another shopper can read none of it.
    const stranger = shopper(url);
    await stranger.get('/');
    expect((await stranger.get(`/ondc/status?type=init&message_id=${initAck.data.message_id}`)).status).toBe(404);
    expect((await stranger.get(`/ondc/offer/list?transactionId=${transactionId}&cityName=bengaluru`)).status).toBe(404);
    expect((await stranger.post('/ondc/init', initBody(transactionId, lines()))).status).toBe(404);
    // A browser with no shopper yet is told the same, and is not given an identity by asking.
    const cookieless = shopper(url);
    for (const asked of [
      await cookieless.get(`/ondc/offer/list?transactionId=${transactionId}&cityName=bengaluru`),
      await cookieless.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: 'save10' }),
      await cookieless.post('/ondc/offer/remove', { transactionId, code: 'SAVE10' }),
      await cookieless.post('/ondc/init', initBody(transactionId, lines())),
      await cookieless.post('/ondc/payment', { method: 'cod', transaction_id: transactionId, init_message_id: initAck.data.message_id }),
    ]) {
      expect({ status: asked.status, body: await asked.json(), cookie: asked.headers.get('set-cookie') }).toMatchObject({
        status: 404,
        body: { error: { message: 'Unknown transaction' } },
        cookie: expect.not.stringContaining('kirana_device'),
      });
    }
  });

  it("an unknown coupon and a cart under ₹20 read 'Invalid coupon' (422)", async () => {
    const client = shopper(url);
    const { transactionId, messageId } = await selectAndQuote(client, lines());
    const unknown = await client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: 'NOPE' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ status: 'FAILURE', errorMessage: 'Invalid coupon' });

    const cheap = store.cheapest;
    expect(cheap.pricePaise).toBeLessThan(2000);
    const small = await selectAndQuote(client, [{ sku_id: cheap.id, quantity: 1 }]);
    const below = await client.post('/ondc/offer/apply', {
      transactionId: small.transactionId,
      messageId: small.messageId,
      cityName: 'bengaluru',
      manualCoupon: 'FLAT50',
    });
    expect(below.status).toBe(422);
    expect(await below.json()).toMatchObject({ errorMessage: 'Invalid coupon' });
  });

  it('rate-limits coupon attempts per shopper with a clear 429', async () => {
    const client = shopper(url);
    const { transactionId, messageId } = await selectAndQuote(client, lines());
    const attempt = (code: string) => client.post('/ondc/offer/apply', { transactionId, messageId, cityName: 'bengaluru', manualCoupon: code });
    for (let i = 0; i < 10; i++) expect((await attempt(`GUESS${i}`)).status).toBe(422);
    const limited = await attempt('FLAT50');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).errorMessage).toMatch(/Too many coupon attempts/);
    // Another shopper is not held back.
    const other = shopper(url);
    const theirs = await selectAndQuote(other, lines());
    expect(
      (
        await other.post('/ondc/offer/apply', {
          transactionId: theirs.transactionId,
          messageId: theirs.messageId,
          cityName: 'bengaluru',
          manualCoupon: 'FLAT50',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses bad offer and init input with a clear 4xx', async () => {
    const client = shopper(url);
    await client.get('/');
    expect((await client.get('/ondc/offer/list?cityName=bengaluru')).status).toBe(400);
    expect((await client.post('/ondc/offer/apply', '{')).status).toBe(400);
    expect((await client.post('/ondc/init', { transaction_id: 'abc' })).status).toBe(400);
    expect((await client.get('/ondc/status?type=track&message_id=x')).status).toBe(400);
    expect((await client.get('/ondc/status?type=confirm&message_id=x')).status).toBe(404);
    expect((await client.post('/ondc/init', initBody('00000000-0000-0000-0000-000000000000', lines()))).status).toBe(404);
  });

  // The only stores with a minimum order keep hours (07:00–23:00): a closed store's item is refused
  // before the minimum is looked at, and the shared storefront's clock is at noon (tests/support/test-clock.ts).
  it('SPEC §5 minimum cart value: refused with the shortfall before any network call', async () => {
    const low = minimumOrderStore();
    const client = shopper(url);
    await addToCart(client, low, 1);
    const response = await client.post('/ondc/select', {
      categoryDomain: 'ONDC:RET10',
      ondcCity: low.provider.cityId,
      bpp: { bpp_id: low.seller.id },
      provider: { id: low.provider.id, locations: [low.location.id] },
      items: [{ sku_id: low.item.id, quantity: 1, location_id: low.location.id }],
      address: { area_code: low.location.pincode },
    });
    expect(response.status).toBe(422);
    const shortfall = Math.ceil((low.minOrderPaise - low.item.pricePaise) / 100);
    expect(await response.json()).toMatchObject({
      status: 'FAILURE',
      error: { code: 'MIN_CART_VALUE', shortfall, message: `Add items worth ₹${shortfall} more to place this order` },
    });
  });

  it('item out of stock (40002): quoted at what is left, and the server\'s quote check says "Only {n} available"', async () => {
    const client = shopper(url);
    const item = store.scarce;
    const { answer } = await selectAndQuote(client, [{ sku_id: item.id, quantity: item.stock + 1 }]);
    expect(answer.error?.code).toBe('40002');
    expect(answer.checkout.problems).toEqual([{ itemId: item.id, code: 'ONLY_X_AVAILABLE', message: `Only ${item.stock} available` }]);
  });

  it('above the per-order maximum: the cart refuses it with "Max {n} {title} can be ordered", so no select asks for it', async () => {
    const client = shopper(url);
    const item = store.items[1]!;
    const refused = await client.post('/ondc/cart', {
      action: 'UPDATE_ITEM',
      sku_id: item.id,
      quantity: item.maxPerOrder + 1,
      cart_metadata: { bpp_id: store.seller.id, provider_id: store.provider.id },
      item_metadata: { itemId: item.id, name: item.name, providerId: store.provider.id, locationId: store.location.id },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/^Max \d+ .+ can be ordered$/);
  });

  it("price changed: the server's quote check flags the line and the ITEM_PRICE_MISMATCH event", async () => {
    const client = shopper(url);
    const item = store.drifted;
    const { answer } = await selectAndQuote(client, [{ sku_id: item.id, quantity: 1 }]);
    const check = answer.checkout;
    expect(check.priceChanged).toBe(true);
    expect(check.problems).toEqual([{ itemId: item.id, code: 'ITEM_PRICE_CHANGED', message: 'Issue with item' }]);
    expect(check.events[0]).toMatchObject({
      label: 'ITEM_PRICE_MISMATCH',
      cart_price: paiseToRupees(item.pricePaise),
      on_select_price: paiseToRupees(currentPricePaise(item)),
      item_id: item.id,
    });
  });

  it('store closed: a disabled store’s item is refused by the cart in SPEC §8’s words, before any network call (issue 28)', async () => {
    const closed = disabledStore();
    const client = shopper(url);
    const added = await client.post('/ondc/cart', {
      action: 'UPDATE_ITEM',
      sku_id: closed.item.id,
      quantity: 1,
      cart_metadata: { bpp_id: closed.seller.id, provider_id: closed.provider.id },
      item_metadata: { itemId: closed.item.id, name: closed.item.name, providerId: closed.provider.id, locationId: closed.location.id },
    });
    expect(added.status).toBe(409);
    expect((await added.json()).error).toMatchObject({
      code: 'STORE_TEMPORARILY_CLOSED',
      message: expect.stringMatching(/^The store is not taking orders right now/),
    });
    expect(await (await client.get(`/ondc/cart?cityName=${closed.provider.cityId}`)).json()).toMatchObject({ data: [] });
  });

  it('init validation failure: the seller refuses the address (31002) → ON_INIT_VALIDATION_FAILURE', async () => {
    const client = shopper(url);
    const { transactionId } = await selectAndQuote(client, lines());
    const init = await client.post('/ondc/init', initBody(transactionId, lines(), { address: { name: 'Indiranagar', locality: 'Indiranagar' } }));
    expect(init.status).toBe(200);
    const { data } = await init.json();
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(status).toMatchObject({ order_status: 'ON_INIT_VALIDATION_FAILURE', error: { code: '31002' } });
  });

  it('init to a pincode the store does not serve fails with a serviceability code', async () => {
    const client = shopper(url);
    const { transactionId } = await selectAndQuote(client, lines());
    const pincode = unservedPincode();
    const init = await client.post('/ondc/init', initBody(transactionId, lines(), { address: { area_code: pincode } }));
    const { data } = await init.json();
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(status.order_status).toBe('FAILED');
    expect(['30009', '30011']).toContain((status.error as { code: string }).code);
  });

  it('user consent defaults to accepted', async () => {
    const client = shopper(url);
    expect(await (await client.get('/ondc/v2/user-conscent')).json()).toEqual({ is_consent_accepted: true });
  });

  async function checkoutToInit(client: Client) {
    const { transactionId, messageId } = await selectAndQuote(client, lines());
    const init = await (await client.post('/ondc/init', initBody(transactionId, lines()))).json();
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(status.order_status).toBe('CREATED');
    return { transactionId, selectMessageId: messageId, initMessageId: init.data.message_id as string, total: status.onInitTotalPrice as number };
  }

  it('payment failure then retry → confirm → on_confirm: the order exists once, whatever is repeated', async () => {
    const client = shopper(url);
    const { transactionId, selectMessageId, initMessageId, total } = await checkoutToInit(client);
    const applied = await (
      await client.post('/ondc/offer/apply', { transactionId, messageId: selectMessageId, cityName: 'bengaluru', manualCoupon: 'SAVE10' })
    ).json();

    const failed = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'failure@kirana' })
    ).json();
    expect(failed.data.status).toBe('FAILED');
    const early = await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: failed.data.payment_id });
    expect(early.status).toBe(409);

    const paid = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'asha@okaxis' })
    ).json();
    expect(paid.data).toMatchObject({ status: 'PAID', amount: Math.round((total - applied.data.discount) * 100) / 100 });
    // A second tap on Pay is the same payment, not a second charge.
    const again = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'asha@okaxis' })
    ).json();
    expect(again.data.payment_id).toBe(paid.data.payment_id);

    const confirmBody = { transaction_id: transactionId, payment_id: paid.data.payment_id };
    const [first, second] = await Promise.all([client.post('/ondc/confirm', confirmBody), client.post('/ondc/confirm', confirmBody)]);
    const a = await first.json();
    const b = await second.json();
    expect(a).toMatchObject({ status: 'ACK', data: { order_id: expect.stringMatching(/^KO[0-9A-F]{20}$/) } });
    expect(b.data.order_id).toBe(a.data.order_id);
    const status = await pollFor(client, `/ondc/status?type=confirm&message_id=${a.data.message_id}`, (s) => s['order_status'] !== 'PENDING', 5);
    expect(status).toMatchObject({ order_status: 'CONFIRMED', order_id: a.data.order_id, error: null });
    const retried = await (await client.post('/ondc/confirm', confirmBody)).json();
    expect(retried.data).toEqual(a.data);

    // SPEC §7.3 getInstrumentDetails: the UPI id this shopper paid with; nobody else's.
    const instrument = '/kong-api/package_api/v3/payment/getInstrumentDetails?instrumentType=upi_account';
    expect(await (await client.get(instrument)).json()).toEqual({ success: true, instrument_type: 'upi_account', vpa: 'asha@okaxis' });

    const page = await (await client.get(`/order-confirmation?order_id=${a.data.order_id}`)).text();
    expect(page).toContain(a.data.order_id);
    expect(page).toContain('Your order is placed');
    const stranger = shopper(url);
    await stranger.get('/');
    expect(await (await stranger.get(`/order-confirmation?order_id=${a.data.order_id}`)).text()).not.toContain(a.data.order_id);
    expect((await stranger.post('/ondc/confirm', confirmBody)).status).toBe(404);
    expect((await stranger.get(`/ondc/payment/status?payment_id=${paid.data.payment_id}`)).status).toBe(404);
    expect(await (await stranger.get(instrument)).json()).toEqual({ success: false, instrument_type: 'upi_account' });
  });

  it('cash on delivery: init ON-FULFILLMENT, no collect, the order confirmed unpaid; refused for a prepaid init', async () => {
    const client = shopper(url);
    const prepaid = await checkoutToInit(client);
    const refused = await client.post('/ondc/payment', { method: 'cod', transaction_id: prepaid.transactionId, init_message_id: prepaid.initMessageId });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('Cash on delivery is not available for this order');

    const { transactionId } = await selectAndQuote(client, lines());
    const init = await (await client.post('/ondc/init', { ...initBody(transactionId, lines()), payment_type: 'ON-FULFILLMENT' })).json();
    const status = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(status.order_status).toBe('CREATED');
    expect(status.order.payment).toMatchObject({ type: 'ON-FULFILLMENT', collected_by: 'BPP' });
    const cod = await (await client.post('/ondc/payment', { method: 'cod', transaction_id: transactionId, init_message_id: init.data.message_id })).json();
    expect(cod.data).toMatchObject({ method: 'cod', status: 'ON-DELIVERY' });
    const confirmed = await (await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: cod.data.payment_id })).json();
    const placed = await pollFor(client, `/ondc/status?type=confirm&message_id=${confirmed.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
    expect(placed).toMatchObject({ order_status: 'CONFIRMED', order_id: confirmed.data.order_id });
  });

  it('SPEC §5 coins: a placed order earns floor(total × 1 %) when the seller confirms it, page or no page; the next burns up to 10 % of its value, capped by the balance', async () => {
    const client = shopper(url);
    const big: Line[] = [{ sku_id: store.items[1]!.id, quantity: 10 }];
    // SPEC §3 available_coins_balance, as the cart shows it.
    const balance = async () => (await (await client.post('/ondc/cart', cartUpdate(1))).json()).data.at(-1).available_coins_balance as number;
    // Paid and confirmed; the confirmation is never polled (the page closed): the seller's on_confirm credits the coins.
    async function order(burn: boolean) {
      const { transactionId } = await selectAndQuote(client, big);
      const init = await (await client.post('/ondc/init', initBody(transactionId, big))).json();
      const status = await pollFor(client, `/ondc/status?type=init&message_id=${init.data.message_id}`, (b) => b['order_status'] !== 'PENDING', 5);
      const paid = await (
        await client.post('/ondc/payment', {
          method: 'upi',
          transaction_id: transactionId,
          init_message_id: init.data.message_id,
          vpa: 'asha@okaxis',
          burn_coins: burn,
        })
      ).json();
      expect((await client.post('/ondc/confirm', { transaction_id: transactionId, payment_id: paid.data.payment_id })).status).toBe(200);
      return { total: status.onInitTotalPrice as number, payment: paid.data };
    }
    const first = await order(true);
    // Nothing to burn yet.
    expect(first.payment).toMatchObject({ coins_burned: 0, amount: first.total });
    const earned = Math.floor(first.total / 100);
    expect(earned).toBeGreaterThan(0);
    for (let i = 0; i < 25 && (await balance()) !== earned; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await balance()).toBe(earned);
    const second = await order(true);
    const burned = Math.min(Math.floor(second.total / 10), earned);
    expect(second.payment).toMatchObject({ coins_burned: burned, coin_discount: burned, amount: Math.round((second.total - burned) * 100) / 100 });
    // While the second payment holds them, the burned coins cannot be spent again; once its order stands they are burned and its reward credited.
    const after = earned - burned + Math.floor(second.payment.amount / 100);
    for (let i = 0; i < 25 && (await balance()) !== after; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await balance()).toBe(after);
  });

  it('a customised dish goes to select with its add-ons, built from the server cart', async () => {
    // The one restaurant open around the clock, and a dish with choices.
    const restaurant = generateNetwork()
      .sellers.flatMap((s) => s.providers)
      .find((p) => p.kind === 'restaurant' && p.status === 'enable' && p.openingHours.from === ALL_DAY.from && p.openingHours.to === ALL_DAY.to)!;
    const pizza = [...providerItems(restaurant)].find((i): i is DishItem => i.kind === 'dish' && i.customGroupIds.length > 0)!;
    const location = restaurant.locations[0]!;
    const client = shopper(url);
    const groups = await (await client.get(`/ondc/customisations?bpp_id=${restaurant.sellerId}&provider_id=${restaurant.id}&item_id=${pizza.id}`)).json();
    const tree = groups.data.tree as {
      rootGroupIds: string[];
      groups: Record<string, { options: Array<{ id: string; isDefault: boolean; childGroupIds: string[] }> }>;
    };
    // The default (or first) choice of every group that opens, as the add-on picker preselects.
    const picks: string[] = [];
    const pick = (groupId: string) => {
      const options = tree.groups[groupId]?.options ?? [];
      const option = options.find((o) => o.isDefault) ?? options[0];
      if (!option) return;
      picks.push(option.id);
      option.childGroupIds.forEach(pick);
    };
    tree.rootGroupIds.forEach(pick);
    const added = await client.post('/ondc/cart', {
      action: 'UPDATE_ITEM',
      sku_id: pizza.id,
      quantity: 2,
      cart_metadata: { bpp_id: restaurant.sellerId, provider_id: restaurant.id },
      item_metadata: { itemId: pizza.id, providerId: restaurant.id, locationId: location.id, customisations: picks },
    });
    const cart = cartAnswerSchema.parse(await added.json()).data.at(-1)!;
    const items = protocolItems(cart);
    expect(items.map((i) => i.id)).toEqual([pizza.id, ...[...picks].sort()]);
    // The place alone: what is ordered is the server cart.
    const response = await client.post('/ondc/select', {
      ondcCity: restaurant.cityId,
      lat_long: `${location.lat},${location.lng}`,
      address: { area_code: location.pincode },
      cart_version: cart.cart_version,
    });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    const answer = await pollFor(client, `/ondc/fetchMessage?type=select&message_id=${data.message_id}`, (b) => b['status'] !== 'PENDING', 20);
    expect(answer.error).toBeNull();
    const quoted = (answer.message.order.quote.breakup as Array<{ '@ondc/org/item_id': string; '@ondc/org/title_type': string }>)
      .filter((l) => l['@ondc/org/title_type'] === 'item')
      .map((l) => l['@ondc/org/item_id']);
    expect(quoted).toEqual(items.map((i) => i.id));
  });

  it('a payment that times out is withdrawn at the gateway before a retry, so nothing is charged twice', async () => {
    const client = shopper(url);
    const { transactionId, initMessageId } = await checkoutToInit(client);
    const pay = async (vpa: string) =>
      (await (await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa })).json()).data;
    const stuck = await pay('timeout@kirana');
    expect(stuck.status).toBe('PENDING');
    // While the client may still be waiting for it, a second tap is the same payment.
    expect((await pay('asha@okaxis')).payment_id).toBe(stuck.payment_id);
    await new Promise((r) => setTimeout(r, PENDING_GIVE_UP_MS + 500));
    const retried = await pay('asha@okaxis');
    expect(retried.payment_id).not.toBe(stuck.payment_id);
    expect(retried.status).toBe('PAID');
    expect((await (await client.get(`/ondc/payment/status?payment_id=${stuck.payment_id}`)).json()).data.status).toBe('FAILED');
  });

  it('a pending payment is paid after the gateway catches up', async () => {
    const client = shopper(url);
    const { transactionId, initMessageId } = await checkoutToInit(client);
    const started = await (
      await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: initMessageId, vpa: 'pending@kirana' })
    ).json();
    expect(started.data.status).toBe('PENDING');
    const paid = await pollFor(
      client,
      `/ondc/payment/status?payment_id=${started.data.payment_id}`,
      (b) => (b['data'] as { status: string }).status !== 'PENDING',
      5,
    );
    expect(paid.data.status).toBe('PAID');
  });

  it('refuses a payment for a checkout without an on_init of this shopper', async () => {
    const client = shopper(url);
    const { transactionId, selectMessageId } = await checkoutToInit(client);
    const refused = await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: selectMessageId, vpa: 'asha@okaxis' });
    expect(refused.status).toBe(404);
    // SPEC §4's words for a checkout with no quote to pay (the island then offers to place the order again).
    expect((await refused.json()).error.message).toBe(NO_QUOTE_TO_PAY_MESSAGE);
    expect(
      (await client.post('/ondc/payment', { method: 'upi', transaction_id: transactionId, init_message_id: selectMessageId, vpa: 'not a vpa' })).status,
    ).toBe(400);
  });
});
