import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@andes/domain/money';
import { checkTransfer, transferLimits } from '@andes/domain/account-balance';
import { lukasRates } from '@andes/domain/account-inputs';
import { AppError } from '../../http/errors.ts';
import { once } from '../../http/idempotency.ts';
import { assertNotHeld } from '../../http/line-holds.ts';
import { lineRefusal } from '@andes/domain/device';
import { creditBalance, debitBalance, debitPoints, lineByPhone, lineWithPlan, recordMovement, recordPointsRedemption } from './lines.repo.ts';

type Line = { id: number; phoneNumber: string };

export function moneyOf(app: FastifyInstance, minor: number) {
  return { amount: minor, formatted: formatMoney(minor, app.market.currency) };
}

export function limitsOf(app: FastifyInstance) {
  const l = transferLimits(app.market);
  return { min: moneyOf(app, l.min), max: moneyOf(app, l.max) };
}

/** Moves balance to another active line of the operator, in one transaction, once per key. */
export async function transferBalance(app: FastifyInstance, line: Line, input: { targetPhoneNumber: string; amount: number; idempotencyKey: string }) {
  // the line's status as of now (a suspension that began today, a bill that cut it) before money moves
  await app.linesAsOf({ lineId: line.id });
  await assertNotHeld(app, line.phoneNumber, 'balanceTransfer');
  return once(app.db, `transfer:${line.id}`, input.idempotencyKey, async (tx) => {
    const from = await lineWithPlan(tx, line.id);
    if (!from) throw new AppError('pp.error.not.found', 404);
    const unusable = lineRefusal(from.status);
    if (unusable) throw new AppError(unusable, 409);
    const l = transferLimits(app.market);
    const params = {
      min: formatMoney(l.min, app.market.currency),
      max: formatMoney(l.max, app.market.currency),
      balance: formatMoney(from.balance, app.market.currency),
    };
    const check = checkTransfer(app.market, { from: line.phoneNumber, to: input.targetPhoneNumber, amount: input.amount, balance: from.balance });
    if (!check.ok) throw new AppError(check.key, check.key === 'account.error.balance.short' ? 409 : 400, { params, fieldErrors: { amount: [check.key] } });
    const target = await lineByPhone(tx, input.targetPhoneNumber);
    if (!target || target.status !== 'active') {
      throw new AppError('account.error.transfer.target', 400, { fieldErrors: { targetPhoneNumber: ['account.error.transfer.target'] } });
    }
    const balance = await debitBalance(tx, line.id, input.amount);
    if (balance === undefined) throw new AppError('account.error.balance.short', 409, { params, fieldErrors: { amount: ['account.error.balance.short'] } });
    await creditBalance(tx, target.id, input.amount);
    await recordMovement(tx, { lineId: line.id, kind: 'transfer_out', amount: -input.amount, counterpart: input.targetPhoneNumber });
    await recordMovement(tx, { lineId: target.id, kind: 'transfer_in', amount: input.amount, counterpart: line.phoneNumber });
    return { balance: moneyOf(app, balance), amount: moneyOf(app, input.amount), targetPhoneNumber: input.targetPhoneNumber };
  });
}

/** Points top-up ("lukas"): whole blocks of points become balance, once per key. */
export async function redeemLukas(app: FastifyInstance, line: Line, input: { blocks: number; idempotencyKey: string }) {
  const rate = lukasRates[app.market.currency];
  const points = rate.points * input.blocks;
  const amount = rate.amount * input.blocks;
  return once(app.db, `lukas:${line.id}`, input.idempotencyKey, async (tx) => {
    const left = await debitPoints(tx, line.id, points);
    if (left === undefined) {
      const current = await lineWithPlan(tx, line.id);
      throw new AppError('account.error.points.short', 409, {
        params: { points: current?.points ?? 0 },
        fieldErrors: { blocks: ['account.error.points.short'] },
      });
    }
    const balance = await creditBalance(tx, line.id, amount);
    await recordMovement(tx, { lineId: line.id, kind: 'lukas', amount, counterpart: null });
    await recordPointsRedemption(tx, line.id, points, `Canje por saldo de ${formatMoney(amount, app.market.currency)}`);
    return { balance: moneyOf(app, balance ?? 0), points: left, redeemedPoints: points, amount: moneyOf(app, amount) };
  });
}
