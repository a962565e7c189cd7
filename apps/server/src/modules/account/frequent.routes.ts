import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { accountInputs, MAX_FREQUENT_NUMBERS } from '@andes/domain/account-inputs';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { ownLine } from './plan.routes.ts';

const { frequentNumbers } = schema;
type P = { Params: { phoneNumber: string } };

/** SPEC §5: POST creates a frequent number (only a new one); PUT replaces an old one by a new one. */
export async function frequentRoutes(app: FastifyInstance) {
  const list = async (lineId: number) =>
    (await app.db.select({ number: frequentNumbers.number }).from(frequentNumbers).where(eq(frequentNumbers.lineId, lineId)).orderBy(asc(frequentNumbers.id))).map((r) => r.number);

  app.get<P>('/REST/asset/:phoneNumber/frequencyNumber', async (req) => ok({ frequentNumbers: await list(ownLine(req).id) }));

  app.post<P>('/REST/asset/:phoneNumber/frequencyNumber', async (req) => {
    const { newNumber } = parseInput(accountInputs.frequentCreate, req.body);
    const line = ownLine(req);
    await app.db.transaction(async (tx) => {
      const current = await tx.select({ number: frequentNumbers.number }).from(frequentNumbers).where(eq(frequentNumbers.lineId, line.id));
      if (current.some((r) => r.number === newNumber)) throw new AppError('account.error.frequent.exists', 409, { fieldErrors: { newNumber: ['account.error.frequent.exists'] } });
      if (current.length >= MAX_FREQUENT_NUMBERS) throw new AppError('account.error.frequent.full', 409, { params: { max: MAX_FREQUENT_NUMBERS } });
      await tx.insert(frequentNumbers).values({ lineId: line.id, number: newNumber });
    });
    return ok({ frequentNumbers: await list(line.id) });
  });

  app.put<P>('/REST/asset/:phoneNumber/frequencyNumber', async (req) => {
    const { oldNumber, newNumber } = parseInput(accountInputs.frequentUpdate, req.body);
    const line = ownLine(req);
    await app.db.transaction(async (tx) => {
      const [dupe] = await tx.select({ id: frequentNumbers.id }).from(frequentNumbers).where(and(eq(frequentNumbers.lineId, line.id), eq(frequentNumbers.number, newNumber)));
      if (dupe && oldNumber !== newNumber) throw new AppError('account.error.frequent.exists', 409, { fieldErrors: { newNumber: ['account.error.frequent.exists'] } });
      const updated = await tx
        .update(frequentNumbers)
        .set({ number: newNumber })
        .where(and(eq(frequentNumbers.lineId, line.id), eq(frequentNumbers.number, oldNumber)))
        .returning({ id: frequentNumbers.id });
      if (!updated.length) throw new AppError('account.error.frequent.missing', 404, { fieldErrors: { oldNumber: ['account.error.frequent.missing'] } });
    });
    return ok({ frequentNumbers: await list(line.id) });
  });
}
