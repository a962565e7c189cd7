import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AVAILABLE_NUMBERS_COUNT, reservationEnds } from '@andes/domain/number-change';
import type { Db } from '@andes/db/client';
import { AppError } from '../../http/errors.ts';
import * as repo from './numbers.repo.ts';

type Line = { id: number; phoneNumber: string };

/** Rounds of asking the numbering plan again when parallel customers took some of what it offered. */
const OFFER_ROUNDS = 3;

/** The number page: the line's number, the numbers reserved for it and until when, and its past changes. */
export async function numberOverview(app: FastifyInstance, line: Line, now = new Date()) {
  const [reserved, changes] = await Promise.all([repo.liveReservations(app.db, line.id, now), repo.lineChanges(app.db, line.id)]);
  return {
    phoneNumber: line.phoneNumber,
    offered: reserved.map((r) => r.number),
    reservedUntil: reserved.length ? new Date(Math.min(...reserved.map((r) => r.expiresAt.getTime()))).toISOString() : null,
    changes: changes.map((c) => ({ oldNumber: c.oldNumber, newNumber: c.newNumber, changedAt: c.changedAt.toISOString() })),
  };
}

/**
 * Offers SPEC §9's count of numbers, each reserved for this line while the customer decides: the
 * ones it holds already, topped up from the numbering plan's free numbers no one here holds or uses.
 * A number taken by a parallel request (the number is the hold's key) is replaced by the next free one.
 */
export async function offerNumbers(app: FastifyInstance, line: Line, now = new Date()) {
  const until = reservationEnds(now);
  // one offer of a line at a time (the line's row locked): parallel requests of one line share its five
  await app.db.transaction(async (tx) => {
    await repo.lockLine(tx, line.id);
    for (let round = 0; round < OFFER_ROUNDS; round++) {
      const mine = await repo.liveReservations(tx, line.id, now);
      const wanted = AVAILABLE_NUMBERS_COUNT - mine.length;
      if (wanted <= 0) return;
      const candidates = await freeNumbers(app, tx, wanted, new Set(mine.map((r) => r.number)), now);
      if (!candidates.length) return;
      await repo.reserve(tx, line.id, candidates, now, until);
    }
  });
  const overview = await numberOverview(app, line, now);
  if (!overview.offered.length) throw new AppError('numbering.error.none', 409);
  return overview;
}

/** Free numbers of the plan, asked again past those held or in use here until `count` are found or the plan runs dry. */
async function freeNumbers(app: FastifyInstance, db: Db, count: number, skip: Set<string>, now: Date): Promise<string[]> {
  const found: string[] = [];
  for (;;) {
    const asked = await app.adapters.numbering.free(count - found.length, skip);
    if (!asked.length) return found;
    const taken = await repo.takenAmong(db, asked, now);
    for (const n of asked) {
      skip.add(n);
      if (!taken.has(n)) found.push(n);
    }
    if (found.length >= count) return found;
  }
}

/** Refuses a number the line does not hold a live reservation of (lapsed, or never offered). */
export async function assertReserved(app: FastifyInstance, lineId: number, number: string, now = new Date()): Promise<void> {
  const mine = await repo.liveReservations(app.db, lineId, now);
  if (!mine.some((r) => r.number === number))
    throw new AppError('numbering.error.notReserved', 409, { fieldErrors: { number: ['numbering.error.notReserved'] } });
}

/**
 * A chip activation's offer (docs/decisions/025): SPEC §9's count of numbers held for it until `until`,
 * from the same plan and the same holds table as a number change, so a number held for one customer
 * is offered to no other. Each hold is its own statement (no transaction holds rows while the next
 * round asks: 40 activations at once wait on each other, never deadlock); parallel offers of one
 * activation that overshoot keep its first five.
 */
export async function offerActivationNumbers(app: FastifyInstance, db: Db, activationId: number, now: Date, until: Date): Promise<string[]> {
  // many activations may ask at once (each in its own transaction, none seeing the others' holds yet):
  // each takes a random few of a wider choice, and asks again for what a parallel one took first
  for (let round = 0; round < ACTIVATION_OFFER_ROUNDS; round++) {
    const mine = await repo.liveActivationHolds(db, activationId, now);
    const wanted = AVAILABLE_NUMBERS_COUNT - mine.length;
    if (wanted <= 0) break;
    const choice = await freeNumbers(app, db, wanted * ACTIVATION_CHOICE_FACTOR, new Set(mine.map((r) => r.number)), now);
    if (!choice.length) break;
    await repo.holdForActivation(db, activationId, pickRandom(choice, wanted), now, until);
  }
  await repo.trimActivationHolds(db, activationId, AVAILABLE_NUMBERS_COUNT, now);
  const held = await repo.liveActivationHolds(db, activationId, now);
  if (!held.length) throw new AppError('numbering.error.none', 409);
  return held.map((h) => h.number);
}

/** Rounds of asking again for an activation (each round either holds numbers or sees those held meanwhile). */
const ACTIVATION_OFFER_ROUNDS = 25;
/** How much wider than needed the choice is that an activation's numbers are drawn from. */
const ACTIVATION_CHOICE_FACTOR = 8;

function pickRandom(list: string[], count: number): string[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}
