import type { FastifyInstance } from 'fastify';
import { personalDataInput } from '@andes/domain/account-inputs';
import { formatRut } from '@andes/domain/rut';
import { ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireCustomer } from '../../http/guards.ts';
import { parseInput } from '../../http/parse.ts';
import { contactOf, listNotifications, markNotificationRead, updateContact } from './customer.repo.ts';

/**
 * Customer-scoped account calls (not tied to one line): personal data and notifications. The cart's
 * `/restpp/order/customer/info` is the checkout buyer; the account's own data lives here.
 */
export async function customerRoutes(app: FastifyInstance) {
  const view = async (customerId: number) => {
    const c = await contactOf(app.db, customerId);
    if (!c) throw notFound();
    const document = app.market.document.kind === 'rut' ? formatRut(c.document) : c.document;
    return { document, documentKind: app.market.document.kind, firstName: c.firstName, lastName: c.lastName, email: c.email, contactPhone: c.contactPhone ?? '' };
  };

  app.get('/restpp/asset/customer/info', async (req) => ok({ customer: await view(requireCustomer(req)) }));

  app.put('/restpp/asset/customer/info', async (req) => {
    const customerId = requireCustomer(req);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const current = await view(customerId);
    if (body.document !== undefined && String(body.document) !== current.document) {
      const params = { label: app.market.document.label };
      throw new AppError('account.error.document.readonly', 400, { params, fieldErrors: { document: ['account.error.document.readonly'] } });
    }
    const input = parseInput(personalDataInput, body);
    await updateContact(app.db, customerId, input);
    return ok({ customer: await view(customerId) });
  });

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
}
