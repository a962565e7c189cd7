import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { billPdf, billsOf, paymentOf, paymentsOf } from './bills.service.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };

export async function billRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/bills', async (req) => ok(await billsOf(app, ownLine(req))));

  app.get<{ Params: { phoneNumber: string; billId: string } }>('/restpp/asset/:phoneNumber/bills/:billId/pdf', async (req, reply) => {
    const { pdf, filename } = await billPdf(app, ownLine(req), Number(req.params.billId));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.get<P>('/restpp/asset/:phoneNumber/payments', async (req) => ok(await paymentsOf(app, ownLine(req))));

  app.get<{ Params: { phoneNumber: string; paymentId: string } }>('/restpp/asset/:phoneNumber/payments/:paymentId', async (req) =>
    ok({ payment: await paymentOf(app, ownLine(req), Number(req.params.paymentId)) }),
  );
}
