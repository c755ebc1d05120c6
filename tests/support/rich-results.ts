// Google's Rich Results rules for the structured data our pages carry, written down from Google
// Search Central's structured-data guides (developers.google.com/search/docs/appearance/structured-data/…:
// merchant-listing, product-snippet, breadcrumb, local-business, organization, site-names; read
// 2026-11). A missing or malformed *required* property makes the Rich Results Test refuse the
// rich result: an error here. A missing *recommended* property is the test's non-critical
// warning: reported by name, so a test can say which ones the shop accepts and why.
type Json = Record<string, unknown>;

export type Finding = { type: string; errors: string[]; warnings: string[] };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const absoluteUrl = (v: unknown): v is string => text(v) && /^https?:\/\/[^/\s]+/.test(v);
const typesOf = (node: Json): string[] => (Array.isArray(node['@type']) ? (node['@type'] as string[]) : [String(node['@type'] ?? '')]);

/** schema.org's ItemAvailability values (Google reads the full URL or the short name). */
const AVAILABILITY = [
  'BackOrder',
  'Discontinued',
  'InStock',
  'InStoreOnly',
  'LimitedAvailability',
  'MadeToOrder',
  'OnlineOnly',
  'OutOfStock',
  'PreOrder',
  'PreSale',
  'Reserved',
  'SoldOut',
];
const CONDITION = ['NewCondition', 'RefurbishedCondition', 'UsedCondition', 'DamagedCondition'];
const RETURN_CATEGORY = ['MerchantReturnFiniteReturnWindow', 'MerchantReturnNotPermitted', 'MerchantReturnUnlimitedWindow', 'MerchantReturnUnspecified'];
const enumValue = (v: unknown, values: string[]) => text(v) && values.includes(v.replace(/^https?:\/\/schema\.org\//, ''));

/** Types Google accepts for a local business rich result: LocalBusiness and its subtypes we use. */
const LOCAL_BUSINESS = new Set([
  'LocalBusiness',
  'Store',
  'GroceryStore',
  'FoodEstablishment',
  'Restaurant',
  'CafeOrCoffeeShop',
  'Bakery',
  'FastFoodRestaurant',
]);

/** Every node of a page's JSON-LD scripts: each top-level object and each member of an @graph. */
export function jsonLdNodes(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] ?? 'null') as unknown)
    .flatMap((doc) => (isObject(doc) && Array.isArray(doc['@graph']) ? (doc['@graph'] as unknown[]) : [doc]))
    .filter(isObject);
}

/**
 * Merchant listing (Product + Offer). Required: name; image; offers with price (a number > 0:
 * a free product is not a merchant listing) and priceCurrency (ISO 4217). Recommended on the
 * offer: availability, itemCondition, hasMerchantReturnPolicy (applicableCountry and
 * returnPolicyCategory required in it; merchantReturnDays for a finite window), shippingDetails;
 * on the product: description, brand (with a name), sku, a gtin (or mpn), aggregateRating
 * (ratingValue with ratingCount or reviewCount) or review. Product snippets need name and one of
 * offers, review or aggregateRating: a merchant listing that passes meets them.
 */
