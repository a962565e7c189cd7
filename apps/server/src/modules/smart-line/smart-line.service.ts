import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { smartLineRefusal } from '@andes/domain/smart-line';
import { AppError } from '../../http/errors.ts';
import * as repo from './smart-lines.repo.ts';
import type { SmartLine } from './smart-lines.repo.ts';

type Line = { id: number; phoneNumber: string };

/**
 * The activation code is the number's eSIM: whoever installs it on a watch receives the line's calls and
 * SMS (one-time codes included). It is answered only to the request that added the watch, which passed the
 * step-up; a session alone never reads it again (the customer removes the watch and adds it anew).
 */
function view(s: SmartLine, revealCode = false) {
  return {
    id: s.id,
    watchName: s.watchName,
    eid: s.eid,
    iccid: s.iccid,
    activationCode: revealCode ? s.activationCode : null,
    createdAt: s.createdAt.toISOString(),
    removedAt: s.removedAt?.toISOString() ?? null,
  };
}

/** The smart line page: whether the line may have one, the watch in use and the ones removed; `added` names a watch just added, whose code it shows. */
export async function smartLineOverview(app: FastifyInstance, line: Line, added?: SmartLine) {
  const [facts, list] = await Promise.all([repo.lineFacts(app.db, line.id), repo.lineSmartLines(app.db, line.id)]);
  const current = list.find((s) => s.removedAt === null) ?? null;
  return {
    phoneNumber: line.phoneNumber,
    lineKind: facts.kind,
    status: facts.status,
    refusal: smartLineRefusal(facts),
    current: current && view(current, current.id === added?.id),
    history: list.filter((s) => s !== current).map((s) => view(s)),
  };
}

/** Refuses, before the step-up is spent, a line that may not add a watch now (its kind or status, or one in use). */
export async function assertCanAdd(app: FastifyInstance, line: Line): Promise<void> {
  const refusal = smartLineRefusal(await repo.lineFacts(app.db, line.id));
  if (refusal) throw new AppError(refusal, 409);
  if ((await repo.lineSmartLines(app.db, line.id)).some((s) => s.removedAt === null)) throw new AppError('smartLine.error.exists', 409);
}

/**
 * Puts the line's number on a watch: an eSIM profile ordered from the provider for the watch's EID,
 * then recorded. One watch per line: a line with one is refused before the order, and of parallel
 * requests one is recorded (the partial unique index) and the others' profiles are released.
 */
export async function addSmartLine(app: FastifyInstance, line: Line, input: { eid: string; watchName: string }, now = new Date()) {
  await assertCanAdd(app, line);
  let profile;
  try {
    profile = await app.adapters.esim.order({ eid: input.eid, phoneNumber: line.phoneNumber });
  } catch (error) {
    app.log.error({ err: error }, 'eSIM profile order failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  const created = await repo.insertSmartLine(app.db, { lineId: line.id, eid: input.eid, watchName: input.watchName, ...profile, createdAt: now });
  if (!created) {
    await app.adapters.esim.release(profile.iccid).catch((error: unknown) => app.log.warn({ err: error }, 'eSIM profile release failed'));
    throw new AppError('smartLine.error.exists', 409);
  }
  return created;
}

/** Takes the line's number off its watch and releases the profile. */
export async function removeSmartLine(app: FastifyInstance, line: Line, now = new Date()) {
  const removed = await repo.removeOpen(app.db, line.id, now);
  if (!removed) throw new AppError('smartLine.error.none', 409);
  await app.adapters.esim.release(removed.iccid).catch((error: unknown) => app.log.warn({ err: error }, 'eSIM profile release failed'));
  return removed;
}
