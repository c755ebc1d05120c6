import { messagesFor } from '#/features/i18n/catalogue.ts';
import { HTML_LANG, type Locale } from '#/features/i18n/locale.ts';

/** SPEC §2.2 and §8 page messages, word for word. */
const ERROR_MESSAGES = {
  notFound: '404 Not Found',
  generic: 'Oops! An error occurred',
  unauthorized: 'You do not have the required permissions to view this page.',
  errorPageFailed: 'An error occurred while showing the error page',
  pageNotFound: 'This page could not be found',
} as const;

export interface ErrorView {
  status: number;
  heading: string;
  detail: string | null;
}

/** What the error page says for a status, an error type from the query, and an error's own message. */
export function describeError(input: { status?: number | undefined; errorType?: string | null | undefined; message?: string | null | undefined }): ErrorView {
  if (input.errorType === 'Unauthorized') {
    return { status: 401, heading: ERROR_MESSAGES.unauthorized, detail: null };
  }
  if (input.status === 404) {
    return { status: 404, heading: ERROR_MESSAGES.notFound, detail: ERROR_MESSAGES.pageNotFound };
  }
  const message = input.message?.trim();
  return { status: input.status ?? 500, heading: message ? message : ERROR_MESSAGES.generic, detail: null };
}

/** When the error page itself cannot render: plain HTML, no layout, nothing that can fail again. */
export function errorPageFallback(locale: Locale = 'en'): Response {
  const t = messagesFor(locale);
  return new Response(
    `<!doctype html><html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>GROCERY APP</title></head><body><main><h1>${t.spec.errorPageFailed}</h1><p><a href="/">${t.errors.goHome}</a></p></main></body></html>`,
    { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}
