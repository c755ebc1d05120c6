// No zod here: the analytics page module reads the tenant, and zod would add ~26 KB gzipped to
// what a tap loads (issue 16).

/** SPEC §1: the default operator tenant, and the electric-delivery tenant. */
const TENANTS = ['mobility', 'ev_delivery'] as const;
export type Tenant = (typeof TENANTS)[number];
const DEFAULT_TENANT: Tenant = 'mobility';
export const TENANT_COOKIE = 'tenant';

/** SPEC §1: the tenant is read from a cookie, then from session storage, else the operator tenant. */
export function resolveTenant(cookieValue: string | undefined | null, sessionValue?: string | null): Tenant {
  return [cookieValue, sessionValue].find((candidate): candidate is Tenant => TENANTS.includes(candidate as Tenant)) ?? DEFAULT_TENANT;
}

/** SPEC §1: the ev_delivery tenant clears the stored locale (the locale cookie, features/i18n/locale.ts). */
export function clearsStoredLocale(tenant: Tenant): boolean {
  return tenant === 'ev_delivery';
}
