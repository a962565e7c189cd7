import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMoney } from '@andes/domain/money';
import type { CustomerLine } from './assets.repo.ts';

/** SPEC §6: 4 means signed in. */
export const SIGNED_IN = 4;

export function defaultAvatar(gender: string): string {
  return gender === 'M' ? '/img/avatar/default-male.svg' : '/img/avatar/default-female.svg';
}

export function lineBalance(app: FastifyInstance, line: CustomerLine) {
  return {
    principal: { amount: line.balance, formatted: formatMoney(line.balance, app.market.currency) },
    loyaltyPoints: { amount: line.points, expiredDate: line.pointsExpireAt },
  };
}

/** The selected line: the one the customer switched to, else their first. */
export function selectedLine(req: FastifyRequest, lines: CustomerLine[]): CustomerLine | undefined {
  const chosen = req.session?.data.selectedLine;
  return lines.find((l) => l.phoneNumber === chosen) ?? lines[0];
}
