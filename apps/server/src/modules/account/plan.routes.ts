import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbiddenLine, notFound } from '../../http/errors.ts';
import { ok } from '../../http/envelope.ts';
import { isoDayInZone, nextCycleDay } from '@andes/domain/account-bills';
import { lineWithPlan } from './lines.repo.ts';

/** The line the guard checked for this request (every route here has :phoneNumber). */
export function ownLine(req: FastifyRequest) {
  if (!req.line) throw forbiddenLine();
  return req.line;
}

export async function planRoutes(app: FastifyInstance) {
  app.get<{ Params: { phoneNumber: string } }>('/REST/asset/:phoneNumber/plan', async (req) => {
    await app.linesAsOf({ lineId: ownLine(req).id });
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
            renewalDate: nextCycleDay(today, line.cycleDay),
          }
        : null,
    });
  });
}
