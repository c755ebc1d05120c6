import type { z } from 'zod';
import { hasNul } from '#/lib/http/json.ts';
import type { CartErrorCode } from '#/features/cart/payload.ts';

/** Reads a posted form with a schema; anything else (not a form, wrong fields) is null. */
export async function readForm<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T> | null> {
  try {
    const fields = Object.fromEntries(await request.formData());
    if (Object.values(fields).some((value) => typeof value === 'string' && hasNul(value))) return null;
    const parsed = schema.safeParse(fields);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Back where the shopper posted from (SPEC: add-to-cart answers 303 to the Referer), never to another site. */
export function backTo(request: Request, url: URL): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    if (referer.host === url.host) return `${referer.pathname}${referer.search}`;
  } catch {
    // no usable Referer: the cart page
  }
  return '/cart';
}

/** A refusal shown on the cart page by its code; the message itself never travels in a URL. */
export function cartPageWithError(code: CartErrorCode): string {
  return `/cart?error=${code}`;
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } });
}
