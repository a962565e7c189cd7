import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '@andes/db/client';
import { seed } from '@andes/db/seed/index';
import { getMarket, type SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { Visitor } from './helpers.ts';

/**
 * The statements one order creation sends to the database (the whole `GET /restpp/order/create`
 * call: session, checks, order, lines, stock), held under a ceiling so a regression fails here
 * before it shows in `npm run bench:orders` (issue 12: about 23 before, p99 558 ms at 50 buyers).
 */
const MOST_QUERIES = 7;
const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const PHONE = 'sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1';
const facts = {
  cl: { user: '12.345.678-5', secret: '1234', store: 'TDA_CL_PROVIDENCIA', document: '76.086.428-5' },
  pe: { user: '987654321', secret: '123456', store: 'TDA_PE_MIRAFLORES', document: '12345678' },
} as const;

describe.each(['cl', 'pe'] as const)('queries of one order creation (%s)', (siteId: SiteId) => {
  let database: Database;
  let app: FastifyInstance;
  let statements: string[] = [];
  beforeAll(async () => {
    database = await openDatabase({ onQuery: (sql) => statements.push(sql) });
    await seed(database.db, getMarket(siteId));
    app = await buildApp({ config: loadConfig({ SITE: siteId, SANDBOX: '1', LOG_LEVEL: 'silent' }), database, logger: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it(`a signed-in customer's order of two products sends at most ${MOST_QUERIES} statements`, async () => {
    const f = facts[siteId];
    const v = await new Visitor(app).open();
    expect((await v.login(f.user, f.secret)).statusCode).toBe(200);
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 2 }])).statusCode).toBe(200);
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: PHONE, quantity: 1 }])).statusCode).toBe(200);
    const consignee = { name: 'Ana Pérez', rut: f.document, phoneNumber: '912345670' };
    expect((await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: f.store, consignee })).statusCode).toBe(200);
    statements = [];
    const created = await v.call('GET', '/restpp/order/create');
    expect(created.statusCode).toBe(200);
    expect(created.json().order.lines).toHaveLength(2);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MOST_QUERIES);
    // the order, its first state and the cart's pointer are written by one statement: read back, the
    // order is what the creation answered (delivery and consignee as objects, the 'created' state)
    const order = created.json().order;
    expect((await v.call('GET', `/restpp/order/status?order=${order.number}`)).json().order).toEqual(order);
    expect((await v.call('GET', '/restpp/order/create')).json().order.number).toBe(order.number);
  });
});
