import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema } from '@andes/db/client';
import type { Db } from '@andes/db/client';
import { installmentSummary } from '@andes/domain/account-equipment';
import { isoDayInZone } from '@andes/domain/account-bills';
import { formatMoney } from '@andes/domain/money';
import { ok } from '../../http/envelope.ts';
import { ownLine } from './plan.routes.ts';

const { lineEquipment } = schema;

async function listEquipment(db: Db, lineId: number) {
  return db.select().from(lineEquipment).where(eq(lineEquipment.lineId, lineId)).orderBy(asc(lineEquipment.purchasedAt), asc(lineEquipment.id));
}

/** The phones sold with the line and what is left to pay of each (SPEC §7 `…/equipment`). */
export async function equipmentRoutes(app: FastifyInstance) {
  app.get<{ Params: { phoneNumber: string } }>('/REST/asset/:phoneNumber/equipment', async (req) => {
    const line = ownLine(req);
    const today = isoDayInZone(new Date(), app.market.timeZone);
    const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
    const rows = await listEquipment(app.db, line.id);
    return ok({
      phoneNumber: line.phoneNumber,
      equipment: rows.map((e) => {
        const s = installmentSummary(e, today);
        return {
          id: e.id,
          brand: e.brand,
          model: e.model,
          imei: e.imei,
          purchasedAt: e.purchasedAt,
          rentalType: e.rentalType,
          firstInstallmentAt: e.firstInstallmentAt,
          price: money(e.price),
          installments: e.installments,
          installmentAmount: money(e.installmentAmount),
          installmentsPaid: s.paid,
          installmentsLeft: s.left,
          amountLeft: money(s.amountLeft),
          paidOff: s.paidOff,
        };
      }),
    });
  });
}
