import type { FastifyInstance } from 'fastify';
import { billStatus, isoDayInZone } from '@andes/domain/account-bills';
import { formatMoney } from '@andes/domain/money';
import { formatDateInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { AppError } from '../../http/errors.ts';
import { customerName } from './lines.repo.ts';
import { findLineBill, listBills, listPayments } from './bills.repo.ts';
import { simplePdf } from './pdf.ts';

type Line = { id: number; phoneNumber: string; customerId: number };

function today(app: FastifyInstance) {
  return isoDayInZone(new Date(), app.market.timeZone);
}

export async function billsOf(app: FastifyInstance, line: Line) {
  const day = today(app);
  const rows = await listBills(app.db, line.id);
  return rows.map((b) => ({
    id: b.id,
    number: b.number,
    period: b.period,
    issuedAt: b.issuedAt,
    dueAt: b.dueAt,
    amount: b.amount,
    amountFormatted: formatMoney(b.amount, app.market.currency),
    status: billStatus(b, day),
    paidAt: b.paidAt,
    pdfUrl: `/restpp/asset/${line.phoneNumber}/bills/${b.id}/pdf`,
  }));
}

export async function paymentsOf(app: FastifyInstance, line: Line) {
  const rows = await listPayments(app.db, line.id);
  const total = rows.reduce((s, p) => s + p.amount, 0);
  return {
    payments: rows.map((p) => ({ ...p, amountFormatted: formatMoney(p.amount, app.market.currency) })),
    total: { amount: total, formatted: formatMoney(total, app.market.currency) },
  };
}

export async function billPdf(app: FastifyInstance, line: Line, billId: number) {
  const bill = Number.isInteger(billId) && billId > 0 && billId < 2 ** 31 ? await findLineBill(app.db, line.id, billId) : undefined;
  // a bill of another line is refused like another customer's line: no data
  if (!bill) throw new AppError('pp.error.asset.forbidden', 403);
  const t = app.t;
  const tz = app.market.timeZone;
  const status = billStatus(bill, today(app));
  const pdf = simplePdf(t('account.bills.pdf.title', { number: bill.number }), [
    `${app.market.brandName} ${app.market.countryName}`,
    t('account.bills.pdf.customer', { name: await customerName(app.db, line.customerId) }),
    t('account.bills.pdf.line', { phone: formatPhone(line.phoneNumber, app.market.site) }),
    t('account.bills.pdf.period', { period: bill.period }),
    t('account.bills.pdf.issued', { date: formatDateInZone(new Date(`${bill.issuedAt}T12:00:00Z`), tz) }),
    t('account.bills.pdf.due', { date: formatDateInZone(new Date(`${bill.dueAt}T12:00:00Z`), tz) }),
    t('account.bills.pdf.amount', { amount: formatMoney(bill.amount, app.market.currency) }),
    t('account.bills.pdf.status', { status: t(`account.bill.status.${status}`) }),
  ]);
  return { pdf, filename: `${bill.number}.pdf` };
}
