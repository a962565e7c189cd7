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

/** Lifts the line's blocks (its holder after a step-up) and takes their IMEIs off the central list. */
export async function liftBlocks(app: FastifyInstance, lineId: number): Promise<LineBlock[]> {
  const lifted = await repo.liftBlocks(app.db, lineId, new Date());
  for (const b of lifted) {
    if (b.registryReference) await app.adapters.imeiRegistry.withdraw(b.registryReference);
  }
  return lifted;
}
