import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import {
  CUSTOMER_BLOCK_REASONS,
  BLOCK_TYPES,
  barsImei,
  blockTypeFor,
  forcedBlockType,
  givesReportCode,
  isTheft,
  needsPoliceReport,
  type BlockType,
  type CustomerBlockReason,
} from '@andes/domain/device';
import { awaitOtherCaller, newClaim } from '../../claims.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './blocks.repo.ts';
import type { LineBlock } from './blocks.repo.ts';

type Line = { id: number; phoneNumber: string };

export interface BlockInput {
  reason: CustomerBlockReason;
  blockType: BlockType;
  imei?: string;
  policeReport?: string;
}

const fieldError = (field: string, key: string) => new AppError(key, 400, { fieldErrors: { [field]: [key] } });

/** A block as the customer sees it. */
export function blockView(b: LineBlock) {
  return {
    id: b.id,
    reason: b.reason,
    blockType: b.blockType,
    imei: b.imei,
    reportCode: b.reportCode,
    registryReference: b.registryReference,
    createdAt: b.createdAt.toISOString(),
    liftPending: b.liftRequestedAt !== null,
  };
}

/** What the block page offers: the customer's reasons with the block each makes here, and the line's phones. */
export async function blockOptions(app: FastifyInstance, line: Line) {
  const site = app.market.site;
  const [blocks, phones] = await Promise.all([repo.activeBlocks(app.db, line.id), repo.lineImeis(app.db, line.id)]);
  return {
    phoneNumber: line.phoneNumber,
    reasons: CUSTOMER_BLOCK_REASONS.map((reason) => ({
      reason,
      theft: isTheft(reason),
      forcedType: forcedBlockType(site, reason),
      needsPoliceReport: needsPoliceReport(site, reason),
    })),
    blockTypes: [...BLOCK_TYPES],
    phones,
    blocks: blocks.map(blockView),
  };
}

/**
 * Reports a block at once (the signed-in session is enough: speed matters more than friction when a
 * phone is stolen). A block that bars the phone reports its IMEI to the central list first, so the
 * block is recorded only once the list has it; Peru's customer gets the report code.
 */
export async function reportBlock(app: FastifyInstance, line: Line, input: BlockInput): Promise<LineBlock> {
  const site = app.market.site;
  const blockType = blockTypeFor(site, input.reason, input.blockType);
  if (needsPoliceReport(site, input.reason) && !input.policeReport) throw fieldError('policeReport', 'device.error.policeReport');
  let imei: string | null = null;
  let registryReference: string | null = null;
  if (barsImei(blockType)) {
    imei = input.imei ?? (await repo.lineImeis(app.db, line.id))[0]?.imei ?? null;
    if (!imei) throw fieldError('imei', 'device.error.imei');
    try {
      registryReference = (await app.adapters.imeiRegistry.report({ imei, reason: input.reason, phoneNumber: line.phoneNumber })).reference;
    } catch (error) {
      app.log.error({ err: error }, 'IMEI list report failed');
      throw new AppError(ErrorKeys.connectRealService, 502);
    }
  }
  return repo.insertBlock(app.db, {
    lineId: line.id,
    reason: input.reason,
    blockType,
    imei,
    policeReport: needsPoliceReport(site, input.reason) ? input.policeReport!.trim().toUpperCase() : null,
    reportCode: givesReportCode(site, blockType) ? registryReference : null,
    registryReference,
    createdAt: new Date(),
  });
}

export async function activeBlocks(app: FastifyInstance, lineId: number): Promise<LineBlock[]> {
  return repo.activeBlocks(app.db, lineId);
}

/** The theft report a stolen line's step-up asks for (police report or report code), or null when none is in force. */
export function theftReportOf(blocks: LineBlock[]): string | null {
  const theft = blocks.find((b) => b.policeReport || b.reportCode);
  return theft ? (theft.policeReport ?? theft.reportCode) : null;
}