export function checkProduct(node: Json): Finding {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!text(node['name'])) errors.push('name');
  const images = Array.isArray(node['image']) ? node['image'] : [node['image']];
  if (!present(node['image']) || !images.every((i) => absoluteUrl(i) || (isObject(i) && absoluteUrl(i['url'])))) errors.push('image');
  const offers = Array.isArray(node['offers']) ? node['offers'] : [node['offers']];
  if (!present(node['offers']) || !offers.every(isObject)) errors.push('offers');
  for (const offer of offers.filter(isObject)) {
    const aggregate = typesOf(offer).includes('AggregateOffer');
    const price = Number(aggregate ? offer['lowPrice'] : offer['price']);
    if (!(Number.isFinite(price) && price > 0)) errors.push(aggregate ? 'offers.lowPrice' : 'offers.price');
    if (!(text(offer['priceCurrency']) && /^[A-Z]{3}$/.test(offer['priceCurrency']))) errors.push('offers.priceCurrency');
    if (!present(offer['availability'])) warnings.push('offers.availability');
    else if (!enumValue(offer['availability'], AVAILABILITY)) errors.push('offers.availability (not an ItemAvailability)');
    if (!present(offer['itemCondition'])) warnings.push('offers.itemCondition');
    else if (!enumValue(offer['itemCondition'], CONDITION)) errors.push('offers.itemCondition (not an OfferItemCondition)');
    const policy = offer['hasMerchantReturnPolicy'] ?? node['hasMerchantReturnPolicy'];
    if (!present(policy)) warnings.push('hasMerchantReturnPolicy');
    else if (!isObject(policy) || !text(policy['applicableCountry']) || !enumValue(policy['returnPolicyCategory'], RETURN_CATEGORY))
      errors.push('hasMerchantReturnPolicy (applicableCountry, returnPolicyCategory)');
    else if (String(policy['returnPolicyCategory']).endsWith('MerchantReturnFiniteReturnWindow') && !(Number(policy['merchantReturnDays']) > 0))
      errors.push('hasMerchantReturnPolicy.merchantReturnDays');
    if (!present(offer['shippingDetails'])) warnings.push('offers.shippingDetails');
  }
  if (!text(node['description'])) warnings.push('description');
  if (!(isObject(node['brand']) ? text(node['brand']['name']) : text(node['brand']))) warnings.push('brand.name');
  if (!text(node['sku'])) warnings.push('sku');
  if (!['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn'].some((k) => text(node[k]))) warnings.push('gtin');
  else
    for (const k of ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14'])
      if (present(node[k]) && !/^\d{8,14}$/.test(String(node[k]))) errors.push(`${k} (8 to 14 digits)`);
  const rating = node['aggregateRating'];
  if (!present(rating) && !present(node['review'])) warnings.push('aggregateRating');
  else if (isObject(rating)) {
    const value = Number(rating['ratingValue']);
    const best = Number(rating['bestRating'] ?? 5);
    const worst = Number(rating['worstRating'] ?? 1);
    if (!(Number.isFinite(value) && value >= worst && value <= best)) errors.push('aggregateRating.ratingValue');
    if (!(Number(rating['ratingCount']) > 0 || Number(rating['reviewCount']) > 0)) errors.push('aggregateRating.ratingCount');
  }
  return { type: 'Product', errors, warnings };
}

/**
 * Breadcrumb: itemListElement required, at least two ListItems (Google's guideline); each has
 * position (1, 2, … in order) and name; item (an absolute URL) on every one but the last.
 */
export function checkBreadcrumb(node: Json): Finding {
  const errors: string[] = [];
  const list = Array.isArray(node['itemListElement']) ? (node['itemListElement'] as unknown[]) : [];
  if (list.length < 2) errors.push('itemListElement (at least two)');
  list.forEach((entry, i) => {
    if (!isObject(entry)) {
      errors.push(`itemListElement[${i}]`);
      return;
    }
    if (entry['position'] !== i + 1) errors.push(`itemListElement[${i}].position`);
    if (!text(entry['name'])) errors.push(`itemListElement[${i}].name`);
    if (i < list.length - 1 && !absoluteUrl(isObject(entry['item']) ? entry['item']['@id'] : entry['item'])) errors.push(`itemListElement[${i}].item`);
  });
  return { type: 'BreadcrumbList', errors, warnings: [] };
}

/**
 * Local business: a LocalBusiness type (or subtype), name and address required. Recommended:
 * url, telephone, geo (latitude and longitude with at least 5 decimal places),
 * openingHoursSpecification (dayOfWeek, opens, closes as hh:mm), image; on the PostalAddress
 * streetAddress, addressLocality, addressRegion, postalCode, addressCountry (ISO 3166 alpha-2);
 * for a restaurant also servesCuisine and menu.
 */
