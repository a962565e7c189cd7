import type { Market } from '@andes/domain/market';
import { BILL_DUE_DAYS, CUT_AFTER_DAYS, billNumber as numberOfBill, isoDayInZone, planCharge } from '@andes/domain/account-bills';
import type * as schema from '../schema.ts';
import { hashSeed, mulberry32, type Rng } from './prng.ts';
import { addDays, addMonths, at, isoDate, isoMonth, latestCycleDate, simCode } from './util.ts';
import { bonusPrices, buildLineExtras, type EquipmentDraft, type RequestDraft } from './benefits.ts';

type LineRow = Omit<typeof schema.lines.$inferInsert, 'customerId'>;

/** How a line's bills look at `now`. */
export type LatestBill = 'paid' | 'unpaid' | 'overdue';

export interface LineSpec {
  phoneNumber: string;
  kind: 'postpaid' | 'prepaid' | 'hybrid';
  planId: string | null;
  /** Monthly plan price (0 for prepaid). */
  planPrice: number;
  /** Data allowance per month in MB (null: unlimited); drives consumption. */
  dataMb: number | null;
  simSerial: number;
  balance: number;
  /** Day of month bills are issued (1–28). */
  cycleDay: number;
  activatedAt: Date;
  latestBill: LatestBill;
  /** Bills to generate (most recent first), also bounded by the activation date. */
  months: number;
  /** When set, a welcome bonus / expiry entry makes the points balance end exactly here. */
  targetPoints?: number;
  bags: Array<{ offerId: string; daysAgo: number; recurring?: boolean }>;
  /** When the line's phone was bought, in months before today (else at random). */
  phoneBoughtMonthsAgo?: number;
}

export interface BagOfferInfo {
  id: string;
  name: string;
  price: number;
  dataMb: number | null;
  validityDays: number;
  pointsPrice: number | null;
}

export interface BillDraft {
  number: string;
  period: string;
  issuedAt: string;
  dueAt: string;
  amount: number;
  /** The line's first bill, when its plan started mid-cycle: the day the prorated plan charge starts. */
  proratedFrom: string | null;
  status: 'paid' | 'unpaid';
  paidAt: Date | null;
  method: string;
}

export interface PaymentDraft {
  kind: 'topup' | 'bag';
  amount: number;
  method: string;
  createdAt: Date;
}

export interface PointsDraft {
  kind: 'earned' | 'redeemed' | 'expired';
  /** Signed: earned positive, redeemed and expired negative, so the sum is the balance. */
  points: number;
  description: string;
  createdAt: Date;
}

export interface LineBagDraft {
  offerId: string;
  status: 'active' | 'expired';
  recurring: boolean;
  /** How a subscription renews: prepaid lines from the balance, the others on the bill. */
  payment: 'balance' | 'bill' | null;
  dataMbLeft: number | null;
  purchasedAt: Date;
  expiresAt: Date;
}

export interface LineBonusDraft {
  offerId: string;
  points: number;
  redeemedAt: Date;
  expiresAt: Date;
}

/** A bag bought on the bill: charged by the first bill issued after it (none yet: the next bill). */
export interface ChargeDraft {
  /** A bag charged to the bill, or a phone's installment the bill charged (seed/accounts.ts). */
  kind: 'bag' | 'installment';
  offerId: string | null;
  amount: number;
  /** The bill that included it, by number; null while it waits for the next bill. */
  billNumber: string | null;
  createdAt: Date;
}

