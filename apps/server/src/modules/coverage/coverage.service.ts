import type { FastifyInstance } from 'fastify';
import type { CoverageAnswer } from '@andes/domain/coverage-rules';
import { AppError } from '../../http/errors.ts';
import type { CartRow } from '../cart/cart.repo.ts';
import * as checkout from '../cart/checkout.service.ts';
import * as repo from './coverage.repo.ts';

export const CoverageErrorKeys = {
  geo: 'pp.error.checkout.geo',
  address: 'pp.error.checkout.address',
  none: 'pp.error.coverage.none',
} as const;

const SEARCH_LIMIT = 50;

type Chain = NonNullable<Awaited<ReturnType<typeof checkout.geoChain>>>;

async function ask(app: FastifyInstance, chain: Chain): Promise<CoverageAnswer> {
  return app.adapters.coverage.check({ regionCode: chain.region.code, provinceCode: chain.province.code, communeCode: chain.commune.code });
}

function answerOf(chain: Chain, coverage: CoverageAnswer) {
  return { ...coverage, region: chain.region, province: chain.province, commune: chain.commune };
}

/** The geography chain of an area, or a per-field error when it does not really nest. */
async function chainOf(app: FastifyInstance, area: { region: string; province?: string; commune: string }): Promise<Chain> {
  const chain = await checkout.geoChain(app.db, app.market, area);
  if (!chain) throw new AppError(CoverageErrorKeys.geo, 400, { fieldErrors: { commune: [CoverageErrorKeys.geo] } });
  return chain;
}

/** The chain of one of the buyer's saved addresses. */
async function addressChain(app: FastifyInstance, cart: CartRow | null, customerId: number | null, addressId: number) {
  const address = cart ? await checkout.findAddress(app.db, cart, customerId, addressId) : undefined;
  if (!address) throw new AppError(CoverageErrorKeys.address, 404, { fieldErrors: { addressId: [CoverageErrorKeys.address] } });
  return { address, chain: await chainOf(app, { region: address.regionCode, province: address.provinceCode ?? undefined, commune: address.communeCode }) };
}

/** Is this area (or saved address) covered? A question only: nothing is recorded. */
export async function validate(
  app: FastifyInstance,
  cart: CartRow | null,
  customerId: number | null,
  input: { addressId: number } | { region: string; province?: string; commune: string },
) {
  const chain = 'addressId' in input ? (await addressChain(app, cart, customerId, input.addressId)).chain : await chainOf(app, input);
  return answerOf(chain, await ask(app, chain));
}

/** The communes of a region with their coverage, for an address typeahead. */
export async function search(app: FastifyInstance, input: { region: string; province?: string; query?: string }) {
  const communes = await repo.communesOf(app.db, input.region, input.province, input.query, SEARCH_LIMIT);
  return Promise.all(
    communes.map(async (c) => ({
      code: c.code,
      name: c.name,
      province: c.provinceCode,
      ...(await app.adapters.coverage.check({ regionCode: input.region, provinceCode: c.provinceCode ?? '', communeCode: c.code })),
    })),
  );
}

/** The feasibility check of the cart's delivery address before payment, recorded for the cart. */
export async function createCheck(app: FastifyInstance, cart: CartRow, customerId: number | null, addressId: number) {
  const { address, chain } = await addressChain(app, cart, customerId, addressId);
  const coverage = await ask(app, chain);
  const check = await repo.insertCheck(app.db, {
    cartId: cart.id,
    addressId: address.id,
    regionCode: chain.region.code,
    provinceCode: chain.province.code,
    communeCode: chain.commune.code,
    covered: coverage.covered,
    technology: coverage.technology,
  });
  return { coverageId: check.id, addressId: address.id, ...answerOf(chain, coverage) };
}

/** Refuses to take payment for lines activated at an address without coverage (sends the buyer to factibilidad). */
export async function assertCovered(app: FastifyInstance, cart: CartRow, customerId: number | null, addressId: number): Promise<void> {
  const coverage = await validate(app, cart, customerId, { addressId });
  if (!coverage.covered) throw new AppError(CoverageErrorKeys.none, 409, { fields: { redirectRUL: '/personas/flujo-compra/factibilidad' } });
}

/** Is this area covered? The chain and the answer, for a journey with no cart (the SIM activation). */
export async function coverageOfArea(app: FastifyInstance, area: { region: string; province?: string; commune: string }) {
  return validate(app, null, null, area);
}
