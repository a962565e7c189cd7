import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogueListFields, cataloguePages, isCatalogueJsonRequest, parseCatalogueQuery, type CatalogueKind } from '@andes/domain/catalogue-query';
import { constants } from '@andes/domain/market';
import { formatMoney } from '@andes/domain/money';
import { ok } from '../../http/envelope.ts';
import { invalidInput, priceChanged } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { searchParamsOf } from '../../http/input-boundary.ts';
import { equipmentParams, kindQuery, priceValidateBody, productParams, searchQuery, compareQuery } from '@andes/contract/inputs/catalogue';
import { SEARCH_LIMIT_MAX } from '@andes/domain/catalogue-search';
import {
  catalogueList,
  equipmentPrices,
  equipmentProduct,
  equipmentRange,
  equipmentVepPrices,
  insuranceList,
  relatedProducts,
  shownPriceCheck,
} from './catalogue.service.ts';
import { searchCatalogueFor } from './search.service.ts';
import { comparePhones } from './compare.service.ts';

/**
 * SPEC §7 catalogue request: a GET of a catalogue page path with contentType=ppEquipmentList and
 * format=json-rest is routed to the JSON list; any other GET of that path falls through to the
 * server-rendered page (the web catch-all), because the constrained route does not match it.
 */
const CATALOGUE_JSON = 'catalogueJson';

/** Same answer for every visitor: served from the response cache for a few seconds. */
const PUBLIC = { cacheSeconds: 5 };

/** A catalogue list: public, and its brand filter may repeat. */
const LIST = { ...PUBLIC, queryLists: catalogueListFields };

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
      // the router derives this for every request, outside any handler, so it must not throw on any URL
      deriveConstraint: (req: { url?: string }) => (isCatalogueJsonRequest(searchParamsOf(req.url ?? '')) ? 'yes' : undefined),
      mustMatchWhenDerived: false,
    });
  }

  async function list(req: FastifyRequest, kind: CatalogueKind) {
    const params = searchParamsOf(req.url);
    const parsed = parseCatalogueQuery(params, app.market);
    if (!parsed.ok) throw invalidInput(parsed.errors);
    const parent = params.get('parentCategoryName');
    let listKind = kind;
    if (parent === constants.accessoriesCategoryName) listKind = 'accessories';
    else if (parent && parent !== 'Equipos') throw invalidInput({ parentCategoryName: ['catalogue.error.category'] });
    return ok(await catalogueList(app, listKind, parsed.query));
  }

  for (const [path, kind] of Object.entries(cataloguePages)) {
    app.get(path, { constraints: { [CATALOGUE_JSON]: 'yes' }, config: LIST }, (req) => list(req, kind));
  }

  app.get('/restpp/catalogue/products', { config: LIST }, (req) => {
    const { kind } = parseInput(kindQuery, req.query);
    return list(req, kind);
  });

  app.get('/restpp/catalogue/search', { config: PUBLIC }, async (req) => {
    const { q, kind, limit } = parseInput(searchQuery, req.query);
    return ok(await searchCatalogueFor({ db: app.db, market: app.market }, { q, kind: kind ?? null, limit: limit ?? SEARCH_LIMIT_MAX }));
  });

  app.get('/restpp/catalogue/compare', { config: PUBLIC }, async (req) => {
    const { ids } = parseInput(compareQuery, req.query);
    return ok(await comparePhones({ db: app.db, market: app.market }, ids));
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

  /** The price the page showed is still the sku's price (its renewal price on a renewal visit), else 409 with the current one. */
  app.post('/restpp/order/v2/priceRange/validate', async (req) => {
    const { skuId, price, renewal } = parseInput(priceValidateBody, req.body);
    const current = await shownPriceCheck(app, skuId, renewal ?? false);
    if (price !== current) throw priceChanged(app.market.currency, skuId, current);
    return ok({ skuId, valid: true, renewal: renewal ?? false, currentPrice: { amount: current, formatted: formatMoney(current, app.market.currency) } });
  });

  app.get('/restpp/meta/insurances', { config: PUBLIC }, async () => ok({ insurances: await insuranceList(app) }));
}
