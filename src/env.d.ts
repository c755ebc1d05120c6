/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    sessionId: string;
    tenant: import('./features/platform/tenant.ts').Tenant;
    /** Set inside the native app, where the user id cookie marks a signed-in shopper (SPEC §6). */
    userId: string | null;
  }
}
