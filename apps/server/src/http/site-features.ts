import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { activeFeatures, type SiteFeature } from '@andes/domain/site-features';
import { AppError } from './errors.ts';
import { storeFeature, storedFeatures } from './site-features-repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site config's active features (SPEC §3, §6), read from the database with a short cache. */
    siteFeatures: SiteFeatures;
  }
}

export interface SiteFeatures {
  active(): Promise<SiteFeature[]>;
  /** Stores a feature's setting; this process sees it at once, the others within the cache's time. */
  set(feature: SiteFeature, active: boolean): Promise<SiteFeature[]>;
}

/** How long a process trusts its copy: every process sees a change within this time, and a page costs no query. */
export const FEATURES_CACHE_MS = 15_000;

export const FEATURE_OFF = 'pp.error.feature.off';

export const siteFeaturesPlugin = fp(async (app: FastifyInstance) => {
  let cached: { features: SiteFeature[]; at: number } | null = null;
  // one read for the requests that find the copy stale together
  let reading: Promise<SiteFeature[]> | null = null;
  const read = async () => {
    const features = activeFeatures(app.market.site, await storedFeatures(app.db, app.market.site));
    cached = { features, at: Date.now() };
    return features;
  };
  app.decorate('siteFeatures', {
    async active() {
      if (cached && Date.now() - cached.at < FEATURES_CACHE_MS) return cached.features;
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
    async set(feature: SiteFeature, active: boolean) {
      await storeFeature(app.db, app.market.site, feature, active);
      return read();
    },
  });
});

/** An onRequest hook for a feature's routes: while it is off they answer 403 `pp.error.feature.off` and do nothing. */
export function requireFeature(feature: SiteFeature) {
  return async (req: FastifyRequest) => {
    if (!(await req.server.siteFeatures.active()).includes(feature)) throw new AppError(FEATURE_OFF, 403, { params: { feature } });
  };
}
