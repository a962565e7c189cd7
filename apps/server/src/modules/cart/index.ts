import type { FastifyInstance } from 'fastify';

/** Registers every route of the cart capability. */
export async function cartModule(_app: FastifyInstance) {}
