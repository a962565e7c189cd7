import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Every secret a production wiring needs, and every port, as the refusal must name them. */
const SETTINGS = ['PAGE_TOKEN_KEY', 'PAYMENT_COMMERCE_CODE', 'PAYMENT_API_KEY', 'PAYMENT_NOTIFY_KEY', 'LOGISTICS_NOTIFY_KEY', 'TICKET_DESK_NOTIFY_KEY'];
const PORTS = [
  'sms',
  'payments',
  'portabilityRegistry',
  'identity',
  'credit',
  'coverage',
  'ticketDesk',
  'inventory',
  'logistics',
  'recaptcha',
  'fraudList',
  'claimsSystem',
  'email',
  'imeiRegistry',
  'contactCentre',
  'crm',
  'insurer',
  'esim',
  'numbering',
  'simInventory',
  'streets',
];
const ALL_SECRETS = {
  PAGE_TOKEN_KEY: randomBytes(32).toString('hex'),
  PAYMENT_COMMERCE_CODE: '597055555532',
  PAYMENT_API_KEY: randomBytes(32).toString('hex'),
  PAYMENT_NOTIFY_KEY: randomBytes(32).toString('hex'),
  LOGISTICS_NOTIFY_KEY: randomBytes(32).toString('hex'),
  TICKET_DESK_NOTIFY_KEY: randomBytes(32).toString('hex'),
};

/** The keys docs/sandbox.md published before they came from the environment: anyone could sign with them. */
const OLD_KEYS = { payment: 'sandbox-pagoefectivo-key', logistics: 'sandbox-logistics-key', ticketDesk: 'sandbox-ticket-desk-key' };

