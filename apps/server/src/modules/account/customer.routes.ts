import type { FastifyInstance } from 'fastify';
import { defaultChannels, needsAChannel, notificationKinds, preferencesInput, type Preferences } from '@andes/domain/account-preferences';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requireCustomer } from '../../http/guards.ts';
import { parseInput } from '../../http/parse.ts';
import { listNotifications, markNotificationRead } from './customer.repo.ts';
import { savePreferences, storedPreferences } from './preferences.repo.ts';

/**
 * Customer-scoped account calls (not tied to one line): notifications and their preferences. Personal
 * data is answered at `/restpp/order/customer/info` (customer.service.ts, through the cart module).
 */
export async function customerRoutes(app: FastifyInstance) {
  app.get('/restpp/asset/notifications', async (req) => {
    const list = await listNotifications(app.db, requireCustomer(req));
    return ok({ notifications: list, unread: list.filter((n) => n.readAt === null).length });
  });

  app.post<{ Params: { id: string } }>('/restpp/asset/notifications/:id/read', async (req) => {
    const customerId = requireCustomer(req);
    const id = Number(req.params.id);
    const readAt = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await markNotificationRead(app.db, customerId, id) : undefined;
    if (!readAt) throw new AppError('pp.error.asset.forbidden', 403);
    return ok({ id, readAt });
  });

  const preferencesOf = async (customerId: number): Promise<Preferences> => {
    const stored = new Map((await storedPreferences(app.db, customerId)).map((p) => [p.kind, p]));
    return Object.fromEntries(
      notificationKinds.map((kind) => {
        const s = stored.get(kind);
        return [kind, s ? { email: s.email, sms: s.sms, push: s.push } : defaultChannels(kind)];
      }),
    ) as Preferences;
  };
  const required = notificationKinds.filter(needsAChannel);

  app.get('/restpp/asset/notifications/preferences', async (req) => ok({ preferences: await preferencesOf(requireCustomer(req)), required }));

  app.put('/restpp/asset/notifications/preferences', async (req) => {
    const customerId = requireCustomer(req);
    const input = parseInput(preferencesInput, req.body);
    await savePreferences(app.db, customerId, notificationKinds.map((k) => [k, input[k]]));
    return ok({ preferences: await preferencesOf(customerId), required });
  });
}
