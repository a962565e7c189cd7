import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce for the inline scripts of server-rendered pages. */
    scriptNonce: string;
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
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (_req, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply.scriptNonce = nonce;
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
  });
});
