import type { FastifyInstance } from 'fastify';
import { MAX_FREQUENT_NUMBERS } from '@andes/domain/account-inputs';
import { AppError } from '../../http/errors.ts';
import { addFrequent, listFrequent, replaceFrequent } from './frequent.repo.ts';

type Line = { id: number };

const exists = () => new AppError('account.error.frequent.exists', 409, { fieldErrors: { newNumber: ['account.error.frequent.exists'] } });

export async function frequentOf(app: FastifyInstance, line: Line) {
  return listFrequent(app.db, line.id);
}

/** SPEC §5 "create": only a new number; a number already kept or a full list is refused. */
export async function createFrequent(app: FastifyInstance, line: Line, newNumber: string) {
  await app.db.transaction(async (tx) => {
    const current = await listFrequent(tx, line.id);
    if (current.includes(newNumber)) throw exists();
    if (current.length >= MAX_FREQUENT_NUMBERS) throw new AppError('account.error.frequent.full', 409, { params: { max: MAX_FREQUENT_NUMBERS } });
    await addFrequent(tx, line.id, newNumber);
  });
  return listFrequent(app.db, line.id);
}

/** SPEC §5 "update": an old number is replaced by a new one; the old one must be on the list. */
export async function updateFrequent(app: FastifyInstance, line: Line, oldNumber: string, newNumber: string) {
  await app.db.transaction(async (tx) => {
    const current = await listFrequent(tx, line.id);
    if (oldNumber !== newNumber && current.includes(newNumber)) throw exists();
    if (!(await replaceFrequent(tx, line.id, oldNumber, newNumber))) {
      throw new AppError('account.error.frequent.missing', 404, { fieldErrors: { oldNumber: ['account.error.frequent.missing'] } });
    }
  });
  return listFrequent(app.db, line.id);
}
