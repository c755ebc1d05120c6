/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    sessionId: string;
    tenant: import('#/features/platform/tenant.ts').Tenant;
    /**
     * Set inside the native app, where the user id cookie marks a signed-in shopper (SPEC §6):
     * only when its token verified (issue 24), otherwise null.
     */
    userId: string | null;
    /** The id the userId cookie names, verified or not: for analytics' ext_user_id alone. */
    claimedUserId: string | null;
    /** The language this answer speaks (features/i18n/locale.ts chooseLocale). */
    locale: import('#/features/i18n/locale.ts').Locale;
    /** The page's client text block (ClientText.astro) is written once per page. */
    clientTextWritten?: boolean;
  }
}
