import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../http/guards.ts';
import { changePreferences, notificationsOf, preferencesOf, readNotification, requiredNotices } from './customer.service.ts';

/**
 * Customer-scoped account calls (not tied to one line): notifications and their preferences. Personal
 * data is answered at `/restpp/order/customer/info` (customer.service.ts, through the cart module).
 */
export async function customerRoutes(app: FastifyInstance) {
  app.get('/restpp/asset/notifications', async (req) => ok(await notificationsOf(app, requireCustomer(req))));

  app.post<{ Params: { id: string } }>('/restpp/asset/notifications/:id/read', async (req) =>
    ok(await readNotification(app, requireCustomer(req), Number(req.params.id))),
  );

  app.get('/restpp/asset/notifications/preferences', async (req) =>
    ok({ preferences: await preferencesOf(app, requireCustomer(req)), required: requiredNotices }),
  );

  app.put('/restpp/asset/notifications/preferences', async (req) =>
    ok({ preferences: await changePreferences(app, requireCustomer(req), req.body), required: requiredNotices }),
  );
}
