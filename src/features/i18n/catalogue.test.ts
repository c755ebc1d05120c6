import { describe, expect, it } from 'vitest';
import { formatRupees } from '#/lib/money.ts';
import { messagesFor, missingKeys, specPairs } from './catalogue.ts';
import { offerText } from './labels.ts';
import { en } from './en.ts';
import { hi } from './hi.ts';
import { chooseLocale, clockFormat, fromAcceptLanguage, HTML_LANG, localeOfHtmlLang, localisedPath, momentFormat, switchPath } from './locale.ts';
import { fill, localiseSpecText } from './text.ts';
import { CART_CHANGED_MESSAGE, CART_EMPTY_MESSAGE, QUOTE_STALE_MESSAGE } from '#/features/checkout/session.ts';
import {
  COD_UNAVAILABLE_MESSAGE,
  INVALID_UPI_ID_MESSAGE,
  NO_QUOTE_TO_PAY_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_TOO_LONG_MESSAGE,
  PAYMENT_UNDER_WAY_MESSAGE,
} from '#/features/payment/payment.ts';

describe('message catalogue completeness', () => {
  it('gives every English key a Hindi value with the same placeholders', () => {
    expect(missingKeys(en, hi)).toEqual([]);
  });

  it('names a key Hindi lacks, leaves empty or fills with other placeholders', () => {
    const { header, ...withoutHeader } = hi;
    expect(missingKeys(en, withoutHeader)).toContain('header');
    expect(missingKeys(en, { ...hi, home: { ...hi.home, moreStores: ' ' } })).toEqual(['home.moreStores']);
    expect(missingKeys(en, { ...hi, home: { ...hi.home, noDelivery: 'अभी कोई दुकान डिलीवरी नहीं करती।' } })).toEqual(['home.noDelivery']);
    expect(header.cart).toBe('कार्ट');
  });

  it('writes Hindi in Devanagari wherever English has words', () => {
    const leaves = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v as object)));
    // A placeholder ({day}) is no word: a template of placeholders alone has nothing to translate.
    const latinOnly = leaves(hi).filter((s) => /[a-z]{3}/i.test(s.replace(/\{\w+\}/g, '')) && !/[\u0900-\u097F]/.test(s));
    // Names kept in Latin letters as Indian apps and GST invoices write them: the language name, UPI, MRP, GSTIN, CGST, SGST, IGST, HSN.
    expect(latinOnly.sort()).toEqual([
      'CGST',
      'English',
      'GSTIN: {gstin}',
      'HSN',
      'HSN {hsn} · GST {rate}%',
      'IGST',
      'MRP {price}',
      'MRP {price}',
      'SGST',
      'UPI',
    ]);
  });
});

describe('SPEC strings', () => {
  it('stay word for word in English', () => {
    expect(en.spec.submitted).toBe('Your request is submitted succesfully');
    expect(en.spec.removeFailed).toBe('Failed to Removed item');
    expect(en.empty).toEqual({ noResults: 'No results found', removeFilters: 'Remove filters to get more results', clearFilters: 'Clear Filters' });
  });

  it('SPEC §9 price texts: From ₹X and ₹X for two', () => {
    expect(fill(en.item.from, { price: formatRupees(14900) })).toBe('From ₹149');
    expect(fill(en.store.forTwo, { price: formatRupees(40000) })).toBe('₹400 for two');
  });

  it('reach the shopper in Hindi with their values carried over', () => {
    const pairs = specPairs('hi');
    expect(localiseSpecText('Only 3 Aashirvaad Atta 5 kg available', pairs)).toBe('सिर्फ़ 3 Aashirvaad Atta 5 kg उपलब्ध');
    expect(localiseSpecText('Max 2 Amul Taaza can be ordered', pairs)).toBe('ज़्यादा से ज़्यादा 2 Amul Taaza ऑर्डर कर सकते हैं');
    expect(localiseSpecText('Updated item quantity', pairs)).toBe(hi.spec.updated);
    expect(localiseSpecText('Only 4 available', pairs)).toBe('सिर्फ़ 4 उपलब्ध');
  });

  it('what the checkout says when select, init or the payment is refused reaches a Hindi shopper in Hindi', () => {
    const pairs = specPairs('hi');
    const refusals = [
      CART_EMPTY_MESSAGE,
      CART_CHANGED_MESSAGE,
      QUOTE_STALE_MESSAGE,
      NO_QUOTE_TO_PAY_MESSAGE,
      PAYMENT_UNDER_WAY_MESSAGE,
      PAYMENT_TOO_LONG_MESSAGE,
      PAYMENT_FAILED_MESSAGE,
      INVALID_UPI_ID_MESSAGE,
      COD_UNAVAILABLE_MESSAGE,
    ];
    for (const message of refusals) expect(localiseSpecText(message, pairs), message).toMatch(/[\u0900-\u097F]/);
  });

  it('leave a seller’s own words and every English page as they are', () => {
    expect(localiseSpecText('Store closes at 10 pm', specPairs('hi'))).toBe('Store closes at 10 pm');
    expect(localiseSpecText('Updated item quantity', specPairs('en'))).toBe('Updated item quantity');
  });
});

