import type { FastifyInstance } from 'fastify';

/** Registers every route of the account capability. */
export async function accountModule(_app: FastifyInstance) {}