/** Records the holder's unblock (after the step-up): its blocks in force stay so until the list has withdrawn their IMEIs. */
export async function requestLift(app: FastifyInstance, lineId: number, now = new Date()): Promise<void> {
  await repo.requestLift(app.db, lineId, now);
}

/**
 * Finishes the line's unblock: asks the central list to withdraw each IMEI not yet withdrawn, then lifts
 * in the database only the blocks the list no longer holds, so the two never disagree. Each withdrawal
 * is claimed on its block first (docs/decisions/013), so the unblock, page reads and the sweeps of every
 * process ask the list once per block; a withdrawal another caller is asking for is waited for when
 * `waitForOthers` (a customer's request, up to 5 s), else left to it. A withdrawal the list refuses leaves its block in
 * force and asked for (the page, the next unblock read and the sweep try again). Answers the blocks this
 * call lifted and how many still wait on the list.
 */
export async function finishLifts(
  app: FastifyInstance,
  lineId: number,
  options: { waitForOthers?: boolean } = {},
): Promise<{ lifted: LineBlock[]; waiting: number }> {
  const asked = await repo.pendingLifts(app.db, lineId);
  let waiting = 0;
  for (const b of asked) {
    if (!b.registryReference || b.withdrawnAt) continue;
    const outcome = await withdrawOnce(app, b);
    if (outcome === 'failed') waiting += 1;
    else if (outcome === 'elsewhere' && !(await withdrawnElsewhere(app, b, options.waitForOthers ?? false))) waiting += 1;
  }
  const lifted = await repo.liftWithdrawn(
    app.db,
    asked.map((b) => b.id),
    new Date(),
  );
  return { lifted, waiting };
}

/**
 * Asks the list to withdraw the block's IMEI only under this call's claim on it; the claim is let go
 * after the answer, with the withdrawal recorded, or left owed when the list failed (nothing is lost: the
 * next caller asks again; a claimer that died is taken over when its lease runs out). `elsewhere`: the
 * withdrawal was not this call's to ask (another holds it, or it is no longer owed).
 */
async function withdrawOnce(app: FastifyInstance, b: LineBlock): Promise<'withdrawn' | 'failed' | 'elsewhere'> {
  const claim = newClaim();
  const owed = await repo.claimWithdrawal(app.db, b.lineId, b.id, claim);
  if (!owed?.registryReference) return 'elsewhere';
  let withdrawnAt: Date | null = null;
  try {
    await app.adapters.imeiRegistry.withdraw({ reference: owed.registryReference, imei: owed.imei ?? '' });
    withdrawnAt = new Date();
    return 'withdrawn';
  } catch (error) {
    app.log.error({ err: error, block: b.id }, 'IMEI list withdrawal failed; the unblock waits for it');
    return 'failed';
  } finally {
    await repo.releaseWithdrawal(app.db, b.lineId, b.id, claim, withdrawnAt);
  }
}

/**
 * Whether the block's IMEI is off the list by another caller's withdrawal: looked at once, or, when
 * `wait`, again while that caller still holds its claim; false once it let go without it.
 */
async function withdrawnElsewhere(app: FastifyInstance, b: LineBlock, wait: boolean): Promise<boolean> {
  const look = async () => {
    const row = await repo.findBlock(app.db, b.lineId, b.id);
    if (!row || row.withdrawnAt || row.liftedAt) return true;
    return row.withdrawClaimedAt ? undefined : false;
  };
  return (await awaitOtherCaller(look, wait ? undefined : 1)) ?? false;
}

/** Whether the line has an unblock waiting on the central list. */
export async function hasPendingLift(app: FastifyInstance, lineId: number): Promise<boolean> {
  return (await repo.pendingLifts(app.db, lineId)).length > 0;
}

export const linesWithPendingLifts = (app: FastifyInstance, limit: number) => repo.linesWithPendingLifts(app.db, limit);
