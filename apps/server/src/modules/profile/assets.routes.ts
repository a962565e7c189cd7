import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { requireCustomer } from '../../http/guards.ts';
import { lineBalance } from './profile.service.ts';
import { listCustomerLines } from './assets.repo.ts';

/** Line-scoped calls: the line guard checks ownership of every `:phoneNumber` before these run. */
export async function assetRoutes(app: FastifyInstance) {
  app.get('/restpp/assets', async (req) => {
    await app.linesAsOf({ customerId: requireCustomer(req) });
    const lines = await listCustomerLines(app.db, requireCustomer(req));
    return ok({ assets: lines.map((l) => ({ ...l, balance: lineBalance(app, l) })) });
  });

  async function ownLine(customerId: number, phoneNumber: string) {
    await app.linesAsOf({ customerId });
    const line = (await listCustomerLines(app.db, customerId)).find((l) => l.phoneNumber === phoneNumber);
    if (!line) throw notFound();
    return line;
  }

  app.get<{ Params: { phoneNumber: string } }>('/restpp/assets/:phoneNumber', async (req) => {
    const line = await ownLine(requireCustomer(req), req.params.phoneNumber);
    return ok({ asset: { ...line, balance: lineBalance(app, line) } });
  });

  app.get<{ Params: { phoneNumber: string } }>('/REST/asset/:phoneNumber/balance', async (req) => {
    const line = await ownLine(requireCustomer(req), req.params.phoneNumber);
    return ok({ phoneNumber: line.phoneNumber, balance: lineBalance(app, line) });
  });

  /** Remembers the line the customer works on; every account screen shows it. */
  app.post<{ Params: { phoneNumber: string } }>('/restpp/assets/:phoneNumber/select', async (req) => {
    const line = await ownLine(requireCustomer(req), req.params.phoneNumber);
    await app.sessions.saveData(req, { ...req.session?.data, selectedLine: line.phoneNumber });
    return ok({ selectedLine: line.phoneNumber });
  });
}