describe('rupee formatting', () => {
  it('groups in lakhs with Western digits in English and Hindi', () => {
    expect(formatRupees(12345650, 'en')).toBe('₹1,23,456.50');
    expect(formatRupees(12345650, 'hi')).toBe('₹1,23,456.50');
    expect(formatRupees(1000000000, 'hi')).toBe('₹1,00,00,000');
    expect(formatRupees(4900, 'hi')).toBe('₹49');
    expect(formatRupees(12345650, 'hi')).not.toMatch(/[\u0966-\u096F]/);
  });
});

describe('locale choice', () => {
  const none = { query: null, cookie: null, acceptLanguage: null, storedLocaleCleared: false };

  it('defaults to English', () => {
    expect(chooseLocale(none)).toBe('en');
    expect(chooseLocale({ ...none, acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('en');
  });

  it('follows Accept-Language by quality when nothing is stored', () => {
    expect(chooseLocale({ ...none, acceptLanguage: 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('hi');
    expect(fromAcceptLanguage('en-GB;q=0.5, hi;q=0.7')).toBe('hi');
    expect(fromAcceptLanguage('hi;q=0, en')).toBe('en');
    expect(fromAcceptLanguage('ta-IN, hi;q=0.4')).toBe('hi');
  });

  it('lets the stored preference override Accept-Language', () => {
    expect(chooseLocale({ ...none, cookie: 'en', acceptLanguage: 'hi' })).toBe('en');
    expect(chooseLocale({ ...none, cookie: 'hi', acceptLanguage: 'en' })).toBe('hi');
    expect(chooseLocale({ ...none, cookie: 'xx', acceptLanguage: 'hi' })).toBe('hi');
  });

  it('lets the address (?lang) override the stored preference', () => {
    expect(chooseLocale({ ...none, query: 'hi', cookie: 'en' })).toBe('hi');
    expect(chooseLocale({ ...none, query: 'de', cookie: 'hi' })).toBe('hi');
  });

  it('ignores the stored locale for the ev_delivery tenant (SPEC §1)', () => {
    expect(chooseLocale({ ...none, cookie: 'hi', acceptLanguage: 'en', storedLocaleCleared: true })).toBe('en');
  });
});

describe('addresses per language', () => {
  it('keeps English bare and gives Hindi ?lang=hi, other parameters kept', () => {
    expect(localisedPath('/grocery-category?categoryId=101', 'hi')).toBe('/grocery-category?categoryId=101&lang=hi');
    expect(localisedPath('/grocery-category?categoryId=101&lang=hi', 'en')).toBe('/grocery-category?categoryId=101');
    expect(switchPath('/stores', 'en')).toBe('/stores?lang=en');
  });

  it('switches only to a path on this site, never to another host', () => {
    expect(switchPath('/.//evil.example', 'hi')).toBe('/evil.example?lang=hi');
    expect(switchPath('//evil.example/x', 'hi')).toBe('/x?lang=hi');
    expect(switchPath('/a/..//evil.example', 'en')).toBe('/evil.example?lang=en');
  });

  it('serves each locale its own catalogue', () => {
    expect(messagesFor('hi').header.cart).toBe('कार्ट');
    expect(messagesFor('en').header.cart).toBe('Cart');
  });
});

describe('our grocery categories in Hindi', () => {
  it('names every category and sub-category in Devanagari', async () => {
    const { GROCERY_CATEGORIES, GROCERY_SUB_CATEGORIES } = await import('#/features/catalogue/categories.ts');
    const { categoryName } = await import('./labels.ts');
    for (const category of [...GROCERY_CATEGORIES, ...GROCERY_SUB_CATEGORIES]) {
      expect(categoryName(category, 'hi'), category.name).toMatch(/[\u0900-\u097F]/);
      expect(categoryName(category, 'en')).toBe(category.name);
    }
  });
});

describe('store offers in the page language (issue 28)', () => {
  it('reads an offer as the catalogue writes it in English, and in Hindi', () => {
    const fresh = { kind: 'percent', value: 15, cap: 75, min: 299, hours: null } as const;
    expect(offerText(fresh, 'en')).toBe('15% off up to ₹75 above ₹299');
    expect(offerText(fresh, 'hi')).toBe('₹299 से ज़्यादा के ऑर्डर पर 15% छूट, ₹75 तक');
    expect(offerText({ kind: 'flat', value: 75, cap: 0, min: 0, hours: null }, 'hi')).toBe('₹75 की छूट');
  });

  it('says the hours of an offer that has them', () => {
    const evening = { kind: 'flat', value: 50, cap: 0, min: 249, hours: '4 pm–7 pm' } as const;
    expect(offerText(evening, 'en')).toBe('₹50 off above ₹249, 4 pm–7 pm');
    expect(offerText(evening, 'hi')).toBe('₹249 से ज़्यादा के ऑर्डर पर ₹50 की छूट, 4 pm–7 pm के बीच');
  });

  it('names the store discount on the bill in Hindi, not as a discount named "Store"', () => {
    expect(localiseSpecText('Store discount', specPairs('hi'))).toBe('दुकान की छूट');
    expect(localiseSpecText('FRESH15 discount', specPairs('hi'))).toMatch(/^FRESH15 /);
  });

  it('says in Hindi why an offer does not apply at this hour', () => {
    expect(localiseSpecText('Available 4 pm–7 pm', specPairs('hi'))).toBe('4 pm–7 pm के बीच मिलेगा');
  });
});

describe('the invoice’s charge titles in Hindi (issue 28)', () => {
  it('has a Hindi title for each charge the invoice names itself', async () => {
    const { CHARGE_TITLES } = await import('#/features/orders/invoice.ts');
    for (const title of [...Object.values(CHARGE_TITLES), 'Charge']) {
      expect(messagesFor('en').invoice.chargeTitles[title]).toBe(title);
      expect(messagesFor('hi').invoice.chargeTitles[title]).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe('a moment as the pages write it', () => {
  const moment = new Date('2026-12-07T14:13:00Z');
  it("in India's time, with Western digits in Hindi too, and the year only when asked", () => {
    expect(momentFormat('en').format(moment)).toBe('7 Dec, 7:43 pm');
    expect(momentFormat('hi').format(moment)).toBe('7 दिस॰, 7:43 pm');
    expect(momentFormat('en', { year: true }).format(moment)).toBe('7 Dec 2026, 7:43 pm');
    expect(clockFormat('hi').format(moment)).toBe('7:43 pm');
  });

  it('in the language a page says it is in, so a script writes moments as its page did', () => {
    for (const locale of ['en', 'hi'] as const) expect(localeOfHtmlLang(HTML_LANG[locale])).toBe(locale);
    expect(localeOfHtmlLang('')).toBe('en');
  });
});
