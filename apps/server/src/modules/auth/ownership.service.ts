import type { FastifyInstance } from 'fastify';
import { normalizedDocument } from '@andes/domain/customer-document';
import { checkPair, pairAddress } from '../../http/throttle.ts';
import { findCustomerByPhone } from './auth.repo.ts';
import { isLineHolder } from './ownership.repo.ts';
import { passwordService, type Requester } from './password.service.ts';

/** The answer for a document and a line: a pair check, under the counters shared with password recovery and Peru's unique password. */
async function answerPair(app: FastifyInstance, rawDocument: string, phoneNumber: string, address: string, now: Date) {
  const document = normalizedDocument(app.market, rawDocument);
  return { holder: await checkPair(app.db, { document, phoneNumber }, address, () => isLineHolder(app.db, document, phoneNumber), now) };
}

/**
 * Line ownership check (`/personas/consulta-titularidad-linea`): whether a number is held by a document.
 * A RUT or a DNI is no secret, so the answer goes only to whoever has the line: a signed-in customer
 * asking about one of their own lines gets it at once; anyone else gets a one-time code texted to the
 * line (the password codes' mechanism) and the answer for that code ({@link confirmOwnership}). Until
 * then every answer looks the same, for a customer's line and a number nobody holds (texted nothing).
 * Each ask is counted before anything is sent: on the number like every texted code (3 every 15
 * minutes) and on the address like a wrong pair (20 every 15 minutes), never given back. Every answer
 * is a pair check (docs/decisions/005-counting-rule.md).
 */
export async function checkOwnership(app: FastifyInstance, input: { document: string; phoneNumber: string }, who: Requester, now = new Date()) {
  const holder = await findCustomerByPhone(app.db, input.phoneNumber);
  if (who.customerId !== null && holder?.id === who.customerId) return answerPair(app, input.document, input.phoneNumber, who.address, now);
  const sent = await passwordService(app).textCode(holder?.id ?? null, 'ownership', input.phoneNumber, who, [pairAddress(who.address)]);
  return { codeRequired: true, ...sent };
}

/** The answer of the ownership check for the code texted to the line: the code (its try counted first) is spent on this one document. */
export async function confirmOwnership(app: FastifyInstance, input: { tokenId: string; code: string; document: string }, who: Requester, now = new Date()) {
  const token = await passwordService(app).spendCode(input.tokenId, input.code, 'ownership', who);
  return answerPair(app, input.document, token.phoneNumber, who.address, now);
}