/** The providers' protocol (docs/sandbox.md): HMAC-SHA256, hex, over the fields joined by `|`. */
const sign = (key: string, ...fields: Array<string | number>) => createHmac('sha256', key).update(fields.join('|')).digest('hex');

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** Starts `npm run serve`'s entry point and answers its exit code and error output (or that it kept running). */
function serve(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('production wiring: no sandbox unless asked for, no start without a production adapter and its secrets', () => {
  it('a server started with SANDBOX=0 and no secrets refuses, naming each missing setting and port, before it opens a database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wiring-'));
    try {
      const dataDir = path.join(dir, 'pe');
      const { code, stderr } = await serve({ SITE: 'pe', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SANDBOX: '0' });
      expect(code).toBe(1);
      for (const setting of SETTINGS) expect(stderr).toMatch(new RegExp(`^  ${setting}: not set`, 'm'));
      for (const port of PORTS) expect(stderr).toMatch(new RegExp(`^  ${port}: no production adapter$`, 'm'));
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('the sandbox is off unless SANDBOX=1; any NODE_ENV but development or test is production', () => {
    for (const env of [{}, { SANDBOX: '0' }, { NODE_ENV: 'development' }, { NODE_ENV: 'staging' }, { NODE_ENV: 'production' }, { NODE_ENV: 'prod' }] as Array<
      Record<string, string>
    >) {
      const message = refusal(env);
      for (const setting of SETTINGS) expect(message).toMatch(new RegExp(`^  ${setting}: not set`, 'm'));
      for (const port of PORTS) expect(message).toMatch(new RegExp(`^  ${port}: no production adapter$`, 'm'));
    }
    // every secret set: only the ports without a production client are left to name
    const secretsOnly = refusal({ SANDBOX: '0', ...ALL_SECRETS });
    expect(secretsOnly).not.toMatch(/not set/);
    for (const port of PORTS) expect(secretsOnly).toMatch(new RegExp(`^  ${port}: no production adapter$`, 'm'));

    expect(loadConfig({ SANDBOX: '1' })).toMatchObject({ sandbox: true, production: false });
    expect(loadConfig({ SANDBOX: '1', NODE_ENV: 'test' })).toMatchObject({ sandbox: true, production: false });
    // production and the sandbox together take two explicit settings, whatever production is called
    for (const NODE_ENV of ['production', 'staging']) {
      expect(refusal({ NODE_ENV, SANDBOX: '1' })).toMatch(/SANDBOX_FORCE/);
      expect(loadConfig({ NODE_ENV, SANDBOX: '1', SANDBOX_FORCE: '1' })).toMatchObject({ sandbox: true, production: true });
    }
  });

  it('secrets come from the environment, checked by the schema; in sandbox mode a missing signing key is made at each start', () => {
    const first = loadConfig({ SANDBOX: '1' }).secrets;
    const second = loadConfig({ SANDBOX: '1' }).secrets;
    for (const key of ['PAGE_TOKEN_KEY', 'PAYMENT_NOTIFY_KEY', 'LOGISTICS_NOTIFY_KEY', 'TICKET_DESK_NOTIFY_KEY'] as const) {
      expect(first[key]).toMatch(/^[0-9a-f]{64}$/);
      expect(first[key]).not.toBe(second[key]);
    }
    expect(loadConfig({ SANDBOX: '1', LOGISTICS_NOTIFY_KEY: ALL_SECRETS.LOGISTICS_NOTIFY_KEY }).secrets.LOGISTICS_NOTIFY_KEY).toBe(
      ALL_SECRETS.LOGISTICS_NOTIFY_KEY,
    );
    // a placeholder is not a key, sandbox or not
    expect(refusal({ SANDBOX: '1', TICKET_DESK_NOTIFY_KEY: 'changeme' })).toMatch(/TICKET_DESK_NOTIFY_KEY/);
    expect(refusal({ SANDBOX: '0', ...ALL_SECRETS, PAGE_TOKEN_KEY: 'changeme' })).toMatch(/PAGE_TOKEN_KEY: must be at least 32 characters/);
    expect(loadConfig({ SANDBOX: '1', PAGE_TOKEN_KEY: ALL_SECRETS.PAGE_TOKEN_KEY }).secrets.PAGE_TOKEN_KEY).toBe(ALL_SECRETS.PAGE_TOKEN_KEY);
    expect(refusal({ SANDBOX: '0', ...ALL_SECRETS, PAYMENT_COMMERCE_CODE: 'abc' })).toMatch(/PAYMENT_COMMERCE_CODE/);
  });
});

describe.each(drivers)('notifications signed with the old published keys (%s database)', (driver) => {
  const sites = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    [sites.cl, sites.pe] = await Promise.all((['cl', 'pe'] as const).map((site) => startTestSite(site, driver, ALL_SECRETS)));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });

  const post = (site: TestSite, url: string, header: string, signature: string, payload: object) =>
    site.app.inject({ method: 'POST', url, headers: { [header]: signature }, payload });
  const orderOf = async (v: Visitor, number: string) => (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
  const refusedWith = (
    res: { statusCode: number; json(): { success: boolean; response: { systemMessage: Array<{ exceptionKey: string }> } } },
    key: string,
  ) => {
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
    expect(res.json().response.systemMessage[0].exceptionKey).toBe(key);
  };

  /** A guest's order of one accessory for store pickup, placed with a method that holds stock unpaid. */
  async function unpaidOrder(site: TestSite, siteId: SiteId, method: 'payInStore' | 'cashCode', address: string) {
    const v = await new Visitor(site.app, address).open();
    const guest = { name: 'Ana Pérez', document: siteId === 'cl' ? '76.086.428-5' : '12345678', email: 'ana@example.com', phoneNumber: '912345670' };
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: 'sku_PO_AC_JBL_FLIP_6_1', quantity: 1 }])).statusCode).toBe(200);
    expect((await v.call('PUT', '/restpp/order/customer/info', guest)).statusCode).toBe(200);
    const store = siteId === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES';
    expect(
      (
        await v.call('POST', '/restpp/order/shipping/method', {
          deliveryType: 'storePickup',
          storeId: store,
          consignee: { name: guest.name, rut: guest.document, phoneNumber: guest.phoneNumber },
        })
      ).statusCode,
    ).toBe(200);
    const number = (await v.call('GET', '/restpp/order/create')).json().order.number as string;
    expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).statusCode).toBe(200);
    expect((await v.call('GET', `/restpp/order/updateOrderPaymentFlag?paymentMethod=${method}`)).statusCode).toBe(200);
    expect((await v.call('GET', `/restpp/order/payment?paymentMethod=${method}`)).statusCode).toBe(200);
    return { v, number };
  }

  it('pe: a cash code notice signed with the old key is refused and the order stays unpaid; the configured key and the agent page pay it', async () => {
    const site = sites.pe;
    const { v, number } = await unpaidOrder(site, 'pe', 'cashCode', '203.0.113.70');
    const order = await orderOf(v, number);
    expect(order).toMatchObject({ status: 'awaiting_payment', cashCode: expect.stringMatching(/^\d{12}$/) });
    const notice = { cip: order.cashCode, status: 'PAID', amount: order.totalPrice };
    const url = '/restpp/order/payment/notify';
    refusedWith(
      await post(site, url, 'x-pagoefectivo-signature', sign(OLD_KEYS.payment, notice.cip, notice.status, notice.amount), notice),
      'pp.error.payment.signature',
    );
    expect(await orderOf(v, number)).toMatchObject({ status: 'awaiting_payment', paidAt: null });

    const genuine = await post(site, url, 'x-pagoefectivo-signature', sign(ALL_SECRETS.PAYMENT_NOTIFY_KEY, notice.cip, notice.status, notice.amount), notice);
    expect(genuine.json()).toMatchObject({ success: true, code: notice.cip, status: 'authorized' });
    expect((await orderOf(v, number)).status).toBe('paid');

    // the sandbox agent's page signs its (repeated) notice with the configured key too
    const again = await unpaidOrder(site, 'pe', 'cashCode', '203.0.113.71');
    const code = (await orderOf(again.v, again.number)).cashCode as string;
    expect((await site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${code}` })).statusCode).toBe(200);
    expect((await orderOf(again.v, again.number)).status).toBe('paid');
  });

  it('cl: the cash code notice route answers an old-key signature 401 too (no cash codes there, nothing to find)', async () => {
    const notice = { cip: '123456789012', status: 'PAID', amount: 1000 };
    refusedWith(
      await post(
        sites.cl,
        '/restpp/order/payment/notify',
        'x-pagoefectivo-signature',
        sign(OLD_KEYS.payment, notice.cip, notice.status, notice.amount),
        notice,
      ),
      'pp.error.payment.signature',
    );
  });

  it.each(['cl', 'pe'] as const)(
    '%s: a logistics notice signed with the old key is refused and the order does not move; the configured key and the warehouse page move it',
    async (siteId) => {
      const site = sites[siteId];
      const { v, number } = await unpaidOrder(site, siteId, 'payInStore', '203.0.113.72');
      const placed = await orderOf(v, number);
      expect(placed).toMatchObject({ status: 'placed', fulfilmentReference: `LOG-${number}` });
      const url = '/restpp/order/fulfilment/notify';
      for (const step of ['prepare', 'ready_for_pickup', 'collect_payment', 'deliver']) {
        const notice = { reference: placed.fulfilmentReference, orderNumber: number, step };
        refusedWith(
          await post(site, url, 'x-logistics-signature', sign(OLD_KEYS.logistics, notice.reference, number, step), notice),
          'pp.error.fulfilment.signature',
        );
      }
      expect(await orderOf(v, number)).toMatchObject({ status: 'placed', paidAt: null });

      const notice = { reference: placed.fulfilmentReference, orderNumber: number, step: 'prepare' };
      expect(
        (await post(site, url, 'x-logistics-signature', sign(ALL_SECRETS.LOGISTICS_NOTIFY_KEY, notice.reference, number, 'prepare'), notice)).json(),
      ).toMatchObject({ success: true, status: 'preparing', applied: true });
      expect((await site.app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order: number } })).json()).toMatchObject({
        success: true,
        status: 'ready_for_pickup',
        applied: true,
      });
      expect((await orderOf(v, number)).status).toBe('ready_for_pickup');
    },
  );

  it.each([
    ['cl', '12.345.678-5', '1234', '912345678'],
    ['pe', '987654321', '123456', '987654321'],
  ] as const)(
    '%s: a ticket desk notice signed with the old key is refused and the ticket does not move; the configured key and the desk page move it',
    async (siteId, user, secret, phone) => {
      const site = sites[siteId];
      const v = await new Visitor(site.app, '203.0.113.73').open();
      expect((await v.login(user, secret)).statusCode).toBe(200);
      const ticket = (
        await v.call('POST', `/restpp/asset/${phone}/tickets`, { category: 'coverage', description: 'Sin señal en el ascensor del edificio' })
      ).json().ticket;
      const statusOf = async () => (await v.call('GET', `/restpp/asset/${phone}/tickets/${ticket.id}`)).json().ticket.status;
      const url = '/restpp/tickets/desk/notify';
      for (const status of ['acknowledged', 'closed']) {
        refusedWith(
          await post(site, url, 'x-ticket-desk-signature', sign(OLD_KEYS.ticketDesk, ticket.number, status), { ticketNumber: ticket.number, status }),
          'account.error.ticket.signature',
        );
      }
      expect(await statusOf()).toBe('submitted');

      const notice = { ticketNumber: ticket.number, status: 'acknowledged' };
      expect(
        (await post(site, url, 'x-ticket-desk-signature', sign(ALL_SECRETS.TICKET_DESK_NOTIFY_KEY, ticket.number, 'acknowledged'), notice)).json(),
      ).toMatchObject({ success: true, status: 'acknowledged', applied: true });
      expect(
        (await site.app.inject({ method: 'POST', url: `/sandbox/ticket-desk/tickets/${ticket.number}`, payload: { action: 'work' } })).json(),
      ).toMatchObject({ success: true, status: 'inProgress', applied: true });
      expect(await statusOf()).toBe('inProgress');
    },
  );

  it('an app built outside sandbox mode wires no sandbox adapter: it refuses to build', async () => {
    const config = { ...loadConfig({ SITE: 'cl', SANDBOX: '1', LOG_LEVEL: 'silent', ...ALL_SECRETS }), sandbox: false };
    await expect(buildApp({ config, database: sites.cl.database, ownsDatabase: false, logger: false })).rejects.toThrow(/^ {2}sms: no production adapter$/m);
  });
});
