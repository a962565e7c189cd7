import { GTM_ID_PATTERN } from '@andes/domain/analytics';
import { z } from 'zod';
import { isSiteId, type SiteId } from '@andes/domain/market';
import { assertWiring } from './adapters/index.ts';
import { CREDENTIALS, OWN_KEYS, SIGNING_KEYS, withSandboxKeys, type Secrets } from './secrets.ts';
import { parseTrustProxy, type TrustProxy } from './http/proxy.ts';
import { validateRuc } from '@andes/domain/documents';
import proxyAddr from '@fastify/proxy-addr';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A key shared with an outside system: long enough that a placeholder ("changeme") is never taken for one. */
const key = z.string().min(32, 'must be at least 32 characters');

/** Every setting the server reads, checked once at boot (README lists them). */
const envSchema = z.object({
  SITE: z.string().refine(isSiteId, 'SITE must be cl or pe').default('cl'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  BRAND: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,19}$/, 'BRAND must be a lowercase slug')
    .default('andes'),
  SANDBOX: flag.default(false),
  SANDBOX_FORCE: flag.default(false),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  WELCOME_THRESHOLD: z.coerce.number().int().min(-1).default(1),
  WELCOME_ALWAYS: flag.default(false),
  /** The tag manager's container (GTM-XXXX); without it no tag manager loads (docs/analytics.md). */
  GTM_ID: z.string().regex(GTM_ID_PATTERN, 'GTM_ID must look like GTM-XXXXXXX').optional(),
  CHECK_RESPONSES: flag.default(false),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(2400),
  SMS_DAILY_CAP_PER_LINE: z.coerce.number().int().min(2).max(1000).default(10),
  WEB_BUILD_DIR: z.string().optional(),
  ORDER_SWEEP_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  BILLING_SWEEP_SECONDS: z.coerce.number().min(0).max(86400).default(300),
  PUBLIC_ROWS_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  PAYMENT_COMMERCE_CODE: z
    .string()
    .regex(/^\d{6,20}$/, 'must be the commerce code the gateway issued (digits)')
    .optional(),
  PAYMENT_API_KEY: key.optional(),
  PAYMENT_NOTIFY_KEY: key.optional(),
  LOGISTICS_NOTIFY_KEY: key.optional(),
  TICKET_DESK_NOTIFY_KEY: key.optional(),
  PAGE_TOKEN_KEY: key.optional(),
  METRICS_TOKEN: key.optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  CLAIMS_PROVIDER_NAME: z.string().trim().min(2).max(120).optional(),
  CLAIMS_PROVIDER_RUC: z.string().refine(validateRuc, 'must be a valid RUC (11 digits with its check digit)').optional(),
  CLAIMS_PROVIDER_ADDRESS: z.string().trim().min(5).max(200).optional(),
  CLAIMS_FRAME_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      const bad = origins.filter((o) => !/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(o));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${bad.join(', ')}` });
      return origins;
    }),
  CLAIMS_FILINGS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  CALLBACKS_PER_ADDRESS_HOUR: z.coerce.number().int().min(2).max(1000).default(10),
  CALLBACKS_PER_NUMBER_DAY: z.coerce.number().int().min(2).max(100).default(5),
  LEAD_SYNC_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  SHOP_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/, 'must be an origin without a path (https://www.example.cl)')
    .optional(),
  SIM_SWAP_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  SIM_SWAP_CLIENTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseSimSwapClients(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  SIM_SWAP_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  CAPTIVE_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name without scheme or port (portal.example.com)')
    .optional(),
  CAPTIVE_PROXY_ADDRESSES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const addresses = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      try {
        proxyAddr.compile(addresses);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `not a list of addresses or CIDR ranges (${error instanceof Error ? error.message : error})` });
        return z.NEVER;
      }
      return addresses;
    }),
});

/** The captive portal's host and the network proxy's addresses in sandbox mode when none are set (docs/sandbox.md). */
export const SANDBOX_CAPTIVE = { host: 'portal.localhost', proxyAddresses: ['127.0.0.1', '::1'] } as const;

/** The claims book's provider in sandbox mode when none is set (docs/sandbox.md). */
const SANDBOX_CLAIMS_PROVIDER = { name: 'Andes Perú S.A.C. (sandbox)', ruc: '20100047218', address: 'Av. Javier Prado Este 1234, San Isidro, Lima' };

/** The CAMARA SIM Swap API's clients: `id:token` pairs separated by commas, each token at least 32 characters. */
function parseSimSwapClients(value: string | undefined): SimSwapClient[] {
  if (!value) return [];
  return value.split(',').map((pair) => {
    const [id, token] = pair.trim().split(':');
    if (!id || !/^[a-z0-9-]{2,40}$/.test(id) || !token || token.length < 32)
      throw new Error('each client must be id:token with a token of at least 32 characters');
    return { id, token };
  });
}

/** A bank (or other API client) allowed to ask the SIM Swap API, and the bearer token it presents. */
export interface SimSwapClient {
  id: string;
  token: string;
}

/** The clients given, or in sandbox mode with none given the sandbox's published one; outside it none (every call refused). */
export function simSwapClientsOf(given: SimSwapClient[], sandbox: boolean): SimSwapClient[] {
  return given.length || !sandbox ? given : [SANDBOX_SIM_SWAP_CLIENT];
}

/** The sandbox's published client (docs/sandbox.md), only when SANDBOX=1 and none is set: never outside sandbox mode. */
export const SANDBOX_SIM_SWAP_CLIENT: SimSwapClient = { id: 'sandbox-bank', token: 'sandbox-sim-swap-token-not-for-production-use' };

/** The environments that are not production; any other NODE_ENV (staging, prod, a typo) is. */
const NOT_PRODUCTION = ['development', 'test'];

export interface AppConfig {
  site: SiteId;
  port: number;
  host: string;
  dataDir?: string;
  databaseUrl?: string;
  /**
   * Connections to PostgreSQL per process. PostgreSQL does most work with about twice its cores of
   * statements running: four processes (two per market, compose.yaml) at 4 each suit an 8-core server;
   * with 10, 50 buyers at once on a 2-core machine waited longer for the database (decision 029).
   */
  databasePoolSize: number;
  brand: string;
  sandbox: boolean;
  production: boolean;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  welcomeThreshold: number;
  welcomeAlways: boolean;
  /** The tag manager container id (GTM_ID), null when none is configured. */
  gtmId: string | null;
  /** Check every JSON answer against its route's response schema (tests); production only serializes. */
  checkResponses: boolean;
  /** Proxies in front of the server: a hop count or their addresses (http/proxy.ts). */
  trustProxy: TrustProxy;
  /** Requests one client address may make per minute to this process; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Codes one line may be texted a day for one purpose nobody signed in asked for, whoever asked (decision 014). */
  smsDailyCapPerLine: number;
  /** Folder of the React Router build; absent means the API only (tests of the API). */
  webBuildDir?: string;
  /** How often the order sweep expires unpaid orders and retries fulfilment hand-overs; 0 turns it off. */
  orderSweepSeconds: number;
  /** How often the billing sweep issues the bills of lines whose billing period ended; 0 turns it off. */
  billingSweepSeconds: number;
  /** Bearer token that lets a scraper elsewhere than this machine read GET /metrics; unset means this machine only. */
  metricsToken?: string;
  /** How long a shutdown waits for requests under way before closing their connections. */
  shutdownTimeoutSeconds: number;
  /** Keys and credentials of the outside systems, from the environment (sandbox mode makes missing signing keys). */
  secrets: Secrets;
  /** Peru's claims book: the provider its sheets name, the sites that may embed /reclamos-iframe, sheets per address an hour. */
  claims: { provider: { name: string; ruc: string; address: string }; frameOrigins: string[]; filingsPerHour: number };
  /** Hours after a SIM change during which SMS recovery, ports out and balance transfers of the line are refused. */
  simSwapCoolDownHours: number;
  /** Clients of the CAMARA SIM Swap API; none means every call is refused (production without the setting). */
  simSwapClients: SimSwapClient[];
  /** Calls one SIM Swap client may make per minute. */
  simSwapClientPerMinute: number;
  /**
   * The captive portal (decision 023): the host the network sends a line's traffic to when it runs
   * out of balance or data (none: no captive portal), and the addresses of the network proxy that adds
   * the line's number in a header (none: every captive request is refused).
   */
  captive: { host?: string; proxyAddresses: readonly string[] };
  /**
   * Click-to-call and lead appointments (decision 026): calls and appointments one client address may
   * ask for an hour, and one phone number may be called for a day whoever asks; how often the lead-sync
   * sweep delivers queued leads to the CRM (0 turns it off).
   */
  leads: { perAddressHour: number; perNumberDay: number; syncSeconds: number };
  /** The shop's public origin, for links sent outside the site (an appointment's SMS); SHOP_ORIGIN, required outside sandbox mode. */
  shopOrigin: string;
  /** How long a process shares the catalogue and plan-selector rows of public answers (http/shared-rows.ts); 0 reads them for every answer. */
  publicRowsSeconds: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = !NOT_PRODUCTION.includes(e.NODE_ENV);
  const sandbox = e.SANDBOX;
  if (production && sandbox && !e.SANDBOX_FORCE) {
    throw new Error(`SANDBOX=1 is refused with NODE_ENV=${e.NODE_ENV}, which is production (set SANDBOX_FORCE=1 to insist).`);
  }
  const given: Secrets = Object.fromEntries([...SIGNING_KEYS, ...OWN_KEYS, ...CREDENTIALS].flatMap((name) => (e[name] ? [[name, e[name]]] : [])));
  const secrets = sandbox ? withSandboxKeys(given) : given;
  assertWiring({ sandbox, secrets });
  if (!sandbox && !e.SHOP_ORIGIN) throw new Error('Invalid settings:\n  SHOP_ORIGIN: not set (the links texted to customers name the shop)');
  const claims = { provider: claimsProvider(e, sandbox), frameOrigins: e.CLAIMS_FRAME_ORIGINS, filingsPerHour: e.CLAIMS_FILINGS_PER_HOUR };
  return {
    site: e.SITE as SiteId,
    port: e.PORT,
    host: e.HOST,
    // DATA_DIR=memory keeps the embedded database in memory (browser tests start from the seed each run)
    dataDir: e.DATABASE_URL || e.DATA_DIR === 'memory' ? undefined : (e.DATA_DIR ?? `./data/${e.SITE}`),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    brand: e.BRAND,
    sandbox,
    production,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    welcomeThreshold: e.WELCOME_THRESHOLD,
    welcomeAlways: e.WELCOME_ALWAYS,
    gtmId: e.GTM_ID ?? null,
    checkResponses: e.CHECK_RESPONSES,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    smsDailyCapPerLine: e.SMS_DAILY_CAP_PER_LINE,
    webBuildDir: e.WEB_BUILD_DIR,
    orderSweepSeconds: e.ORDER_SWEEP_SECONDS,
    billingSweepSeconds: e.BILLING_SWEEP_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    secrets,
    claims,
    simSwapCoolDownHours: e.SIM_SWAP_COOLDOWN_HOURS,
    simSwapClients: simSwapClientsOf(e.SIM_SWAP_CLIENTS, sandbox),
    simSwapClientPerMinute: e.SIM_SWAP_CLIENT_PER_MINUTE,
    shopOrigin: e.SHOP_ORIGIN ?? `http://localhost:${e.PORT}`,
    publicRowsSeconds: e.PUBLIC_ROWS_SECONDS,
    leads: { perAddressHour: e.CALLBACKS_PER_ADDRESS_HOUR, perNumberDay: e.CALLBACKS_PER_NUMBER_DAY, syncSeconds: e.LEAD_SYNC_SECONDS },
    captive: {
      host: e.CAPTIVE_HOST ?? (sandbox ? SANDBOX_CAPTIVE.host : undefined),
      proxyAddresses: e.CAPTIVE_PROXY_ADDRESSES ?? (sandbox ? SANDBOX_CAPTIVE.proxyAddresses : []),
    },
  };
}

/** The provider of Peru's claims sheets: its settings, or the sandbox's when none is set in sandbox mode. */
function claimsProvider(e: z.infer<typeof envSchema>, sandbox: boolean): AppConfig['claims']['provider'] {
  const given = { name: e.CLAIMS_PROVIDER_NAME, ruc: e.CLAIMS_PROVIDER_RUC, address: e.CLAIMS_PROVIDER_ADDRESS };
  if (given.name && given.ruc && given.address) return { name: given.name, ruc: given.ruc, address: given.address };
  // Chile has no claims book (decision 020): nothing there reads the provider
  if (sandbox || e.SITE !== 'pe') return SANDBOX_CLAIMS_PROVIDER;
  throw new Error(
    "Invalid settings:\n  CLAIMS_PROVIDER_NAME, CLAIMS_PROVIDER_RUC and CLAIMS_PROVIDER_ADDRESS: Peru's claims book names its provider (all three are required)",
  );
}
