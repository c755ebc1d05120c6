import path from 'node:path';
import { z } from 'zod';
import { vpaSchema } from '#/features/payment/gateway.ts';
import { coreVersionSchema } from '#/ondc/context.ts';
import { INTENT_TTL_MS, SIMULATED_PAYEE } from '#/features/payment/upi-intent.ts';
import { EMBEDDED_AGENCY_ID } from '#/ondc/rsf.ts';

// Every operator setting in one place, read from the environment at run time (not baked in at
// build time), so one build serves any port, host or database.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  // A dump of a PGlite database a new one starts from, in memory or on disk (the test servers: issue 27).
  PGLITE_TEMPLATE: z.string().min(1).optional(),
  PUBLIC_SITE_URL: z.url().optional(),
  SELLER_NETWORK: z.enum(['embedded', 'off']).default('embedded'),
  NETWORK_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The embedded sellers' clock (src/network/main.ts reads the same two); store hours follow it
  // when it starts at a chosen instant (issue 27).
  NETWORK_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  NETWORK_CLOCK_SPEED: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['silent', 'info']).default('info'),
  BAP_ID: z.string().min(1).default('kirana.localhost'),
  BAP_URI: z.url().optional(),
  // A GSTIN is 15 characters: state code, PAN, entity number, Z, check character.
  BAP_TAX_NUMBER: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'BAP_TAX_NUMBER must be a 15-character GSTIN')
    .default('29AAACK0000K1Z5'),
  ONDC_GATEWAY_URL: z.url().optional(),
  ONDC_REGISTRY_URL: z.url().optional(),
  // A catalogue search goes to every seller at once, so it is in one core version: this one
  // (issue 25; sellers answer in their own, and each is then spoken to in its own).
  ONDC_SEARCH_CORE_VERSION: coreVersionSchema.default('1.2.0'),
  CATALOGUE_REFRESH_MINUTES: z.coerce.number().min(0).default(60),
  // Between full refreshes, sellers are asked only for what changed (ONDC catalog_inc).
  CATALOGUE_INC_REFRESH_MINUTES: z.coerce.number().min(0).default(5),
  // After each full refresh, sellers may also be asked to push their changes as they happen
  // (catalog_inc mode "start"); the pulls above go on for sellers that do not push.
  CATALOGUE_INC_PUSH: z.enum(['0', '1']).default('0'),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // RSF 2.0 (issue 26): how often each seller gets the recon of its newly settled orders; 0 only
  // when the operator sends them (POST /ops/settlement/recon).
  SETTLEMENT_RECON_MINUTES: z.coerce.number().min(0).default(15),
  // RSF 2.0 settle: the settlement agency (ONDC's NOCS) orders are settled through; without a URL,
  // the embedded network's (at <network>/sa), or none when there is no embedded network.
  SETTLEMENT_AGENCY_ID: z.string().min(1).default(EMBEDDED_AGENCY_ID),
  SETTLEMENT_AGENCY_URL: z.url().optional(),
  // Addresses of the reverse proxies whose X-Forwarded-* headers are believed (comma-separated).
  // The buyer app's grievance officer, shown with every complaint (ONDC: name, email and phone;
  // Consumer Protection (E-Commerce) Rules 2020, rule 4(5)).
  GRIEVANCE_OFFICER_NAME: z.string().min(2).max(100).default('Meera Iyer'),
  GRIEVANCE_OFFICER_EMAIL: z.email('GRIEVANCE_OFFICER_EMAIL must be an email address').default('grievance@kirana.localhost'),
  GRIEVANCE_OFFICER_PHONE: z
    .string()
    .regex(/^[6-9]\d{9}$/, 'GRIEVANCE_OFFICER_PHONE must be a 10-digit Indian mobile number')
    .default('9480000000'),
  // Issue 29: the payment gateway (the embedded simulator, or the path of the operator's PSP
  // module), whom a UPI intent link pays, and how long it may be paid.
  PAYMENT_GATEWAY: z.string().min(1).default('simulator'),
  UPI_PAYEE_VPA: z._default(vpaSchema, SIMULATED_PAYEE.vpa),
  UPI_PAYEE_NAME: z.string().trim().min(1).max(50).default(SIMULATED_PAYEE.name),
  UPI_INTENT_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(INTENT_TTL_MS / 1000),
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:]+(,\s*[0-9a-fA-F.:]+)*$/, 'TRUST_PROXY must be IP addresses separated by commas')
    .optional(),
});

export type ServerConfig = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    // 'memory://' keeps PGlite in memory (tests); a postgres:// URL selects PostgreSQL.
    databaseUrl: e.DATABASE_URL ?? `file://${path.join(dataDir, 'pglite')}`,
    databaseSchema: e.DATABASE_SCHEMA,
    pgliteTemplate: e.PGLITE_TEMPLATE,
    siteUrl: (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sellerNetwork: e.SELLER_NETWORK,
    networkPort: e.NETWORK_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1000),
    /** The clock store hours are read on when it is not the real one: the embedded sellers' (issue 27). */
    storeHoursClock: e.SELLER_NETWORK === 'embedded' && e.NETWORK_CLOCK_START ? { start: new Date(e.NETWORK_CLOCK_START), speed: e.NETWORK_CLOCK_SPEED } : null,
    logLevel: e.LOG_LEVEL,
    bapId: e.BAP_ID,
    /** Where sellers reach us; derived from the port we listen on when not given. */
    bapUri: e.BAP_URI,
    taxNumber: e.BAP_TAX_NUMBER,
    gatewayUrl: e.ONDC_GATEWAY_URL,
    registryUrl: e.ONDC_REGISTRY_URL,
    searchCoreVersion: e.ONDC_SEARCH_CORE_VERSION,
    registryFile: path.join(dataDir, 'registry.json'),
    catalogueRefreshMs: e.CATALOGUE_REFRESH_MINUTES * 60_000,
    catalogueIncRefreshMs: e.CATALOGUE_INC_REFRESH_MINUTES * 60_000,
    catalogueIncPush: e.CATALOGUE_INC_PUSH === '1',
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    settlementReconMs: e.SETTLEMENT_RECON_MINUTES * 60_000,
    settlementAgency: { id: e.SETTLEMENT_AGENCY_ID, url: e.SETTLEMENT_AGENCY_URL },
    grievanceOfficer: { name: e.GRIEVANCE_OFFICER_NAME, email: e.GRIEVANCE_OFFICER_EMAIL, phone: e.GRIEVANCE_OFFICER_PHONE },
    paymentGateway: e.PAYMENT_GATEWAY,
    upiPayee: { vpa: e.UPI_PAYEE_VPA, name: e.UPI_PAYEE_NAME },
    upiIntentMs: e.UPI_INTENT_SECONDS * 1000,
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  };
}

function stripEmpty(env: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}
