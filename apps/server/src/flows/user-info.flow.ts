import type { FastifyInstance } from 'fastify';
import { contactView } from '../modules/account/index.ts';
import { listCustomerLines } from '../modules/profile/index.ts';

/** SPEC §7 "customer user info": what the cart shows of the signed-in buyer, their contact data and lines. */
export async function userInfo(app: FastifyInstance, customerId: number) {
  const [contact, lines] = await Promise.all([contactView(app, customerId), listCustomerLines(app.db, customerId)]);
  return { ...contact, lines: lines.map((l) => ({ phoneNumber: l.phoneNumber, kind: l.kind, planName: l.planName })) };
}
