import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@andes/db/client';
import { addNotification, creditPoints, recordPointsReturn } from '../modules/account/index.ts';
import { assertRequirements } from '../modules/identity/index.ts';
import { cartPortabilityReady, portedNumberOf } from '../modules/portability/index.ts';
import { assertCartRenewals, renewalLineFor } from '../modules/renewal/index.ts';
import { openPlanLines } from './open-plan-lines.flow.ts';
import { journeyCart } from './journey-cart.flow.ts';
import { assertBuyerNotListed } from './buyer-screening.flow.ts';

/**
 * The other capabilities' parts in the checkout, registered on the cart and order process the cart
 * module decorates (cart.module.ts): the cart reads ports from portability; adding a renewal asks the
 * renewal capability for its line; creating an order asks the fraud and debt list first (a listed buyer
 * adds no line and finances nothing), then checks identity and credit, then renewals; a paid
 * order opens its plan lines; a cancelled order gives its points back and tells the customer in the
 * account. Registered once, after the cart module and before the app serves.
 */
export const checkoutWiring = fp(async (app: FastifyInstance) => {
  app.decorate('journeyCart', journeyCart(app));
  app.decorate('cartPortability', { ready: cartPortabilityReady, numberOf: portedNumberOf });
  app.decorate('addLineGuards', { renewalLine: (customerId: number, requested: string | undefined) => renewalLineFor(app, customerId, requested) });
  app.orderCreateChecks.push((tx, cart, customerId, lines) => assertBuyerNotListed(app, tx, cart, customerId, lines));
  app.orderCreateChecks.push((tx, cart, customerId, lines) => assertRequirements(app, tx, cart, customerId, lines));
  app.orderCreateChecks.push((tx, cart, customerId, lines) => assertCartRenewals(app, tx, cart, customerId, lines));
  app.orderPaidSteps.push((tx, order) => openPlanLines(app, tx, order));
  app.decorate('orderCancellation', {
    async returnPoints(tx: Db, lineId: number, points: number, historyText: string) {
      const line = (await creditPoints(tx, lineId, points))!;
      await recordPointsReturn(tx, lineId, points, historyText);
      return { phoneNumber: line.phoneNumber };
    },
    notify: addNotification,
  });
});
