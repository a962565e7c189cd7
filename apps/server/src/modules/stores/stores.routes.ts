import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { listStores } from './stores.repo.ts';

/**
 * The public store locator's data (the footer's "Encuentra tu tienda"): every store with its
 * place by name. Checkout's pickup keeps `GET /restpp/order/store/location` (SPEC §7, by area).
 */
export async function storeRoutes(app: FastifyInstance) {
  app.get('/restpp/stores', { config: { cacheSeconds: 300 } }, async () => ok({ stores: await listStores(app.db, app.market) }));
}
