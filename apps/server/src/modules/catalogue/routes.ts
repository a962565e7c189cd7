import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import {
  cataloguePages,
  isCatalogueJsonRequest,
  parseCatalogueQuery,
  type CatalogueKind,
} from '@andes/domain/catalogue-query';
import { constants } from '@andes/domain/market';
import { formatMoney } from '@andes/domain/money';
import { insuranceChoiceErrors } from '@andes/domain/catalogue-product';
import { ok } from '../../http/envelope.ts';
import { AppError, forbiddenLine, invalidInput, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { findCustomerLine } from '../assets/repo.ts';
import { equipmentParams, insuranceBody, kindQuery, priceValidateBody, productParams } from './schema.ts';
import {
  catalogueList,
  equipmentPrices,
  equipmentProduct,
  equipmentRange,
  equipmentVepPrices,
  insuranceList,
  relatedProducts,
} from './service.ts';
import { findSku, listInsurances } from './repo.ts';

function searchParams(req: FastifyRequest): URLSearchParams {
  return new URL(req.url, 'http://localhost').searchParams;
}

/**
 * SPEC §7 catalogue request: a GET of a catalogue page path with contentType=ppEquipmentList and
 * format=json-rest is routed to the JSON list; any other GET of that path falls through to the
 * server-rendered page (the web catch-all), because the constrained route does not match it.
 */
const CATALOGUE_JSON = 'catalogueJson';

/** Same answer for every visitor: served from the response cache for a few seconds. */
const PUBLIC = { cacheSeconds: 5 };

export async function catalogueRoutes(app: FastifyInstance) {
  if (!app.hasConstraintStrategy(CATALOGUE_JSON)) {
    app.addConstraintStrategy({
      name: CATALOGUE_JSON,
      storage() {
        const handlers = new Map<string, unknown>();
        return {
          get: (value: string) => (handlers.get(value) ?? null) as never,
          set: (value: string, store: unknown) => void handlers.set(value, store),
        };
      },
      deriveConstraint: (req: { url?: string }) =>
        isCatalogueJsonRequest(new URL(req.url ?? '/', 'http://localhost').searchParams) ? 'yes' : undefined,
      mustMatchWhenDerived: false,
    });
  }

  async function list(req: FastifyRequest, kind: CatalogueKind) {
    const params = searchParams(req);
    const parsed = parseCatalogueQuery(params, app.market);
    if (!parsed.ok) throw invalidInput(parsed.errors);
    const parent = params.get('parentCategoryName');
    let listKind = kind;
    if (parent === constants.accessoriesCategoryName) listKind = 'accessories';
    else if (parent && parent !== 'Equipos') throw invalidInput({ parentCategoryName: ['catalogue.error.category'] });
    return ok(await catalogueList(app, listKind, parsed.query));
  }

  for (const [path, kind] of Object.entries(cataloguePages)) {
    app.get(path, { constraints: { [CATALOGUE_JSON]: 'yes' }, config: PUBLIC }, (req) => list(req, kind));
  }

  app.get('/restpp/catalogue/products', { config: PUBLIC }, (req) => {
    const { kind } = parseInput(kindQuery, req.query);
    return list(req, kind);
  });

  app.get('/restpp/catalogue/product/:productId', { config: PUBLIC }, async (req) => {
    const { productId } = parseInput(productParams, req.params);
    return ok({ product: await equipmentProduct(app, productId) });
  });

  app.get('/restpp/catalogue/related/:productId', { config: PUBLIC }, async (req) => {
    const { productId } = parseInput(productParams, req.params);
    return ok({ products: await relatedProducts(app, productId) });
  });

  app.get('/restpp/equipments/prices/:equipmentId', { config: PUBLIC }, async (req) => {
    const { equipmentId } = parseInput(equipmentParams, req.params);
    return ok({ equipmentId, prices: await equipmentPrices(app, equipmentId) });
  });

  app.get('/restpp/equipments/ranges/:equipmentId', { config: PUBLIC }, async (req) => {
    const { equipmentId } = parseInput(equipmentParams, req.params);
    return ok({ equipmentId, range: await equipmentRange(app, equipmentId) });
  });

  app.get('/restpp/equipments/vepprices/:equipmentId', { config: PUBLIC }, async (req) => {
    const { equipmentId } = parseInput(equipmentParams, req.params);
    return ok({ equipmentId, vepPrices: await equipmentVepPrices(app, equipmentId) });
  });

  /** The price the page showed is still the sku's price, else 409 with the current one. */
  app.post('/restpp/order/v2/priceRange/validate', async (req) => {
    const { skuId, price } = parseInput(priceValidateBody, req.body);
    const sku = await findSku(app.db, skuId);
    if (!sku) throw notFound();
    const current = { amount: sku.listPrice, formatted: formatMoney(sku.listPrice, app.market.currency) };
    if (price !== sku.listPrice) {
      throw new AppError('pp.error.price.changed', 409, { params: { price: current.formatted }, fields: { skuId, currentPrice: current } });
    }
    return ok({ skuId, valid: true, currentPrice: current });
  });

  app.get('/restpp/meta/insurances', { config: PUBLIC }, async () => ok({ insurances: await insuranceList(app) }));

  /**
   * Equipment-only insurance choice, for the line named by the atg_phoneNumber header (it must be one
   * of the signed-in customer's lines). Kept in the session for the order.
   */
  app.post('/restpp/order/insurances', async (req) => {
    const customerId = requireCustomer(req);
    const phoneNumber = String(req.headers['atg_phonenumber'] ?? '');
    const line = /^\d{9}$/.test(phoneNumber) ? await findCustomerLine(app.db, customerId, phoneNumber) : undefined;
    if (!line) throw forbiddenLine();
    const { skuId, insurances } = parseInput(insuranceBody, req.body);
    if (!(await findSku(app.db, skuId))) throw invalidInput({ skuId: ['product.error.sku'] });
    const errors = insuranceChoiceErrors(insurances, await listInsurances(app.db));
    if (errors.length) throw new AppError(ErrorKeys.validation, 400, { fieldErrors: { insurances: errors } });
    const choice = { skuId, phoneNumber: line.phoneNumber, ids: insurances };
    await app.sessions.saveData(req, { ...req.session?.data, insurances: choice });
    return ok({ insurances: choice.ids, skuId, phoneNumber: line.phoneNumber });
  });
}
