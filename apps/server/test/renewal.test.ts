import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';
const SKU = `sku_${PHONE}_1`;
const BLUE_PLAN = 'PO_PLAN_BLUE_120';

/**
 * Demo customers (README): the renewer has a postpaid line with a regular phone (eligible) and one whose
 * Blue phone was bought 4 months ago; the others give a postpaid and a Controlado line (both renew: two
 * eligible lines, so the customer names one), a line cut for debt, a prepaid line.
 */
const PEOPLE = {
  cl: {
    renewer: { login: '135792462', secret: '3690', eligible: '934512764', blue: '934512780' },
    twoKinds: { login: '123456785', secret: '1234', postpaid: '912345678', hybrid: '998877665' },
    cut: { login: '20961605K', secret: '5678', line: '976543210' },
    prepaid: { login: '154321985', secret: '4321', line: '987654321' },
  },
  pe: {
    renewer: { login: '934512763', secret: '135790', eligible: '934512763', blue: '934512781' },
    twoKinds: { login: '987654321', secret: '123456', postpaid: '987654321', hybrid: '943215678' },
    cut: { login: '934512765', secret: '975310', line: '934512765' },
    prepaid: { login: '912345678', secret: '654321', line: '912345678' },
  },
} as const;

type Reply = { statusCode: number; json: () => { response: { systemMessage: Array<{ exceptionKey: string; messages: string[] }> } } & Record<string, unknown> };
const keyOf = (res: Reply) => res.json().response.systemMessage[0]!.exceptionKey;
const messageOf = (res: Reply) => res.json().response.systemMessage[0]!.messages[0];
const refusal = (res: Reply) => [res.statusCode, keyOf(res)];

interface LineView {
  phoneNumber: string;
  kind: string;
  eligible: boolean;
  reason: string | null;
  renewableFrom: string | null;
  message: string | null;
}

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

