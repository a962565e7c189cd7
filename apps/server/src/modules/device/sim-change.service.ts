import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { coolDownUntil, type SimDelivery } from '@andes/domain/device';
import { iccidOf, isValidIccid, maskedIccid } from '@andes/domain/iccid';
import { AppError } from '../../http/errors.ts';
import type { HeldAction, LineHold } from '../../http/line-holds.ts';
import * as repo from './sim-changes.repo.ts';
import type { SimChange } from './sim-changes.repo.ts';

type Line = { id: number; phoneNumber: string };

export interface SimChangeInput {
  delivery: SimDelivery;
  storeId?: string;
  address?: string;
}

function changeView(c: SimChange) {
  return {
    id: c.id,
    delivery: c.delivery,
    status: c.status,
    newIccid: maskedIccid(c.newIccid),
    storeId: c.storeId,
    address: c.address,
    requestedAt: c.requestedAt.toISOString(),
    activatedAt: c.activatedAt?.toISOString() ?? null,
  };
}

/** The line's SIM: the one in use, the change on its way, every change with its time, and the cool-down. */
export async function simStatus(app: FastifyInstance, line: Line, now = new Date()) {
  const [iccid, changes] = await Promise.all([repo.currentIccid(app.db, line.id), repo.listSimChanges(app.db, line.id)]);
  const latest = changes.find((c) => c.activatedAt)?.activatedAt ?? null;
  const until = latest ? coolDownUntil(latest, app.config.simSwapCoolDownHours) : null;
  const pending = changes.find((c) => c.status === 'pending');
  const serial = maskedIccid(iccid ?? '');
  return {
    phoneNumber: line.phoneNumber,
    iccid: serial,
    currentAsset: { phoneNumber: line.phoneNumber, SN: serial },
    pending: pending ? changeView(pending) : null,
    changes: changes.map(changeView),
    coolDownUntil: until && until > now ? until.toISOString() : null,
  };
}

/** Refuses a pickup at a store the locator does not have, before the step-up is spent on it. */
export async function assertSimDelivery(app: FastifyInstance, input: SimChangeInput): Promise<void> {
  if (input.delivery === 'pickup' && !(input.storeId && (await repo.storeExists(app.db, input.storeId))))
    throw new AppError('device.error.sim.store', 400, { fieldErrors: { storeId: ['device.error.sim.store'] } });
}

/**
 * Records a SIM change (the step-up already spent): a new SIM with its ICCID, sent by courier, kept
 * at a store, or an eSIM. An eSIM is ready at once; a card waits for its holder to type the ICCID
 * printed on it. One change on its way at a time.
 */
export async function requestSimChange(app: FastifyInstance, line: Line, input: SimChangeInput): Promise<SimChange> {
  // the line's row locked: parallel requests with passed step-ups put one change on its way, the others find it pending
  return app.db.transaction(async (tx) => {
    await repo.lockLine(tx, line.id);
    if (await repo.pendingSimChange(tx, line.id)) throw new AppError('device.error.sim.pending', 409);
    const oldIccid = (await repo.currentIccid(tx, line.id)) ?? '';
    const serial = String(randomInt(0, 1_000_000_000)).padStart(9, '0') + String(randomInt(0, 10_000)).padStart(4, '0');
    return repo.insertSimChange(tx, {
      lineId: line.id,
      delivery: input.delivery,
      status: 'pending',
      oldIccid,
      newIccid: iccidOf(app.market, serial),
      storeId: input.delivery === 'pickup' ? (input.storeId ?? null) : null,
      address: input.delivery === 'delivery' ? (input.address ?? null) : null,
      requestedAt: new Date(),
    });
  });
}

/** The pending change a typed ICCID activates: a valid ICCID (Luhn) that is the SIM sent for this line. */
export async function changeToActivate(app: FastifyInstance, lineId: number, iccid: string): Promise<SimChange> {
  if (!isValidIccid(iccid)) throw new AppError('device.error.iccid', 400, { fieldErrors: { iccid: ['device.error.iccid'] } });
  const pending = await repo.pendingSimChange(app.db, lineId);
  if (!pending) throw new AppError('device.error.sim.noPending', 409);
  if (pending.newIccid !== iccid) throw new AppError('device.error.iccid.other', 400, { fieldErrors: { iccid: ['device.error.iccid.other'] } });
  return pending;
}

export async function markSimChangeActive(db: FastifyInstance['db'], id: number, now: Date): Promise<SimChange | undefined> {
  return repo.markActivated(db, id, now);
}

export function simChangeView(c: SimChange) {
  return changeView(c);
}

const HELD_KEYS: Record<HeldAction, string> = {
  smsRecovery: 'device.error.coolDown.smsRecovery',
  balanceTransfer: 'device.error.coolDown.balanceTransfer',
};

/** The cool-down after a SIM change, as a hold on the line's SMS recovery and transfers (http/line-holds.ts). */
export function simSwapCoolDown(app: FastifyInstance): LineHold {
  return async (phoneNumber, action, now) => {
    const { at } = await repo.latestSimChangeOf(app.db, phoneNumber);
    if (!at) return null;
    const until = coolDownUntil(at, app.config.simSwapCoolDownHours);
    if (until <= now) return null;
    const hours = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 3_600_000));
    return new AppError(HELD_KEYS[action], 409, { params: { hours } });
  };
}
