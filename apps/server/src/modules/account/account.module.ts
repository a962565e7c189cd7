import type { FastifyInstance } from 'fastify';
import { planRoutes } from './plan.routes.ts';
import { balanceRoutes } from './balance.routes.ts';
import { bagRoutes } from './bags.routes.ts';
import { consumptionRoutes } from './consumption.routes.ts';
import { billRoutes } from './bills.routes.ts';
import { ticketRoutes } from './tickets.routes.ts';
import { frequentRoutes } from './frequent.routes.ts';
import { customerRoutes } from './customer.routes.ts';
import { topupRoutes } from './topups.routes.ts';
import { benefitRoutes } from './benefits.routes.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { requestRoutes } from './requests.routes.ts';
import { planChangeRoutes } from './plan-change.routes.ts';
import { installmentRoutes } from './installments.routes.ts';
import { sandboxTicketDeskRoutes } from './sandbox-ticket-desk.routes.ts';
import { startBillingSweep } from './billing-cycle.service.ts';
import { reconcileCardPayments } from './topups.service.ts';

/** Registers every route of the account capability, the billing sweep, and its card payments' part of the order sweep. */
export async function accountModule(app: FastifyInstance) {
  await planRoutes(app);
  await balanceRoutes(app);
  await bagRoutes(app);
  await consumptionRoutes(app);
  await billRoutes(app);
  await ticketRoutes(app);
  await frequentRoutes(app);
  await customerRoutes(app);
  await topupRoutes(app);
  await benefitRoutes(app);
  await equipmentRoutes(app);
  await requestRoutes(app);
  await planChangeRoutes(app);
  await installmentRoutes(app);
  // the sandbox ticket desk answers about the tickets the account opened (SANDBOX=1 only)
  if (app.config.sandbox) await app.register(sandboxTicketDeskRoutes);
  startBillingSweep(app, app.config.billingSweepSeconds);
  app.paymentReconcilers.push((now) => reconcileCardPayments(app, now));
}
