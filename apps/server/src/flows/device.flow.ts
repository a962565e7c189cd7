import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { coolDownUntil, secondFactorFor, sameReport, stopsLine } from '@andes/domain/device';
import { formatDateTimeInZone } from '@andes/domain/dates';
import { AppError } from '../http/errors.ts';
import { addNotification } from '../modules/account/index.ts';
import { takeCodeSend } from '../http/throttle.ts';
import * as device from '../modules/device/index.ts';
import { answerChallenge, openChallenge } from '../modules/identity/index.ts';
import { moveLineToSim, setLineBlocked } from '../modules/subscriber/index.ts';

/** The line the guard checked, the session and client address asking (http/guards.ts, csrf.ts). */
export interface DeviceRequester {
  line: { id: number; phoneNumber: string; customerId: number };
  sessionHash: string;
  address: string;
}

const bound = (who: DeviceRequester) => ({ sessionHash: who.sessionHash, lineId: who.line.id });

/** Tells the customer by e-mail and in their notifications (a SIM change, a block lifted). */
async function notify(app: FastifyInstance, customerId: number, subjectKey: string, bodyKey: string, params: Record<string, string | number>) {
  const contact = await device.customerContact(app.db, customerId);
  const subject = app.t(subjectKey, params);
  const body = app.t(bodyKey, { ...params, name: contact?.firstName ?? '' });
  await addNotification(app.db, customerId, subject, body);
  if (contact?.email) await app.adapters.email.send({ to: contact.email, subject, body });
}

/** Blocks at once; a block that stops the line sets its status so every screen and money action sees it. */
export async function blockLine(app: FastifyInstance, who: DeviceRequester, input: device.BlockInput) {
  const block = await device.reportBlock(app, who.line, input);
  if (stopsLine(block.blockType)) await setLineBlocked(app.db, who.line.id, true);
  await notify(app, who.line.customerId, 'device.notice.blocked.subject', 'device.notice.blocked.body', { phone: who.line.phoneNumber });
  return { block: device.blockView(block), status: await device.lineStatus(app.db, who.line.id) };
}

/**
 * Opens a step-up: the e-mail code is counted first (per address, per asker and line, and the line's
 * day), then the second factor: the theft report for a line reported stolen (its holder wrote it),
 * otherwise a round of the identity bureau's questions about the holder's document.
 */
export async function startStepUp(app: FastifyInstance, who: DeviceRequester, purpose: device.StepUpPurpose) {
  const contact = await device.stepUpChannel(app, who.line.customerId);
  await takeCodeSend(app.db, {
    purpose: `stepup-${purpose}`,
    phoneNumber: who.line.phoneNumber,
    address: who.address,
    dailyCap: app.config.smsDailyCapPerLine,
  });
  const report = device.theftReportOf(await device.activeBlocks(app, who.line.id));
  const secondFactor = secondFactorFor(report !== null);
  let challenge: { challengeId: string; questions: unknown[] } | null = null;
  if (secondFactor === 'identity') {
    challenge = await openChallenge(app, who.address, contact.document);
  }
  const opened = await device.openStepUp(app, contact, {
    customerId: who.line.customerId,
    purpose,
    secondFactor,
    challengeId: challenge?.challengeId ?? null,
    ...bound(who),
  });
  return { ...opened, secondFactor, challengeId: challenge?.challengeId ?? null, questions: challenge?.questions ?? [] };
}

/** Checks the code (its try counted first), then the second factor; a step-up passes only with both. */
export async function confirmStepUp(
  app: FastifyInstance,
  who: DeviceRequester,
  input: { stepUpId: string; code: string; answers?: Record<string, string>; reportNumber?: string },
) {
  const stepUp = await device.checkStepUpCode(app, input.stepUpId, input.code, bound(who));
  if (stepUp.secondFactor === 'report') {
    const report = device.theftReportOf(await device.activeBlocks(app, who.line.id));
    if (!report || !sameReport(input.reportNumber ?? '', report)) {
      throw new AppError('device.error.stepUp.report', 400, { fieldErrors: { reportNumber: ['device.error.stepUp.report'] } });
    }
  } else {
    const { outcome } = await answerChallenge(app, who.address, stepUp.challengeId ?? '', input.answers ?? {});
    if (outcome !== 'passed') throw new AppError('device.error.stepUp.identity', 400, { fields: { outcome } });
  }
  await device.markStepUpVerified(app, stepUp.id);
  return { stepUpId: stepUp.id, verified: true as const };
}

/**
 * The holder lifts the line's blocks with a passed step-up, spent once even for parallel calls. The
 * unblock is recorded first and the blocks are lifted only once the central list has withdrawn their
 * IMEIs: a list that fails leaves the line blocked with its unblock waiting (502, the customer is told
 * it will finish on its own), and the page, the next read and the unblock sweep finish it.
 */
