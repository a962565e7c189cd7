import type { FastifyInstance } from 'fastify';
import { nationalNumber, swappedWithin } from '@andes/domain/device';
import { latestSimChangeOf } from './sim-changes.repo.ts';

/** A CAMARA error (SIM Swap v1): its HTTP status, code and message. */
export class CamaraError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The latest SIM change of a number of ours, or CAMARA's 404 for a number we do not serve. */
async function latestChange(app: FastifyInstance, phoneNumber: string): Promise<Date | null> {
  const national = nationalNumber(phoneNumber, app.market.phonePrefix);
  const found = national ? await latestSimChangeOf(app.db, national) : { found: false, at: null };
  if (!found.found) throw new CamaraError(404, 'SIM_SWAP.UNKNOWN_PHONE_NUMBER', 'SIM Swap can not be checked for the phone number provided');
  return found.at;
}

/** `retrieve-date`: when the SIM last changed (null: never since the line was opened). */
export async function retrieveDate(app: FastifyInstance, phoneNumber: string) {
  const at = await latestChange(app, phoneNumber);
  return { latestSimChange: at?.toISOString() ?? null };
}

/** `check`: whether the SIM changed within the last `maxAge` hours. */
export async function checkSwap(app: FastifyInstance, phoneNumber: string, maxAge: number, now = new Date()) {
  return { swapped: swappedWithin(await latestChange(app, phoneNumber), maxAge, now) };
}