/** A ticket the customer opened, in the status the desk left it. */
export interface TicketDraft {
  category: string;
  description: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface LineHistory {
  line: LineRow;
  bills: BillDraft[];
  payments: PaymentDraft[];
  charges: ChargeDraft[];
  tickets: TicketDraft[];
  points: PointsDraft[];
  bags: LineBagDraft[];
  bonuses: LineBonusDraft[];
  equipment: EquipmentDraft[];
  requests: RequestDraft[];
}

const monthName = new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' });

export function billMethods(market: Market): string[] {
  return market.site === 'cl' ? ['webpay', 'oneclick', 'pac', 'webpay'] : ['card', 'pagoefectivo', 'card', 'bank'];
}

/** Points earned per payment: Chile 1 per $20, Peru 1 per S/ 2. */
export function pointsFor(market: Market, amount: number): number {
  return Math.floor(amount / (market.site === 'cl' ? 20 : 200));
}

function topupAmounts(market: Market): number[] {
  return market.site === 'cl' ? [2000, 3000, 5000, 5000, 10000] : [500, 1000, 1000, 2000, 3000];
}

/** The bill number: unique per line and month (the server numbers the bills it issues the same way). */
export function billNumber(market: Market, phoneNumber: string, issuedAt: Date): string {
  return numberOfBill(market.billNumberPrefix, isoDate(issuedAt), phoneNumber);
}

/** Line status implied by its bills at `today`: 'cut' when a bill is unpaid 5 days past due. */
export function lineStatus(bills: BillDraft[], today: Date): 'active' | 'cut' {
  const limit = isoDate(addDays(today, -CUT_AFTER_DAYS));
  return bills.some((b) => b.status === 'unpaid' && b.dueAt < limit) ? 'cut' : 'active';
}

/**
 * Cycle day that puts the latest bill about `daysAgo` days before today (clamped to 1–28 so every
 * month has it): 5 → a pending bill not yet due, 25 → an overdue bill past the cut limit.
 */
export function cycleDayFor(today: Date, daysAgo: number): number {
  return Math.min(28, Math.max(1, addDays(today, -daysAgo).getUTCDate()));
}

function buildBills(market: Market, spec: LineSpec, rng: Rng, now: Date, today: Date): BillDraft[] {
  if (spec.kind === 'prepaid') return [];
  // An overdue bill must be past the cut limit; a pending one must not be due yet.
  let latest = latestCycleDate(today, spec.cycleDay);
  if (spec.latestBill === 'overdue' && addDays(latest, BILL_DUE_DAYS + CUT_AFTER_DAYS) >= today) latest = addMonths(latest, -1);
  const methods = billMethods(market);
  const bills: BillDraft[] = [];
  for (let k = 0; k < spec.months; k++) {
    const issued = addMonths(latest, -k);
    if (issued.getTime() < spec.activatedAt.getTime()) break;
    const due = addDays(issued, BILL_DUE_DAYS);
    const extras = rng.chance(0.3) ? rng.int(3, 40) * (market.site === 'cl' ? 99 : 29) : 0;
    // the line's first bill prorates the plan from its activation, as the billing cycle does
    const first = addMonths(issued, -1).getTime() < spec.activatedAt.getTime();
    const plan = first ? planCharge(spec.planPrice, isoDayInZone(spec.activatedAt, market.timeZone), isoDate(issued)) : undefined;
    const amount = (plan?.amount ?? spec.planPrice) + extras;
    let status: 'paid' | 'unpaid' = 'paid';
    if (k === 0 && spec.latestBill !== 'paid') status = 'unpaid';
    let paidAt: Date | null = null;
    if (status === 'paid') {
      paidAt = at(addDays(issued, rng.int(1, BILL_DUE_DAYS - 1)), rng.int(9, 21) + rng.int(0, 59) / 60);
      if (paidAt.getTime() > now.getTime()) paidAt = new Date(now.getTime() - 3_600_000);
    }
    bills.push({
      number: billNumber(market, spec.phoneNumber, issued),
      period: isoMonth(issued),
      issuedAt: isoDate(issued),
      dueAt: isoDate(due),
      amount,
      proratedFrom: plan?.prorated ? plan.from : null,
      status,
      paidAt,
      method: rng.pick(methods),
    });
  }
  return bills;
}

/** Builds a line and its history (bills, top-ups, bag purchases, points) deterministically. */
export function buildLineHistory(market: Market, spec: LineSpec, offers: Map<string, BagOfferInfo>, now: Date, today: Date): LineHistory {
  const rng = mulberry32(hashSeed('line', market.site, spec.phoneNumber));
  const bills = buildBills(market, spec, rng, now, today);
  const payments: PaymentDraft[] = [];
  const points: PointsDraft[] = [];
  const billLabel = market.site === 'cl' ? 'boleta' : 'recibo';

  const bags: LineBagDraft[] = [];
  const charges: ChargeDraft[] = [];
  for (const bag of spec.bags) {
    const offer = offers.get(bag.offerId);
    if (!offer) throw new Error(`seed: unknown bag offer ${bag.offerId}`);
    const purchasedAt = new Date(now.getTime() - bag.daysAgo * 86_400_000 - rng.int(1, 600) * 60_000);
    const expiresAt = addDays(purchasedAt, offer.validityDays);
    const active = expiresAt.getTime() > now.getTime();
    const used = Math.min(0.9, bag.daysAgo / offer.validityDays);
    const onBill = spec.kind !== 'prepaid';
    bags.push({
      offerId: offer.id,
      status: active ? 'active' : 'expired',
      recurring: bag.recurring ?? false,
      payment: bag.recurring ? (onBill ? 'bill' : 'balance') : null,
      dataMbLeft: offer.dataMb === null ? null : active ? Math.round(offer.dataMb * (1 - used)) : 0,
      purchasedAt,
      expiresAt,
    });
    if (!onBill) {
      payments.push({ kind: 'bag', amount: offer.price, method: 'balance', createdAt: purchasedAt });
      continue;
    }
    // bills are newest first: the oldest one issued after the purchase charged it
    const bill = [...bills].reverse().find((b) => b.issuedAt >= isoDate(purchasedAt));
    if (bill) bill.amount += offer.price;
    charges.push({ kind: 'bag', offerId: offer.id, amount: offer.price, billNumber: bill?.number ?? null, createdAt: purchasedAt });
  }

  for (const bill of bills) {
    if (bill.status !== 'paid' || !bill.paidAt) continue;
    const earned = pointsFor(market, bill.amount);
    const month = monthName.format(new Date(`${bill.period}-01T00:00:00Z`));
    if (earned > 0) points.push({ kind: 'earned', points: earned, description: `Pago de ${billLabel} de ${month}`, createdAt: bill.paidAt });
  }

  if (spec.kind === 'prepaid') {
    const start = addMonths(today, -spec.months);
    const from = start.getTime() > spec.activatedAt.getTime() ? start : spec.activatedAt;
    for (let day = addDays(from, rng.int(1, 6)); day.getTime() <= today.getTime(); day = addDays(day, rng.int(6, 18))) {
      const amount = rng.pick(topupAmounts(market));
      const createdAt = at(day, rng.int(8, 22) + rng.int(0, 59) / 60);
      if (createdAt.getTime() > now.getTime()) break;
      payments.push({ kind: 'topup', amount, method: market.site === 'cl' ? 'webpay' : rng.pick(['card', 'pagoefectivo']), createdAt });
      const earned = pointsFor(market, amount);
      if (earned > 0) points.push({ kind: 'earned', points: earned, description: 'Recarga de saldo', createdAt });
    }
  }

  // A redemption now and then, so the points history shows every kind; demo customers (a points
  // target) always have one of each, their welcome bonus below paying for them, so no screen is empty.
  const demo = spec.targetPoints !== undefined;
  const balanceSoFar = () => points.reduce((sum, p) => sum + p.points, 0);
  const pointsOffer = [...offers.values()].find((o) => o.pointsPrice !== null && o.pointsPrice > 0);
  if (pointsOffer?.pointsPrice && ((balanceSoFar() > pointsOffer.pointsPrice * 2 && rng.chance(0.6)) || demo)) {
    points.push({
      kind: 'redeemed',
      points: -pointsOffer.pointsPrice,
      description: `Canje: ${pointsOffer.name}`,
      createdAt: at(addDays(today, -rng.int(20, 60)), 12 + rng.int(0, 8)),
    });
  }
  // A bonus redeemed some weeks ago (canjes), still active when it was recent enough.
  const bonuses: LineBonusDraft[] = [];
  const affordable = bonusPrices(market).filter((b) => demo || b.points <= balanceSoFar());
  const bonus = affordable.length > 0 ? rng.pick(affordable) : undefined;
  if (bonus && (rng.chance(0.7) || demo)) {
    const redeemedAt = at(addDays(today, -rng.int(3, 45)), 10 + rng.int(0, 10));
    points.push({ kind: 'redeemed', points: -bonus.points, description: `Canje: ${bonus.name}`, createdAt: redeemedAt });
    bonuses.push({ offerId: bonus.id, points: bonus.points, redeemedAt, expiresAt: addDays(redeemedAt, bonus.validityDays) });
  }
  if (spec.targetPoints !== undefined) {
    const gap = spec.targetPoints - balanceSoFar();
    const when = at(addDays(today, -rng.int(170, 185)), 10);
    if (gap > 0) points.push({ kind: 'earned', points: gap, description: 'Bono de bienvenida', createdAt: when });
    if (gap < 0) points.push({ kind: 'expired', points: gap, description: 'Vencimiento de puntos', createdAt: when });
  }
  points.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const balancePoints = balanceSoFar();

  const line: LineRow = {
    phoneNumber: spec.phoneNumber,
    kind: spec.kind,
    planId: spec.planId,
    status: lineStatus(bills, today),
    simCode: simCode(market, spec.simSerial),
    balance: spec.balance,
    points: balancePoints,
    pointsExpireAt: balancePoints > 0 ? isoDate(new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), 0))) : null,
    cycleDay: spec.cycleDay,
    activatedAt: spec.activatedAt,
  };
  return { line, bills, payments, charges, tickets: [], points, bags, bonuses, ...buildLineExtras(market, spec, today) };
}

