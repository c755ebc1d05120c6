// Issue 28 point 6: the contact a shopper ordered with, kept per shopper so the next checkout
// starts from it (the address book keeps the places; the name and mobile number live here).
import type { Queryable } from '#/db/client.ts';

export type CheckoutContact = { name: string; phone: string; email: string | null };

export async function checkoutContact(q: Queryable, shopper: string | null): Promise<CheckoutContact | null> {
  if (!shopper) return null;
  const [row] = await q.query<CheckoutContact>('SELECT name, phone, email FROM checkout_contacts WHERE shopper_key = $1', [shopper]);
  return row ?? null;
}

export async function keepCheckoutContact(q: Queryable, shopper: string, contact: { name: string; phone: string; email?: string | undefined }): Promise<void> {
  await q.query(
    `INSERT INTO checkout_contacts (shopper_key, name, phone, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (shopper_key) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone, email = EXCLUDED.email, updated_at = clock_timestamp()`,
    [shopper, contact.name, contact.phone, contact.email ?? null],
  );
}
