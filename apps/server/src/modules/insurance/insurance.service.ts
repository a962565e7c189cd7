import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { formatMoney } from '@andes/domain/money';
import {
  canMove,
  claimNumber,
  coversOf,
  deductibleFor,
  deductiblePaymentOf,
  eventsLeft,
  isFinal,
  type ClaimKind,
  type ClaimState,
} from '@andes/domain/insurance-claims';
import { AppError } from '../../http/errors.ts';
import type { Db } from '@andes/db/client';
import type { InsurerStatus } from '../../adapters/insurer/port.ts';
import * as repo from './insurance.repo.ts';
import type { CatalogueInsurance, Claim, ClaimEvent, LineInsurance } from './insurance.repo.ts';

type Line = { id: number; phoneNumber: string };

export interface ClaimInput {
  insuranceId: number;
  kind: ClaimKind;
  description: string;
}

/** The line's theft block in force, as the insurance page and a theft claim read it. */
export interface TheftBlock {
  id: number;
  reason: string;
  report: string | null;
  createdAt: Date;
}

const CLAIM_NUMBER = /^SN-[A-Z]{2}-\d{7}$/;

function money(app: FastifyInstance, amount: number) {
  return { amount, formatted: formatMoney(amount, app.market.currency) };
}

function facts(app: FastifyInstance, i: CatalogueInsurance) {
  return {
    insuranceId: i.id,
    displayName: i.displayName,
    description: i.description,
    info: i.info,
    monthlyValue: money(app, i.monthlyValue),
    insuranceValidity: i.insuranceValidity,
    eventsNumber: i.eventsNumber,
    covers: [...coversOf(i.id)],
    deductibleCost: money(app, i.deductibleCost),
    deductibleCost2: money(app, i.deductibleCost2),
  };
}

const inForce = (li: LineInsurance, now: Date) => li.startsAt <= now && (li.endsAt === null || now < li.endsAt);

function claimView(app: FastifyInstance, c: Claim, names: Map<number, string>, events: ClaimEvent[]) {
  return {
    number: c.number,
    insuranceId: c.lineInsuranceId,
    insuranceName: names.get(c.lineInsuranceId) ?? '',
    kind: c.kind,
    description: c.description,
    status: c.status as ClaimState,
    theftReport: c.theftReport,
    deductible: money(app, c.deductible),
    deductiblePayment: (c.deductiblePayment as 'bill' | 'balance' | 'card' | null) ?? null,
    deductiblePaidAt: c.deductiblePaidAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    timeline: events.filter((e) => e.claimId === c.id).map((e) => ({ status: e.status as ClaimState, at: e.createdAt.toISOString() })),
  };
}

/** The insurance page: the line's insurances (coverage, events left, next deductible), its claims, and the offer for a line without one. */
export async function insuranceOverview(app: FastifyInstance, line: Line, theftBlock: TheftBlock | null, now = new Date()) {
  const [list, used, claims, lineFacts] = await Promise.all([
    repo.lineInsuranceList(app.db, line.id),
    repo.usedEvents(app.db, line.id),
    repo.lineClaims(app.db, line.id),
    repo.lineFacts(app.db, line.id),
  ]);
  const events = await repo.claimEvents(
    app.db,
    claims.map((c) => c.id),
  );
  const names = new Map(list.map((li) => [li.id, li.insurance.displayName]));
  const open = claims.find((c) => c.closedAt === null) ?? null;
  return {
    phoneNumber: line.phoneNumber,
    lineKind: lineFacts.kind,
    deductiblePayment: deductiblePaymentOf(lineFacts.kind),
    insurances: list.map((li) => {
      const n = used.get(li.id) ?? 0;
      return {
        ...facts(app, li.insurance),
        id: li.id,
        device: li.device,
        imei: li.imei,
        startsAt: li.startsAt.toISOString(),
        endsAt: li.endsAt?.toISOString() ?? null,
        inForce: inForce(li, now),
        eventsUsed: n,
        eventsLeft: eventsLeft(li.insurance.eventsNumber, n),
        nextDeductible: money(app, deductibleFor(li.insurance, n)),
      };
    }),
    offer: list.length ? [] : (await repo.catalogue(app.db)).filter((i) => coversOf(i.id).length > 0).map((i) => facts(app, i)),
    theftBlock: theftBlock && { reason: theftBlock.reason, report: theftBlock.report, createdAt: theftBlock.createdAt.toISOString() },
    current: open && claimView(app, open, names, events),
    history: claims.filter((c) => c !== open).map((c) => claimView(app, c, names, events)),
  };
}

const refuse = (key: string, status = 409, field?: string) => new AppError(key, status, field ? { fieldErrors: { [field]: [key] } } : {});