/** Daily consumption of a line for the last `days` days (data MB, voice minutes, SMS). */
export function buildConsumption(
  market: Market,
  spec: LineSpec,
  today: Date,
  days: number,
): Array<{ day: string; kind: 'data' | 'voice' | 'sms'; amount: number }> {
  const rng = mulberry32(hashSeed('consumption', market.site, spec.phoneNumber));
  const dailyData = spec.kind === 'prepaid' ? 180 : spec.dataMb === null ? 1400 : Math.max(60, (spec.dataMb / 30) * 0.6);
  const rows: Array<{ day: string; kind: 'data' | 'voice' | 'sms'; amount: number }> = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    if (day.getTime() < spec.activatedAt.getTime() - 86_400_000) continue;
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const factor = (weekend ? 1.3 : 1) * (0.5 + rng.next());
    const iso = isoDate(day);
    rows.push({ day: iso, kind: 'data', amount: Math.round(dailyData * factor) });
    rows.push({ day: iso, kind: 'voice', amount: spec.planId === 'PO_PLAN_BAM_20' ? 0 : rng.int(0, weekend ? 25 : 45) });
    rows.push({ day: iso, kind: 'sms', amount: spec.planId === 'PO_PLAN_BAM_20' ? 0 : rng.int(0, 4) });
  }
  return rows;
}