export async function unblockLine(app: FastifyInstance, who: DeviceRequester, stepUpId: string) {
  await device.spendStepUp(app, stepUpId, { ...bound(who), purpose: 'unblock' });
  await device.requestLift(app, who.line.id);
  const { lifted, waiting } = await finishUnblock(app, who.line, { waitForOthers: true });
  if (waiting) throw new AppError('device.error.unblockPending', 502);
  return { lifted, status: await device.lineStatus(app.db, who.line.id) };
}

/**
 * Lifts what the list has withdrawn of the line's recorded unblock; the line is active again once no
 * block in force stops it, and the holder is told once. Each withdrawal is asked once, by whichever caller
 * claims it (docs/decisions/013); a customer's request (`waitForOthers`) waits for one another caller is
 * asking. Answers how many blocks it lifted and how many still wait on the list.
 */
export async function finishUnblock(
  app: FastifyInstance,
  line: DeviceRequester['line'],
  options: { waitForOthers?: boolean } = {},
): Promise<{ lifted: number; waiting: number }> {
  const { lifted, waiting } = await device.finishLifts(app, line.id, options);
  if (!lifted.length) return { lifted: 0, waiting };
  if (!(await device.activeBlocks(app, line.id)).some((b) => stopsLine(b.blockType))) await setLineBlocked(app.db, line.id, false);
  await app.linesAsOf({ lineId: line.id });
  await notify(app, line.customerId, 'device.notice.unblocked.subject', 'device.notice.unblocked.body', { phone: line.phoneNumber });
  return { lifted: lifted.length, waiting };
}

/** The block page: an unblock waiting on the list is tried again first, so the page shows where it stands. */
export async function blockPage(app: FastifyInstance, who: DeviceRequester) {
  if (await device.hasPendingLift(app, who.line.id)) await finishUnblock(app, who.line, { waitForOthers: true });
  await app.linesAsOf({ lineId: who.line.id });
  return device.blockOptions(app, who.line);
}

/** Lines finished per sweep, so one slow list never makes a pass run into the next. */
const UNBLOCKS_PER_SWEEP = 50;

/** The unblock sweep (device.module.ts): finishes unblocks the list failed, without the customer coming back. */
export async function sweepUnblocks(app: FastifyInstance): Promise<number> {
  let done = 0;
  for (const line of await device.linesWithPendingLifts(app, UNBLOCKS_PER_SWEEP)) {
    try {
      done += (await finishUnblock(app, line)).lifted;
    } catch (error) {
      app.log.error({ err: error, line: line.id }, 'unblock sweep failed for one line');
    }
  }
  return done;
}

/** Moves the line to the change's new SIM (the old one stops), records the time, and starts the cool-down. */
async function activate(app: FastifyInstance, who: DeviceRequester, change: { id: number; oldIccid: string; newIccid: string }) {
  const now = new Date();
  // both or neither: a change activated twice in parallel finds the line already moved, or the change no longer pending
  const activated = await app.db.transaction(async (tx) => {
    const row = (await moveLineToSim(tx, who.line.id, change.oldIccid, change.newIccid)) ? await device.markSimChangeActive(tx, change.id, now) : undefined;
    if (!row) throw new AppError('device.error.sim.noPending', 409);
    return row;
  });
  const until = coolDownUntil(now, app.config.simSwapCoolDownHours);
  await notify(app, who.line.customerId, 'device.notice.simChanged.subject', 'device.notice.simChanged.body', {
    phone: who.line.phoneNumber,
    until: formatDateTimeInZone(until, app.market.timeZone),
  });
  return activated;
}

/** A SIM change with a passed step-up: an eSIM is active at once, a card waits for its ICCID. */
export async function changeSim(app: FastifyInstance, who: DeviceRequester, input: { stepUpId: string } & device.SimChangeInput) {
  await device.assertSimDelivery(app, input);
  await device.spendStepUp(app, input.stepUpId, { ...bound(who), purpose: 'simChange' });
  const change = await device.requestSimChange(app, who.line, input);
  const done = input.delivery === 'esim' ? await activate(app, who, change) : change;
  return { simChange: device.simChangeView(done), coolDownUntil: (await device.simStatus(app, who.line)).coolDownUntil };
}

/** The holder activates the card that reached them by typing its ICCID. */
export async function activateSim(app: FastifyInstance, who: DeviceRequester, iccid: string) {
  const change = await device.changeToActivate(app, who.line.id, iccid);
  const done = await activate(app, who, change);
  return { simChange: device.simChangeView(done), coolDownUntil: (await device.simStatus(app, who.line)).coolDownUntil };
}

/** Registers the SIM change's cool-down as a hold on the line's SMS recovery and transfers (http/line-holds.ts). */
export const deviceWiring = fp(async (app: FastifyInstance) => {
  app.lineHolds.push(device.simSwapCoolDown(app));
});
