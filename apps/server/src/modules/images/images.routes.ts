import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { notFound } from '../../http/errors.ts';
import { avatarSvg, productSvg } from './svg.service.ts';

const AVATARS = new Set(['default-female', 'default-male', 'camila']);
const CACHE = 'public, max-age=86400';

/** Product and avatar pictures, drawn as SVG so the demo catalogue needs no image files. */
export async function imageRoutes(app: FastifyInstance) {
  app.get<{ Params: { skuId: string; n: string } }>('/img/producto/:skuId/:n', async (req, reply) => {
    const view = Number(req.params.n.replace(/\.svg$/, ''));
    const [sku] = await app.db
      .select({ color: schema.skus.colorHex, kind: schema.products.kind, name: schema.products.displayName })
      .from(schema.skus)
      .innerJoin(schema.products, eq(schema.products.id, schema.skus.productId))
      .where(eq(schema.skus.id, req.params.skuId));
    if (!sku || !(view >= 1 && view <= 3)) throw notFound();
    return reply.type('image/svg+xml').header('cache-control', CACHE).send(productSvg(sku, view));
  });

  app.get<{ Params: { name: string } }>('/img/avatar/:name', async (req, reply) => {
    const name = req.params.name.replace(/\.svg$/, '');
    if (!AVATARS.has(name)) throw notFound();
    return reply.type('image/svg+xml').header('cache-control', CACHE).send(avatarSvg(name));
  });
}