/**
 * Files a claim on one of the line's insurances in force that covers what happened, with an event left.
 * The insurance's row is locked while its events are counted, and the line's one open claim is kept by
 * the partial unique index: forty parallel filings make one claim. A theft claim needs the line's theft
 * block (docs/decisions/021) and carries its police report or report code. The deductible is fixed now.
 */
export async function fileClaim(app: FastifyInstance, line: Line, input: ClaimInput, theftBlock: TheftBlock | null, now = new Date()): Promise<Claim> {
  if (input.kind === 'theft' && !theftBlock) throw refuse('insurance.error.theftBlock');
  return app.db.transaction(async (tx) => {
    const li = await repo.lockLineInsurance(tx, line.id, input.insuranceId);
    if (!li) throw refuse('insurance.error.insurance', 404, 'insuranceId');
    if (!inForce(li, now)) throw refuse('insurance.error.expired');
    if (!coversOf(li.insuranceId).includes(input.kind)) throw refuse('insurance.error.notCovered', 409, 'kind');
    const used = (await repo.usedEvents(tx, line.id)).get(li.id) ?? 0;
    if (eventsLeft(li.insurance.eventsNumber, used) === 0) throw refuse('insurance.error.noEvents');
    const theft = input.kind === 'theft' ? theftBlock : null;
    const created = await repo.insertClaim(
      tx,
      {
        lineId: line.id,
        lineInsuranceId: li.id,
        kind: input.kind,
        description: input.description,
        blockId: theft?.id ?? null,
        theftReport: theft?.report ?? null,
        deductible: deductibleFor(li.insurance, used),
        createdAt: now,
      },
      (id) => claimNumber(app.market.site, id),
    );
    if (!created) throw refuse('insurance.error.open');
    return created;
  });
}

/** Hands a claim to the insurer (at filing, and again at a status check when the insurer was down then); a failure leaves it for later. */
export async function handOver(app: FastifyInstance, line: Line, claim: Claim): Promise<string | null> {
  if (claim.insurerReference) return claim.insurerReference;
  const li = (await repo.lineInsuranceList(app.db, line.id)).find((l) => l.id === claim.lineInsuranceId);
  try {
    const { reference } = await app.adapters.insurer.submit({
      number: claim.number,
      kind: claim.kind,
      insuranceId: li?.insuranceId ?? '',
      phoneNumber: line.phoneNumber,
      imei: li?.imei ?? null,
      description: claim.description,
      theftReport: claim.theftReport,
      deductible: claim.deductible,
    });
    await repo.setInsurerReference(app.db, claim.id, reference);
    return reference;
  } catch (error) {
    app.log.warn({ err: error, claim: claim.number }, 'insurer hand-over failed; the next status check tries again');
    return null;
  }
}

/** One of the line's claims by its number; another line's (or an unknown) number answers 404 alike. */
export async function lineClaim(app: FastifyInstance, line: Line, number: string): Promise<Claim> {
  const claim = CLAIM_NUMBER.test(number) ? await repo.lineClaim(app.db, line.id, number) : undefined;
  if (!claim) throw new AppError('insurance.error.claim', 404);
  return claim;
}

/**
 * Asks the insurer where an open claim stands and applies its answer once (a guarded move from the
 * state read: never backwards, never twice). Answers the state reached and whether it moved.
 */
export async function checkClaim(app: FastifyInstance, line: Line, claim: Claim, now = new Date()): Promise<{ status: ClaimState; moved: boolean }> {
  const from = claim.status as ClaimState;
  if (isFinal(from)) return { status: from, moved: false };
  const reference = await handOver(app, line, claim);
  if (!reference) throw new AppError(ErrorKeys.connectRealService, 502);
  let answer: InsurerStatus;
  try {
    answer = await app.adapters.insurer.status(reference, { deductiblePaid: claim.deductiblePaidAt !== null });
  } catch (error) {
    app.log.error({ err: error, claim: claim.number }, 'insurer status check failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  // the replacement goes out only once the deductible is paid, whatever the insurer says
  if (answer === from || !canMove(from, answer) || (answer === 'delivered' && claim.deductiblePaidAt === null)) return { status: from, moved: false };
  const moved = await app.db.transaction((tx) => repo.moveClaim(tx, claim.id, from, answer, now, isFinal(answer)));
  return { status: moved ? answer : from, moved };
}

/** Marks the approved claim's deductible paid in the caller's transaction (the flow charges it there too); false when it was already. */
export async function markDeductiblePaid(tx: Db, claim: Claim, method: 'bill' | 'balance' | 'card', now = new Date()): Promise<boolean> {
  return repo.markDeductiblePaid(tx, claim.id, method, now);
}

/** Refuses a deductible payment the claim is not ready for: only an approved claim, not paid yet. */
export function deductibleRefusal(claim: Claim): AppError | null {
  if (claim.deductiblePaidAt) return refuse('insurance.error.deductiblePaid');
  if (claim.status !== 'approved') return refuse('insurance.error.notApproved');
  return null;
}
