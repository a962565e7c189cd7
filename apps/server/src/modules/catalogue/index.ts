import type { FastifyInstance } from 'fastify';

/** Registers every route of the catalogue capability. */
export async function catalogueModule(_app: FastifyInstance) {}
