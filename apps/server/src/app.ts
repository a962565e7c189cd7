import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import { getMarket, type Market } from '@andes/domain/market';
import { catalogueFor, marketTranslator, type Translate } from '@andes/domain/messages';
import type { Database, Db } from '@andes/db/client';
import type { AppConfig } from './config.ts';
import { frameworkFailures, installErrorHandler, refuseTunnels } from './http/error-handler.ts';
import { inputBoundary, originForm, parseQuery } from './http/input-boundary.ts';
import { sessionPlugin, type Sessions } from './http/session.ts';
import { csrfPlugin } from './http/csrf.ts';
import { lineGuardPlugin } from './http/guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { siteFeaturesPlugin } from './http/site-features.ts';
import { siteConfigRoutes } from './modules/ops/features.routes.ts';
import { logSerializers } from './http/log.ts';
import { requestIds } from './http/request-id.ts';
import { proxyTrust } from './http/proxy.ts';
import { addressRateLimit } from './http/rate-limit.ts';
import { responseCache } from './http/response-cache.ts';
import { wholeBodyCompression } from './http/whole-body-compression.ts';
import { createAdapters, type Adapters } from './adapters/index.ts';
import { requireSecret } from './secrets.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { ownershipRoutes } from './modules/auth/ownership.routes.ts';
import { assetRoutes } from './modules/profile/assets.routes.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { imageRoutes } from './modules/images/images.routes.ts';
import { catalogueModule } from './modules/catalogue/catalogue.module.ts';
import { cartModule } from './modules/cart/cart.module.ts';
import { plansModule } from './modules/plans/plans.module.ts';
import { accountModule } from './modules/account/account.module.ts';
import { portabilityModule } from './modules/portability/portability.module.ts';
import { identityModule } from './modules/identity/identity.module.ts';
import { migrationModule } from './modules/migration/migration.module.ts';
import { mobileModule } from './modules/mobile/mobile.module.ts';
import { coverageModule } from './modules/coverage/coverage.module.ts';
import { renewalModule } from './modules/renewal/renewal.module.ts';
import { screeningModule } from './modules/screening/screening.module.ts';
import { claimsModule, CLAIMS_IFRAME_PATH } from './modules/claims/claims.module.ts';
import { checkoutWiring } from './flows/checkout-wiring.flow.ts';
import { linesAsOfWiring } from './flows/lines-as-of.flow.ts';
import { deviceWiring } from './flows/device.flow.ts';
import { insuranceWiring } from './flows/insurance.flow.ts';
import { cardPurposesPlugin } from './modules/account/index.ts';
import { deviceModule } from './modules/device/device.module.ts';
import { suspensionModule } from './modules/suspension/suspension.module.ts';
import { numberingModule } from './modules/numbering/numbering.module.ts';
import { insuranceModule } from './modules/insurance/insurance.module.ts';
import { smartLineModule } from './modules/smart-line/smart-line.module.ts';
import { lineHoldsPlugin } from './http/line-holds.ts';
import { storeRoutes } from './modules/stores/stores.routes.ts';
import { loadWebBuild, webRoutes } from './web/routes.ts';
import { errorPage } from './web/error-page.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { apiDocsRoutes } from './modules/ops/api-docs.routes.ts';
import { contract } from './http/contract.ts';
import { captiveClientKey, captiveHostPlugin } from './http/captive-host.ts';
import { SANDBOX_PAY_PATH } from './adapters/payments/sandbox.ts';
import { captiveModule } from './modules/captive/captive.module.ts';
import { leadsModule } from './modules/leads/leads.module.ts';
import { activationModule } from './modules/activation/activation.module.ts';
import { createMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    market: Market;
    db: Db;
    /** Runs work no other process on the database runs at the same time (Database.exclusively). */
    exclusively: Database['exclusively'];
    t: Translate;
    sessions: Sessions;
    adapters: Adapters;
    /** Headers for an in-process call made while serving a request, keeping its request id (request-id.ts). */
    internalCallHeaders(id: string): Record<string, string>;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Close the database with the app (the default); tests sharing one database pass false. */
  ownsDatabase?: boolean;
  logger?: boolean;
  /** Where log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
}

/** Builds one market's app; `listen` is the caller's business (tests use `inject`). */
export async function buildApp({ config, database, ownsDatabase = true, logger = true, logStream }: BuildOptions): Promise<FastifyInstance> {
  const trustsProxy = proxyTrust(config.trustProxy);
  const ids = requestIds(trustsProxy);
  const market = getMarket(config.site, config.brand);
  const t = marketTranslator(catalogueFor(market.site), market);
  const web = config.webBuildDir ? await loadWebBuild(config.webBuildDir) : null;
  const page = web ? errorPage(web, market, t) : undefined;
  const app = Fastify({
    logger: logger ? { level: config.logLevel, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) } : false,
    genReqId: ids.genReqId,
    trustProxy: trustsProxy,
    bodyLimit: 1_048_576,
    routerOptions: { querystringParser: parseQuery },
    rewriteUrl: (req) => originForm(req.url ?? '/'),
    ...frameworkFailures(t, page),
  });
  refuseTunnels(app.server, t);
  app.decorate('config', config);
  app.decorate('market', market);
  app.decorate('db', database.db);
  app.decorate('exclusively', database.exclusively);
  app.decorate('t', t);
  app.decorate('adapters', createAdapters(database.db, market, config));
  app.decorate('internalCallHeaders', ids.internalCallHeaders);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  installErrorHandler(app, page);
  // before every route, so each one gets its entry of the API contract
  await app.register(contract, { checkResponses: config.checkResponses });
  await app.register(opsRoutes, { metrics: createMetrics(database), metricsToken: config.metricsToken });
  await app.register(addressRateLimit, {
    perMinute: config.rateLimitPerMinute,
    isInternalCall: (req) => ids.isInternalCall(req.raw),
    clientKey: (req) => captiveClientKey(app, req),
  });
  await app.register(inputBoundary);
  // which host answers which paths, before any route or page runs (decision 023)
  await app.register(captiveHostPlugin, { gatewayPaths: config.sandbox ? [SANDBOX_PAY_PATH] : [] });
  await app.register(securityHeaders, {
    framedPages: market.claimsBook ? { [CLAIMS_IFRAME_PATH]: config.claims.frameOrigins } : {},
    tagManager: config.gtmId !== null,
  });
  await app.register(cookie);
  await app.register(responseCache);
  // after the cache, so it keeps plain bodies and each hit is encoded for its own client; bodies under
  // 1 KB gain nothing; the web build's files come precompressed (web/routes.ts); whole bodies (pages,
  // JSON) are compressed in one call first, streams by the plugin
  await app.register(wholeBodyCompression);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { parser: parseQuery });
  await app.register(sessionPlugin, {
    idleMinutes: config.sessionIdleMinutes,
    absoluteHours: config.sessionAbsoluteHours,
    secureCookie: config.production,
    pageTokenKey: requireSecret(config.secrets, 'PAGE_TOKEN_KEY'),
    site: market.site,
  });
  await app.register(csrfPlugin);
  await app.register(siteFeaturesPlugin);
  await app.register(lineGuardPlugin);

  await app.register(linesAsOfWiring);
  await app.register(lineHoldsPlugin);
  await app.register(cardPurposesPlugin);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(passwordRoutes);
  await app.register(assetRoutes);
  await app.register(imageRoutes);
  await app.register(catalogueModule);
  await app.register(cartModule);
  await app.register(checkoutWiring);
  await app.register(plansModule);
  await app.register(accountModule);
  await app.register(portabilityModule);
  await app.register(identityModule);
  await app.register(migrationModule);
  await app.register(ownershipRoutes);
  await app.register(mobileModule);
  await app.register(coverageModule);
  await app.register(renewalModule);
  await app.register(screeningModule);
  await app.register(claimsModule);
  await app.register(deviceModule);
  await app.register(deviceWiring);
  await app.register(suspensionModule);
  await app.register(numberingModule);
  await app.register(insuranceModule);
  await app.register(insuranceWiring);
  await app.register(smartLineModule);
  await app.register(captiveModule);
  await app.register(leadsModule);
  await app.register(activationModule);
  await app.register(storeRoutes);
  await app.register(siteConfigRoutes, { opsToken: config.metricsToken });
  if (config.sandbox) await app.register(sandboxRoutes);
  await app.register(apiDocsRoutes);
  if (config.webBuildDir && web) await app.register(webRoutes, { buildDir: config.webBuildDir, build: web });
  return app;
}
