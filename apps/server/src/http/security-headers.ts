import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** A nonce for this page's inline scripts, and the CSP header that allows it (pages only). */
    useScriptNonce(): string;
  }
}

/**
 * Helmet's headers plus our own CSP: scripts only from us or with this response's nonce; styles
 * allow inline attributes because React components set style props.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.production,
  });
  app.decorateReply('useScriptNonce', function (this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    this.header('content-security-policy', policy(`'self' 'nonce-${nonce}'`));
    return nonce;
  });
  // JSON and images run no script: one fixed policy, no per-response nonce to make
  const strict = policy("'self'");
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', strict);
  });
});

function policy(scriptSrc: string): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
