import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeaderOptions {
  /** Pages other sites may embed, by path: the origins each allows besides this one (frame-ancestors). */
  framedPages?: Record<string, readonly string[]>;
  /** A tag manager container is configured (GTM_ID): its script and the measurement it sends are allowed. */
  tagManager?: boolean;
}

/** Google Tag Manager's script host, and where GA4 sends its hits. */
const TAG_MANAGER_SCRIPTS = 'https://www.googletagmanager.com';
const TAG_MANAGER_HITS = 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's frame-ancestors sources: 'self', plus the origins of an embeddable page. */
    frameAncestors: string;
  }
  interface FastifyReply {
    /** A nonce for this page's inline scripts, and the CSP header that allows it (pages only). */
    useScriptNonce(): string;
  }
}

/**
 * Helmet's headers plus our own CSP: scripts only from us or with this response's nonce; styles
 * allow inline attributes because React components set style props.
 */
export const securityHeaders = fp(async (app: FastifyInstance, { framedPages = {}, tagManager = false }: SecurityHeaderOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.production,
  });
  app.decorateReply('useScriptNonce', function (this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    const scripts = `'self' 'nonce-${nonce}'${tagManager ? ` ${TAG_MANAGER_SCRIPTS}` : ''}`;
    this.header('content-security-policy', policy(scripts, this.request.frameAncestors, tagManager ? TAG_MANAGER_HITS : ''));
    return nonce;
  });
  app.decorateRequest('frameAncestors', "'self'");
  // JSON and images run no script: a policy without a nonce (pages replace it with useScriptNonce)
  app.addHook('onRequest', async (req, reply) => {
    const origins = framedPages[req.url.split('?')[0]!];
    if (origins?.length) {
      // the page may be embedded by these sites: frame-ancestors says so, and X-Frame-Options (which
      // can name no other site) must not refuse them
      req.frameAncestors = ["'self'", ...origins].join(' ');
      reply.removeHeader('x-frame-options');
    }
    reply.header('content-security-policy', policy("'self'", req.frameAncestors));
  });
});

function policy(scriptSrc: string, frameAncestors = "'self'", hits = ''): string {
  const measured = hits ? ` ${hits}` : '';
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${measured}`,
    `connect-src 'self'${measured}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
