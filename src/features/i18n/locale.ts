// Which language a page speaks (issue 15): the address's ?lang (crawlers and the language switch),
// then the stored choice (the locale cookie, which the ev_delivery tenant clears: SPEC §1), then
// the browser's Accept-Language, else English.
import { z } from 'zod';

export const LOCALES = ['en', 'hi'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
const DEFAULT_LOCALE: Locale = 'en';
/** The stored preference (SPEC §1 "stored locale"): a cookie, so the server renders the right language. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Each language's own address for crawlers: /stores?lang=hi. */
export const LOCALE_QUERY = 'lang';

/** `<html lang>`: Hindi is Hindi wherever it is read; English is India's. */
export const HTML_LANG: Record<Locale, string> = { en: 'en-IN', hi: 'hi' };
/** A page's language read back from its `<html lang>` (HTML_LANG), for scripts that format in it. */
export const localeOfHtmlLang = (lang: string): Locale => (lang === HTML_LANG.hi ? 'hi' : 'en');
/** `hreflang` of each language's address: both are meant for shoppers in India. */
export const HREFLANG: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Intl locales: Indian grouping (1,23,456) in both; Hindi keeps Western digits as Indian apps do. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A moment as the pages write it ("7 Dec, 7:43 pm", with the year when asked): India's time, Western digits in both languages. */
export function momentFormat(locale: Locale, options: { year?: boolean } = {}): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    numberingSystem: 'latn',
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    ...(options.year ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A time of day as the pages write it ("7:43 pm"): India's time, Western digits in both languages. */
export function clockFormat(locale: Locale): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { numberingSystem: 'latn', timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });
}

/** The first of our languages the browser asks for, by q-value (RFC 9110 §12.5.4); null if none. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { language } of ranked) {
    const parsed = localeSchema.safeParse(language);
    if (parsed.success) return parsed.data;
  }
  return null;
}

export interface LocaleInputs {
  query: string | null | undefined;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  /** SPEC §1: the ev_delivery tenant clears the stored locale, so it is not read. */
  storedLocaleCleared: boolean;
}

export function chooseLocale(input: LocaleInputs): Locale {
  const fromQuery = localeSchema.safeParse(input.query);
  if (fromQuery.success) return fromQuery.data;
  if (!input.storedLocaleCleared) {
    const fromCookie = localeSchema.safeParse(input.cookie);
    if (fromCookie.success) return fromCookie.data;
  }
  return fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** A path in one language: English is the bare address, Hindi adds ?lang=hi (other parameters kept). */
export function localisedPath(path: string, locale: Locale): string {
  const url = new URL(path, 'http://x');
  url.searchParams.delete(LOCALE_QUERY);
  if (locale !== DEFAULT_LOCALE) url.searchParams.set(LOCALE_QUERY, locale);
  return `${url.pathname}${url.search}`;
}

/**
 * The same page in a chosen language, as ?lang= (which also stores the choice). Always a path on
 * this site: leading slashes collapse, so `//host` can never become another site's address.
 */
export function switchPath(path: string, to: Locale): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(LOCALE_QUERY, to);
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'hi' : 'en';
}
