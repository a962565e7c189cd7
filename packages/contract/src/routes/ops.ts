import { defineRoutes, file, json } from '../route.ts';
import { avatarParams, productImageParams } from '../inputs/paths.ts';
import { z } from 'zod';
import { SITE_FEATURES } from '@andes/domain/site-features';
import { featureBody, featureParams } from '../inputs/site-config.ts';

/** The site config's active features (SPEC §3): a feature absent is off. */
const siteConfig = z.object({ activeFeatures: z.array(z.enum(SITE_FEATURES)) }).meta({ id: 'SiteConfig' });

/** Probes, metrics and the product pictures: answers that are not the JSON envelope. */
export const opsRoutes = defineRoutes({
  'GET /health': { summary: 'Liveness probe.', response: json('The process is up.', { 200: z.object({ status: z.literal('up') }) }) },
  'GET /ready': {
    summary: 'Readiness probe: 503 while migrations are pending or the database is unreachable.',
    response: json('Ready, or why not.', {
      200: z.object({ status: z.literal('ready') }),
      503: z.object({ status: z.literal('not ready'), reason: z.string() }),
    }),
  },
  'GET /metrics': { summary: 'Prometheus metrics (this machine, or a bearer token).', response: file('Metrics in the Prometheus text format.', 'text/plain') },
  'GET /img/producto/:skuId/:n': { summary: 'A product picture (n: 1 to 3).', params: productImageParams, response: file('The picture.', 'image/svg+xml') },
  'GET /img/avatar/:name': { summary: 'An avatar picture.', params: avatarParams, response: file('The picture.', 'image/svg+xml') },
  'GET /restpp/docs/json': {
    summary: 'This document: OpenAPI 3.1, built from the API contract (packages/contract).',
    response: json('The OpenAPI document.', { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) }),
  },
  'GET /restpp/site/config': { summary: 'The site config: the market’s active features (read with a cache of 15 s).', response: siteConfig },
  'PUT /ops/features/:feature': {
    summary: 'Turns a feature on or off for this market, without a deploy (this machine, or the METRICS_TOKEN bearer token).',
    params: featureParams,
    body: featureBody,
    response: siteConfig,
  },
  'GET /restpp/docs': { summary: 'A page listing the operations of this document.', response: file('The page.', 'text/html') },
});
