import type { FastifyInstance } from 'fastify';
import { findOwnOrder } from '../modules/cart/index.ts';
import { activationsView } from '../modules/plans/index.ts';

/** The lines a paid plan order opened, for the order's owner only (a stranger's order is not found). */
export async function planActivation(app: FastifyInstance, number: string, customerId: number | null, cartToken: string | null) {
  const order = await findOwnOrder(app, number, customerId, cartToken);
  return { orderNumber: order.number, status: order.status, lines: await activationsView(app, order.id) };
}