describe.each(drivers)('phone renewal: which line renews (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (site) => {
    const people = PEOPLE[site];
    const signedIn = async (who: { login: string; secret: string }, address: string) => {
      const v = await new Visitor(sites[site].app, address).open();
      expect((await v.login(who.login, who.secret)).statusCode).toBe(200);
      return v;
    };
    const priceOf = async () => {
      const prices = (await sites[site].app.inject({ method: 'GET', url: `/restpp/equipments/prices/${PHONE}` })).json().prices as Array<{
        skuId: string;
        listPrice: number;
        priceContadoRN: number;
      }>;
      return prices.find((p) => p.skuId === SKU)!;
    };
    const renewal = (price: number, extra: Record<string, unknown> = {}, id = SKU) => [{ type: 'equipment', id, quantity: 1, price, renewal: true, ...extra }];

    it("lists the signed-in customer's lines with why each cannot renew (a Blue phone before month 12, cut for debt, prepaid); a Controlado line renews like a postpaid one", async () => {
      const visitor = await new Visitor(sites[site].app).open();
      expect((await visitor.call('GET', '/restpp/order/renewal/lines')).statusCode).toBe(401);

      const renewer = (await (await signedIn(people.renewer, '198.51.100.91')).call('GET', '/restpp/order/renewal/lines')).json() as {
        lines: LineView[];
        defaultPhoneNumber: string;
      };
      expect(renewer.defaultPhoneNumber).toBe(people.renewer.eligible);
      expect(renewer.lines.find((l) => l.phoneNumber === people.renewer.eligible)).toMatchObject({ eligible: true, reason: null, message: null });
      const blue = renewer.lines.find((l) => l.phoneNumber === people.renewer.blue)!;
      expect(blue).toMatchObject({ eligible: false, reason: 'pp.error.cart.renewal.blue' });
      // month 12 of a phone bought 4 months ago is some 7 to 9 months away
      const months = (Date.parse(blue.renewableFrom!) - Date.now()) / (30.44 * 86_400_000);
      expect(months).toBeGreaterThan(6);
      expect(months).toBeLessThan(10);
      expect(blue.message).toMatch(/es Andes Blue: podrás renovarlo desde el mes 12, el \d{2} de \w+ de \d{4}\.$/);

      const twoKinds = (await (await signedIn(people.twoKinds, '198.51.100.92')).call('GET', '/restpp/order/renewal/lines')).json() as {
        lines: LineView[];
        defaultPhoneNumber: string;
      };
      // a line with a plan renews, Libres or Controlado: with two such lines none is chosen for the customer
      expect(twoKinds.lines.find((l) => l.phoneNumber === people.twoKinds.postpaid)).toMatchObject({
        kind: 'postpaid',
        eligible: true,
        reason: null,
        message: null,
      });
      expect(twoKinds.lines.find((l) => l.phoneNumber === people.twoKinds.hybrid)).toMatchObject({
        kind: 'hybrid',
        eligible: true,
        reason: null,
        renewableFrom: null,
        message: null,
      });
      expect(twoKinds.defaultPhoneNumber).toBeNull();

      const prepaid = (await (await signedIn(people.prepaid, '198.51.100.90')).call('GET', '/restpp/order/renewal/lines')).json() as {
        lines: LineView[];
        defaultPhoneNumber: string | null;
      };
      expect(prepaid.defaultPhoneNumber).toBeNull();
      expect(prepaid.lines).toEqual([
        expect.objectContaining({ phoneNumber: people.prepaid.line, kind: 'prepaid', eligible: false, reason: 'pp.error.cart.renewal.kind' }),
      ]);
      expect(prepaid.lines[0]!.message).toMatch(/^La línea [\d ]+ es de prepago: la renovación de equipo es para líneas con plan\.$/);

      const cut = (await (await signedIn(people.cut, '198.51.100.93')).call('GET', '/restpp/order/renewal/lines')).json() as {
        lines: LineView[];
        defaultPhoneNumber: string | null;
      };
      expect(cut.defaultPhoneNumber).toBeNull();
      expect(cut.lines).toEqual([expect.objectContaining({ phoneNumber: people.cut.line, eligible: false, reason: 'pp.error.cart.renewal.cut' })]);
      expect(cut.lines[0]!.message).toContain(site === 'cl' ? 'paga tu boleta' : 'paga tu recibo de servicios');
    });

    it("adds a renewal only for an eligible line of the customer's own, and keeps the line on the cart and order lines", async () => {
      const { priceContadoRN, listPrice } = await priceOf();
      const visitor = await new Visitor(sites[site].app).open();
      expect(refusal(await visitor.call('POST', '/restpp/order/add', renewal(priceContadoRN)))).toEqual([409, 'pp.error.cart.renewal.login']);

      // a customer with no eligible line is told to choose one (none to choose) or why the line named cannot renew
      const prepaid = await signedIn(people.prepaid, '198.51.100.94');
      expect(refusal(await prepaid.call('POST', '/restpp/order/add', renewal(priceContadoRN)))).toEqual([409, 'pp.error.cart.renewal.line']);
      expect(refusal(await prepaid.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: people.prepaid.line })))).toEqual([
        409,
        'pp.error.cart.renewal.kind',
      ]);
      const cut = await signedIn(people.cut, '198.51.100.95');
      expect(refusal(await cut.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: people.cut.line })))).toEqual([
        409,
        'pp.error.cart.renewal.cut',
      ]);

      const v = await signedIn(people.renewer, '198.51.100.96');
      const blue = await v.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: people.renewer.blue }));
      expect(refusal(blue)).toEqual([409, 'pp.error.cart.renewal.blue']);
      expect(messageOf(blue)).toMatch(/mes 12, el \d{2} de/);
      // someone else's line is never renewed from this account
      expect(refusal(await v.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: people.twoKinds.postpaid })))).toEqual([
        403,
        'pp.error.cart.renewal.owner',
      ]);
      expect((await v.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: '12345' }))).statusCode).toBe(400);
      // the earlier rules still hold
      expect(refusal(await v.call('POST', '/restpp/order/add', [{ ...renewal(priceContadoRN)[0], quantity: 2 }]))).toEqual([
        409,
        'pp.error.cart.renewal.quantity',
      ]);
      expect(
        refusal(
          await v.call('POST', '/restpp/order/add', [
            ...renewal(priceContadoRN),
            { type: 'plan', id: BLUE_PLAN, quantity: 1, billing_msisdn: people.renewer.eligible },
          ]),
        ),
      ).toEqual([409, 'pp.error.cart.renewal.combined']);
      expect(keyOf(await v.call('POST', '/restpp/order/add', renewal(listPrice)))).toBe('pp.error.price.changed');
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);

      // without a line named, the only eligible one
      const added = await v.call('POST', '/restpp/order/add', renewal(priceContadoRN));
      expect(added.statusCode).toBe(200);
      expect(added.json().items).toEqual([
        expect.objectContaining({ id: SKU, renewal: true, price: priceContadoRN, quantity: 1, planPhoneNumber: people.renewer.eligible }),
      ]);
      // one renewal per line: another renewal phone for the same line is refused, naming the line
      const [other] = await rows<{ id: string; price: number }>(
        sites[site],
        `select s.id, s.price_contado_rn as price from skus s join products p on p.id = s.product_id where p.kind = 'phone' and p.renewal and p.id <> '${PHONE}' and s.stock > 0 order by s.id limit 1`,
      );
      const second = await v.call('POST', '/restpp/order/add', renewal(other!.price, { planPhoneNumber: people.renewer.eligible }, other!.id));
      expect(refusal(second)).toEqual([409, 'pp.error.cart.renewal.lineInCart']);
      expect(messageOf(second)).toContain(site === 'cl' ? '9 3451 2764' : '934 512 763');

      const created = await v.call('GET', '/restpp/order/create');
      expect(created.statusCode).toBe(200);
      const number = created.json().order.number as string;
      expect(created.json().order.lines).toEqual([expect.objectContaining({ id: SKU, renewal: true, planPhoneNumber: people.renewer.eligible })]);
      const [line] = await rows<{ unit_price: number; renewal: boolean; plan_phone_number: string }>(
        sites[site],
        `select unit_price, renewal, plan_phone_number from order_lines where order_id = (select id from orders where number = '${number}')`,
      );
      expect(line).toEqual({ unit_price: priceContadoRN, renewal: true, plan_phone_number: people.renewer.eligible });
      expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.lines[0]).toMatchObject({ planPhoneNumber: people.renewer.eligible });
    });

    it("checks the line again when the order is created: cut for a bill since the add, or no longer the customer's, refuses it and leaves the cart", async () => {
      const { priceContadoRN } = await priceOf();
      const v = await signedIn(people.twoKinds, '198.51.100.97');
      await v.call('DELETE', `/restpp/order/${SKU}`);
      const added = await v.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: people.twoKinds.postpaid }));
      expect(added.statusCode).toBe(200);
      const before = added.json().items;
      const [{ id: lineId, customer_id: owner }] = await rows<{ id: number; customer_id: number }>(
        sites[site],
        `select id, customer_id from lines where phone_number = '${people.twoKinds.postpaid}'`,
      );

      // a bill unpaid well past its due date cuts the line (SPEC §9)
      await rows(
        sites[site],
        `insert into bills (line_id, number, period, issued_at, due_at, amount, status) values (${lineId}, 'TEST-RENEWAL-${site}-${driver}', '2020-01', '2020-01-05', '2020-01-20', 1000, 'unpaid')`,
      );
      try {
        const create = await v.call('GET', '/restpp/order/create');
        expect(refusal(create)).toEqual([409, 'pp.error.cart.renewal.cut']);
        expect(create.json()).toMatchObject({ redirectRUL: '/carrito-compra' });
      } finally {
        await rows(sites[site], `delete from bills where number = 'TEST-RENEWAL-${site}-${driver}'`);
      }
      // the line passed to another customer
      const [{ id: stranger }] = await rows<{ id: number }>(sites[site], `select id from customers where id <> ${owner} order by id limit 1`);
      await rows(sites[site], `update lines set customer_id = ${stranger} where id = ${lineId}`);
      try {
        expect(refusal(await v.call('GET', '/restpp/order/create'))).toEqual([403, 'pp.error.cart.renewal.owner']);
      } finally {
        await rows(sites[site], `update lines set customer_id = ${owner} where id = ${lineId}`);
      }
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual(before);
      expect(
        await rows(sites[site], `select 1 from orders o join order_lines l on l.order_id = o.id where l.plan_phone_number = '${people.twoKinds.postpaid}'`),
      ).toEqual([]);
      // with the line back in order the same cart makes its order
      const created = await v.call('GET', '/restpp/order/create');
      expect(created.statusCode).toBe(200);
      expect(created.json().order.lines).toEqual([expect.objectContaining({ id: SKU, planPhoneNumber: people.twoKinds.postpaid })]);
    });

    it('renews a Controlado line: with two eligible lines an add without a line is refused until the customer names one', async () => {
      const { priceContadoRN } = await priceOf();
      const v = await signedIn(people.twoKinds, '198.51.100.98');
      // the cart may still hold the phone of the test above (its order is not paid)
      await v.call('DELETE', `/restpp/order/${SKU}`);
      const none = await v.call('POST', '/restpp/order/add', renewal(priceContadoRN));
      expect(refusal(none)).toEqual([409, 'pp.error.cart.renewal.line']);
      expect(messageOf(none)).toBe('Elige la línea cuyo equipo quieres renovar.');
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);

      const added = await v.call('POST', '/restpp/order/add', renewal(priceContadoRN, { planPhoneNumber: people.twoKinds.hybrid }));
      expect(added.statusCode).toBe(200);
      expect(added.json().items).toEqual([
        expect.objectContaining({ id: SKU, renewal: true, price: priceContadoRN, quantity: 1, planPhoneNumber: people.twoKinds.hybrid }),
      ]);
      // the order-creation check passes the Controlado line too
      const created = await v.call('GET', '/restpp/order/create');
      expect(created.statusCode).toBe(200);
      expect(created.json().order.lines).toEqual([expect.objectContaining({ id: SKU, renewal: true, planPhoneNumber: people.twoKinds.hybrid })]);
      const number = created.json().order.number as string;
      const [line] = await rows<{ plan_phone_number: string }>(
        sites[site],
        `select plan_phone_number from order_lines where order_id = (select id from orders where number = '${number}')`,
      );
      expect(line).toEqual({ plan_phone_number: people.twoKinds.hybrid });
    });
  });
});
