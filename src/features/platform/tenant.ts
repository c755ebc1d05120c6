import { z } from 'zod';

/** SPEC §1: the default operator tenant, and the electric-delivery tenant. */
export const tenantSchema = z.enum(['mobility', 'ev_delivery']);
export type Tenant = z.infer<typeof tenantSchema>;
export const DEFAULT_TENANT: Tenant = 'mobility';
export const TENANT_COOKIE = 'tenant';

/** SPEC §1: the tenant is read from a cookie, then from session storage, else the operator tenant. */
export function resolveTenant(cookieValue: string | undefined | null, sessionValue?: string | null): Tenant {
  for (const candidate of [cookieValue, sessionValue]) {
    const parsed = tenantSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return DEFAULT_TENANT;
}

/** SPEC §1: the ev_delivery tenant clears the stored locale (the locale cookie, features/i18n/locale.ts). */
export function clearsStoredLocale(tenant: Tenant): boolean {
  return tenant === 'ev_delivery';
}
