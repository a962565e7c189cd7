import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbiddenLine, notFound } from '../../http/errors.ts';
import { ok } from '../../http/envelope.ts';
import { isoDayInZone } from '@andes/domain/account-bills';
import { lineWithPlan } from './lines.repo.ts';
import { refreshLineStatuses } from './line-status.ts';

/** The line the guard checked for this request (every route here has :phoneNumber). */
export function ownLine(req: FastifyRequest) {
  if (!req.line) throw forbiddenLine();
  return req.line;
}

/** Next renewal: the line's cycle day in the coming month (or this month when still ahead). */
export function renewalDate(today: string, cycleDay: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const next = d < cycleDay ? new Date(Date.UTC(y, m - 1, cycleDay)) : new Date(Date.UTC(y, m, cycleDay));
  return next.toISOString().slice(0, 10);
}

export async function planRoutes(app: FastifyInstance) {
  app.get<{ Params: { phoneNumber: string } }>('/REST/asset/:phoneNumber/plan', async (req) => {
    await refreshLineStatuses(app.db, app.market.timeZone, { lineId: ownLine(req).id });
    const line = await lineWithPlan(app.db, ownLine(req).id);
    if (!line) throw notFound();
    const today = isoDayInZone(new Date(), app.market.timeZone);
    return ok({
      phoneNumber: line.phoneNumber,
      kind: line.kind,
      status: line.status,
      plan: line.planId
        ? {
            id: line.planId,
            name: line.planName,
            data: line.planData,
            voice: line.planVoice,
            sms: line.planSms,
            price: line.planPrice,
            renewalDate: renewalDate(today, line.cycleDay),
          }
        : null,
    });
  });
}
