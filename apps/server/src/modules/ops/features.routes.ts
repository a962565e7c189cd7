import type { FastifyInstance } from 'fastify';
import { featureParams, featureBody } from '@andes/contract/inputs/site-config';
import { ok } from '../../http/envelope.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { metricsAccess } from './access.service.ts';

/**
 * The site config (SPEC §3): its active features for every visitor, and their switch for operations,
 * who may change them without a deploy (this machine, or the operations token METRICS_TOKEN).
 */
export async function siteConfigRoutes(app: FastifyInstance, opts: { opsToken?: string }) {
  app.get('/restpp/site/config', async () => ok({ activeFeatures: await app.siteFeatures.active() }));

  // called by an operator's tool, never by a page: no page token
  app.put('/ops/features/:feature', { config: { csrf: false, rateLimit: false } }, async (req) => {
    const access = metricsAccess(req, opts.opsToken);
    if (access === 'hidden') throw notFound();
    if (access === 'unauthorized') throw unauthorized(false);
    const { feature } = parseInput(featureParams, req.params);
    const { active } = parseInput(featureBody, req.body);
    req.log.info({ feature, active }, 'site feature changed');
    return ok({ activeFeatures: await app.siteFeatures.set(feature, active) });
  });
}