export function checkLocalBusiness(node: Json): Finding {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!typesOf(node).some((t) => LOCAL_BUSINESS.has(t))) errors.push('@type (a LocalBusiness type)');
  if (!text(node['name'])) errors.push('name');
  const address = node['address'];
  if (!isObject(address)) errors.push('address');
  else {
    for (const field of ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode']) if (!text(address[field])) warnings.push(`address.${field}`);
    if (!text(address['addressCountry'])) warnings.push('address.addressCountry');
    else if (!/^[A-Z]{2}$/.test(address['addressCountry'])) errors.push('address.addressCountry (ISO 3166 alpha-2)');
    if (text(address['postalCode']) && address['addressCountry'] === 'IN' && !/^\d{6}$/.test(address['postalCode']))
      errors.push('address.postalCode (an Indian PIN code)');
  }
  if (!absoluteUrl(node['url'])) warnings.push('url');
  if (!text(node['telephone'])) warnings.push('telephone');
  if (!text(node['image']) && !(Array.isArray(node['image']) && node['image'].length > 0)) warnings.push('image');
  const geo = node['geo'];
  if (!isObject(geo)) warnings.push('geo');
  else {
    const decimals = (v: unknown) => (String(v).split('.')[1] ?? '').length;
    const lat = Number(geo['latitude']);
    const lng = Number(geo['longitude']);
    if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180) || !Number.isFinite(lat) || !Number.isFinite(lng)) errors.push('geo (latitude, longitude)');
    else if (decimals(geo['latitude']) < 5 || decimals(geo['longitude']) < 5) warnings.push('geo precision (5 decimal places)');
  }
  const hours = node['openingHoursSpecification'];
  if (!present(hours)) warnings.push('openingHoursSpecification');
  else
    for (const spec of Array.isArray(hours) ? hours : [hours]) {
      if (
        !isObject(spec) ||
        !present(spec['dayOfWeek']) ||
        !/^\d{2}:\d{2}(:\d{2})?$/.test(String(spec['opens'])) ||
        !/^\d{2}:\d{2}(:\d{2})?$/.test(String(spec['closes']))
      )
        errors.push('openingHoursSpecification (dayOfWeek, opens, closes)');
    }
  if (typesOf(node).some((t) => ['Restaurant', 'FoodEstablishment', 'CafeOrCoffeeShop', 'Bakery', 'FastFoodRestaurant'].includes(t))) {
    if (!present(node['servesCuisine'])) warnings.push('servesCuisine');
    if (!present(node['menu']) && !present(node['hasMenu'])) warnings.push('menu');
  }
  return { type: 'LocalBusiness', errors, warnings };
}

/**
 * Organization: Google requires nothing but recommends name, url and logo (an absolute URL of an
 * image at least 112×112 Google can crawl), and sameAs. Logo markup needs url and logo.
 */
export function checkOrganization(node: Json): Finding {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!text(node['name'])) warnings.push('name');
  if (!absoluteUrl(node['url'])) errors.push('url (the logo rich result needs it)');
  const logo = isObject(node['logo']) ? node['logo']['url'] : node['logo'];
  if (!absoluteUrl(logo)) errors.push('logo (the logo rich result needs it)');
  if (!present(node['sameAs'])) warnings.push('sameAs');
  return { type: 'Organization', errors, warnings };
}

/**
 * WebSite (site names): name and url (the site's home page) required. A SearchAction needs a
 * target whose urlTemplate holds {search_term_string} and a query-input that names it. Google
 * retired the sitelinks search box from results in 2024; the markup still has to be well formed.
 */
export function checkWebSite(node: Json): Finding {
  const errors: string[] = [];
  if (!text(node['name'])) errors.push('name');
  if (!(absoluteUrl(node['url']) && new URL(node['url']).pathname === '/')) errors.push('url (the home page)');
  const action = node['potentialAction'];
  if (present(action)) {
    const search = (Array.isArray(action) ? action : [action]).find((a) => isObject(a) && typesOf(a).includes('SearchAction'));
    if (!isObject(search)) errors.push('potentialAction (a SearchAction)');
    else {
      const target = search['target'];
      const template = isObject(target) ? target['urlTemplate'] : target;
      if (!(absoluteUrl(template) && template.includes('{search_term_string}'))) errors.push('potentialAction.target.urlTemplate');
      else if (new URL(template.replace('{search_term_string}', 'x')).origin !== new URL(String(node['url'])).origin)
        errors.push("potentialAction.target.urlTemplate (the site's own origin)");
      const input = search['query-input'];
      const inputName = isObject(input) ? input['valueName'] : String(input ?? '').match(/name=(\w+)/)?.[1];
      if (inputName !== 'search_term_string') errors.push('potentialAction.query-input');
    }
  }
  return { type: 'WebSite', errors, warnings: [] };
}
