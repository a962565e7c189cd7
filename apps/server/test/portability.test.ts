import { rutCheckDigit } from '@andes/domain/rut';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SiteId } from '@andes/domain/market';
import { getMarket } from '@andes/domain/market';
import { isoDayInZone } from '@andes/domain/account-bills';
import { nextPortWindow, portWindowAfter, promisedDay } from '@andes/domain/delivery-promise';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const PLAN = 'PO_PLAN_LIBRE_30';
const facts = {
  cl: { document: '76.086.428-5', company: 'wom', modality: undefined, otherCompany: 'bitel' },
  pe: { document: '12345678', company: 'bitel', modality: 'prepaid', otherCompany: 'wom' },
} as const;

async function codeFor(site: TestSite, phone: string): Promise<string> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=1` });
  const body = res.json().messages[0]?.body as string;
  return /\b(\d{6})\b/.exec(body)![1]!;
}

/** A visitor with a plan line to port a number into, and the data to port entered. */
async function portingVisitor(site: TestSite, market: SiteId, phone: string, address?: string) {
  const v = await new Visitor(site.app, address).open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: PLAN, quantity: 1, isPortability: true }])).statusCode).toBe(200);
  const f = facts[market];
  const started = await v.call('POST', '/restpp/subscriber/portability/customer', {
    phoneNumber: phone,
    document: f.document,
    company: f.company,
    modality: f.modality,
  });
  expect(started.statusCode).toBe(200);
  expect(started.json().request).toMatchObject({
    state: 'draft',
    phoneNumber: phone,
    company: f.company,
    number: expect.stringMatching(new RegExp(`^PORT-${market.toUpperCase()}-\\d{8}$`)),
  });
  return v;
}

/** Pays a gateway URL with the sandbox's approving card and follows the return (docs/sandbox.md). */
async function payByCard(site: TestSite, v: Visitor, url: string): Promise<string> {
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const res = await site.app.inject({
    method: 'POST',
    url: `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`,
    payload: { card: '4051885600446623', action: 'pay' },
  });
  const back = await v.call('GET', String(res.headers.location).replace(/^https?:\/\/[^/]+/, ''));
  return String(back.headers.location);
}

async function portingVisitorRaw(site: TestSite, phone: string, f: (typeof facts)[SiteId]) {
  const v = await new Visitor(site.app).open();
  await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: PLAN, quantity: 1, isPortability: true }]);
  return v.call('POST', '/restpp/subscriber/portability/customer', { phoneNumber: phone, document: f.document, company: f.company, modality: f.modality });
}

/** Answers the sandbox bureau's questions right (docs/sandbox.md: digits of the document). */
async function passIdentity(v: Visitor, document: string) {
  const round = (await v.call('POST', '/restpp/subscriber/active/questions', { document })).json();
  const body = document.split('-')[0]!.replace(/\D/g, '');
  const answered = await v.call('POST', '/restpp/subscriber/active/answers', {
    challengeId: round.challengeId,
    answers: { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` },
  });
  expect(answered.json().outcome).toBe('passed');
}

describe.each(drivers)('portability, identity and credit (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (market) => {
    const f = facts[market];
    const site = () => sites[market];

    it("lists the market's companies of origin", async () => {
      const body = (await site().app.inject({ method: 'GET', url: '/restpp/subscriber/portability/company' })).json();
      const ids = body.companies.map((c: { id: string }) => c.id);
      expect(ids).toContain(f.company);
      expect(ids).not.toContain(f.otherCompany);
      expect(body.asksModality).toBe(market === 'pe');
    });

    it('refuses bad data per field and a request without a portability line', async () => {
      const v = await new Visitor(site().app).open();
      const bad = await v.call('POST', '/restpp/subscriber/portability/customer', { phoneNumber: '812', document: 'x', company: f.otherCompany });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().validationError)).toEqual(expect.arrayContaining(['phoneNumber', 'document', 'company']));
      const noLine = await v.call('POST', '/restpp/subscriber/portability/customer', {
        phoneNumber: '912000001',
        document: f.document,
        company: f.company,
        modality: f.modality,
      });
      expect(noLine.statusCode).toBe(409);
      expect(noLine.json().response.systemMessage[0].exceptionKey).toBe('pp.error.portability.no.line');
    });

    it('texts a code to the number, refuses a wrong one, and the registry accepts the port', async () => {
      const phone = '912000011';
      const v = await portingVisitor(site(), market, phone);
      const sent = await v.call('POST', '/restpp/subscriber/portability/securityCode');
      expect(sent.json().request).toMatchObject({ state: 'code_sent', phoneLast: '011' });
      const code = await codeFor(site(), phone);
      const wrong = await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().validationError.code).toEqual(['El código no es válido o ya venció. Solicita uno nuevo.']);
      const ok = await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code });
      expect(ok.json()).toMatchObject({
        success: true,
        request: { state: 'accepted', ready: true, scheduledFor: expect.any(String) },
        next: '/personas/planes/portabilidad/solicitud/exito',
      });
      const replay = await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code });
      expect(replay.json().response.systemMessage[0].exceptionKey).toBe('pp.error.portability.state');
      const cart = (await v.call('GET', '/restpp/order/shoppingCart')).json();
      expect(cart).toMatchObject({ isPortability: true, status: { portabilityReady: true } });
    });

    it('shows a rejected port with its reason, and an in-progress one later by number', async () => {
      const rejected = await portingVisitor(site(), market, '912000018');
      await rejected.call('POST', '/restpp/subscriber/portability/securityCode');
      const no = (await rejected.call('PUT', '/restpp/subscriber/portability/securityCode', { code: await codeFor(site(), '912000018') })).json();
      expect(no).toMatchObject({
        request: { state: 'rejected', rejectReason: 'document_mismatch', ready: false },
        next: '/personas/planes/portabilidad/error',
      });

      const pending = await portingVisitor(site(), market, '912000019');
      await pending.call('POST', '/restpp/subscriber/portability/securityCode');
      const wait = (await pending.call('PUT', '/restpp/subscriber/portability/securityCode', { code: await codeFor(site(), '912000019') })).json();
      expect(wait).toMatchObject({ request: { state: 'in_progress' }, next: '/personas/planes/portabilidad/encurso' });
      expect((await pending.call('GET', '/restpp/subscriber/portability/originalInfo')).json().request.state).toBe('in_progress');
      const other = await new Visitor(site().app).open();
      const later = await other.call('GET', `/restpp/subscriber/portability/order?number=${wait.request.number}&phoneNumber=912000019`);
      expect(later.json().request).toMatchObject({ number: wait.request.number, state: 'in_progress' });
      const guessed = await other.call('GET', `/restpp/subscriber/portability/order?number=${wait.request.number}&phoneNumber=912000011`);
      expect(guessed.statusCode).toBe(404);
    });

    it('refuses to create the order until the port is accepted, pointing to the company-of-origin page', async () => {
      const phone = '912000021';
      const v = await portingVisitor(site(), market, phone);
      await v.call('PUT', '/restpp/order/customer/info', { name: 'Ana Pérez', document: f.document, email: 'ana@example.com', phoneNumber: '912345670' });
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().status.portabilityReady).toBe(false);
      const refused = await v.call('GET', '/restpp/order/create?origin=cart');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        redirectRUL: '/personas/planesV2/compania-origenV2',
        response: { systemMessage: [{ exceptionKey: 'pp.error.portability.not.ready' }] },
      });
      await v.call('POST', '/restpp/subscriber/portability/securityCode');
      await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: await codeFor(site(), phone) });
      // an accepted port still needs the holder's identity questions (step 2.1) before the order
      const noIdentity = await v.call('GET', '/restpp/order/create?origin=cart');
      expect(noIdentity.statusCode).toBe(409);
      expect(noIdentity.json()).toMatchObject({
        redirectRUL: '/personas/planesV2/validacion-identidad',
        response: { systemMessage: [{ exceptionKey: 'pp.error.identity.required' }] },
      });
      const steps = (await v.call('GET', '/restpp/subscriber/active/requirements')).json();
      expect(steps).toMatchObject({
        portability: true,
        planSale: true,
        next: '/personas/planesV2/validacion-identidad',
        steps: [{ kind: 'identity', done: false }],
      });
      await passIdentity(v, f.document);
      expect((await v.call('GET', '/restpp/subscriber/active/requirements')).json()).toMatchObject({ next: null, steps: [{ kind: 'identity', done: true }] });
      const created = await v.call('GET', '/restpp/order/create?origin=cart');
      expect(created.statusCode).toBe(200);
      expect(created.json().order.lines[0]).toMatchObject({ id: PLAN, type: 'plan' });
      const [planLine] = (await v.call('GET', '/restpp/order/shoppingCart')).json().items;
      expect(planLine).toMatchObject({ isPortability: true, planPhoneNumber: phone, planSN: null });

      // the port's payment: the checkout payment of the order carrying the ported line
      const store = market === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES';
      await v.call('POST', '/restpp/order/shipping/method', {
        deliveryType: 'storePickup',
        storeId: store,
        consignee: { name: 'Ana Pérez', rut: f.document, phoneNumber: '912345670' },
      });
      expect((await v.call('POST', '/restpp/subscriber/portability/payment', {}, { token: null })).statusCode).toBe(403);
      const payment = (await v.call('POST', '/restpp/subscriber/portability/payment', { paymentMethod: 'webPay' })).json();
      expect(payment).toMatchObject({ success: true, orderNumber: created.json().order.number, request: { state: 'accepted', phoneNumber: phone } });
      const back = await payByCard(site(), v, payment.url);
      expect(back).toBe(`/personas/planesV2/success?order=${payment.orderNumber}`);
      // the paid port opens the line with the ported number, in progress until the registry's window
      const [opened] = (await v.call('GET', `/restpp/order/plan/activation?order=${payment.orderNumber}`)).json().lines;
      expect(opened).toMatchObject({
        planId: PLAN,
        phoneNumber: phone,
        planPhoneNumber: phone,
        ported: true,
        status: 'porting',
        planSN: expect.stringMatching(/^89\d{18}$/),
        scheduledFor: expect.any(String),
      });
      // the port waits for the SIM: the market's window on the day after it is ready at the store, and that day is shown
      const paid = (await v.call('GET', `/restpp/order/status?order=${payment.orderNumber}`)).json().order;
      expect(paid.promisedFor).toBe(promisedDay(getMarket(market), 'storePickup', new Date(paid.paidAt)));
      expect(opened.scheduledFor).toBe(portWindowAfter(getMarket(market), paid.promisedFor).toISOString());
      expect(isoDayInZone(new Date(opened.scheduledFor), getMarket(market).timeZone) > paid.promisedFor).toBe(true);
      const { request } = (await v.call('GET', '/restpp/subscriber/portability/originalInfo')).json();
      expect(request.scheduledFor).toBe(opened.scheduledFor);
      await site().database.db.execute(
        sql.raw(`update portability_requests set scheduled_for = now() - interval '1 minute' where number = '${request.number}'`),
      );
      const later = (await new Visitor(site().app).open()).call('GET', `/restpp/subscriber/portability/order?number=${request.number}&phoneNumber=${phone}`);
      expect((await later).json()).toMatchObject({ request: { state: 'accepted' }, line: { status: 'active' } });
      // the same number cannot be brought again: it is ours now
      const again = await portingVisitorRaw(site(), phone, f);
      expect(again.statusCode).toBe(409);
      expect(again.json().validationError.phoneNumber).toBeDefined();
    });

    it('a port paid in the store on pickup moves the number at the next window after the SIM is handed over', async () => {
      const phone = '912000032';
      const v = await portingVisitor(site(), market, phone, '198.51.100.32');
      await v.call('PUT', '/restpp/order/customer/info', { name: 'Ana Pérez', document: f.document, email: 'tienda@example.com', phoneNumber: '912345670' });
      await v.call('POST', '/restpp/subscriber/portability/securityCode');
      await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: await codeFor(site(), phone) });
      await passIdentity(v, f.document);
      const number = (await v.call('GET', '/restpp/order/create?origin=cart')).json().order.number as string;
      const store = market === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES';
      await v.call('POST', '/restpp/order/shipping/method', {
        deliveryType: 'storePickup',
        storeId: store,
        consignee: { name: 'Ana Pérez', rut: f.document, phoneNumber: '912345670' },
      });
      expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).statusCode).toBe(200);
      expect((await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=payInStore')).statusCode).toBe(200);
      expect((await v.call('POST', '/restpp/subscriber/portability/payment', { paymentMethod: 'payInStore' })).statusCode).toBe(200);
      // placed, not paid: the SIM waits at the store, and no line opens yet
      const placed = (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
      expect(placed).toMatchObject({ status: 'placed', promisedFor: promisedDay(getMarket(market), 'storePickup', new Date(placed.history[1].at)) });
      expect((await v.call('GET', `/restpp/order/plan/activation?order=${number}`)).json().lines).toEqual([]);
      // the store hands the SIM over as it takes the money: the number moves at the next window from then
      for (const step of ['preparing', 'ready_for_pickup', 'payment_collected']) {
        expect((await site().app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order: number } })).json().status).toBe(step);
      }
      const collected = new Date();
      const [opened] = (await v.call('GET', `/restpp/order/plan/activation?order=${number}`)).json().lines;
      expect(opened).toMatchObject({ phoneNumber: phone, ported: true, status: 'porting' });
      expect(opened.scheduledFor).toBe(nextPortWindow(getMarket(market), collected).toISOString());
    });

    it("a signed-in customer's ported additional line shows in their lines as porting, then active once the port window passed", async () => {
      const customer =
        market === 'cl' ? { login: '123456785', secret: '1234', document: '12.345.678-5' } : { login: '912345678', secret: '654321', document: '70123456' };
      const phone = '912000071';
      const v = await new Visitor(site().app, '198.51.100.71').open();
      expect((await v.login(customer.login, customer.secret)).statusCode).toBe(200);
      expect(
        (
          await v.call('POST', '/restpp/order/add', [
            { type: 'plan', id: PLAN, quantity: 1, isPortability: true, billing_msisdn: '', billing_email: 'cliente@example.com' },
          ])
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await v.call('POST', '/restpp/subscriber/portability/customer', {
            phoneNumber: phone,
            document: customer.document,
            company: f.company,
            modality: f.modality,
          })
        ).statusCode,
      ).toBe(200);
      await v.call('POST', '/restpp/subscriber/portability/securityCode');
      expect((await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: await codeFor(site(), phone) })).json().request.state).toBe(
        'accepted',
      );
      // an additional line (LLAA): the customer's identity questions, then the credit check
      await passIdentity(v, customer.document);
      expect((await v.call('POST', '/restpp/subscriber/active/customer', { document: customer.document, purpose: 'additionalLine' })).json().outcome).toBe(
        'approved',
      );
      const created = await v.call('GET', '/restpp/order/create?origin=cart');
      expect(created.statusCode).toBe(200);
      const store = market === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES';
      await v.call('POST', '/restpp/order/shipping/method', {
        deliveryType: 'storePickup',
        storeId: store,
        consignee: { name: 'Cliente Demo', rut: customer.document, phoneNumber: '912345670' },
      });
      const payment = (await v.call('POST', '/restpp/subscriber/portability/payment', { paymentMethod: 'webPay' })).json();
      expect(await payByCard(site(), v, payment.url)).toBe(`/personas/planes/lineasadicionales/solicitud/exito?order=${payment.orderNumber}`);

      // the account's line list (switcher and /personas/tus-lineas) reads /restpp/assets only
      const statusOf = async () =>
        ((await v.call('GET', '/restpp/assets')).json().assets as Array<{ phoneNumber: string; status: string }>).find((a) => a.phoneNumber === phone)?.status;
      expect(await statusOf()).toBe('porting');
      await site().database.db.execute(
        sql.raw(`update portability_requests set scheduled_for = now() - interval '1 minute' where phone_number = '${phone}' and state = 'accepted'`),
      );
      // read neither the port nor the order: the line list itself brings the status up to date
      expect(await statusOf()).toBe('active');
      expect((await v.call('GET', `/restpp/assets/${phone}`)).json().asset).toMatchObject({ phoneNumber: phone, status: 'active' });
    });

    it('refuses the port payment before the port is accepted and without an order', async () => {
      const v = await portingVisitor(site(), market, '912000061');
      const early = await v.call('POST', '/restpp/subscriber/portability/payment', {});
      expect(early.json().response.systemMessage[0].exceptionKey).toBe('pp.error.portability.not.ready');
      await v.call('POST', '/restpp/subscriber/portability/securityCode');
      await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: await codeFor(site(), '912000061') });
      const noOrder = await v.call('POST', '/restpp/subscriber/portability/payment', {});
      expect(noOrder.statusCode).toBe(409);
      expect(noOrder.json()).toMatchObject({
        redirectRUL: '/personas/planesV2/carrito-comparV2',
        response: { systemMessage: [{ exceptionKey: 'pp.error.portability.no.order' }] },
      });
    });

    it('limits codes per number and refuses the state-changing calls without the page token', async () => {
      const phone = '912000031';
      const v = await portingVisitor(site(), market, phone);
      expect((await v.call('POST', '/restpp/subscriber/portability/securityCode', undefined, { token: null })).statusCode).toBe(403);
      for (let i = 0; i < 3; i++) expect((await v.call('POST', '/restpp/subscriber/portability/securityCode')).statusCode).toBe(200);
      const fourth = await v.call('POST', '/restpp/subscriber/portability/securityCode');
      expect(fourth.statusCode).toBe(429);
    });

    it('stops taking guesses after 5 wrong codes, even the right one', async () => {
      const phone = '912000041';
      const v = await portingVisitor(site(), market, phone);
      await v.call('POST', '/restpp/subscriber/portability/securityCode');
      const code = await codeFor(site(), phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: wrong })).statusCode).toBe(400);
      expect((await v.call('PUT', '/restpp/subscriber/portability/securityCode', { code })).statusCode).toBe(400);
      expect((await v.call('GET', '/restpp/subscriber/portability/originalInfo')).json().request.state).toBe('code_sent');
    });

    it("keeps a photo of the holder's document checked by type and first bytes", async () => {
      const v = await portingVisitor(site(), market, '912000051');
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]).toString('base64');
      const saved = await v.call('POST', '/restpp/subscriber/portability/uploadImage', { image: { type: 'image/png', data: png } });
      expect(saved.json()).toMatchObject({ success: true, document: { type: 'image/png', bytes: 72 } });
      const fake = await v.call('POST', '/restpp/subscriber/portability/uploadImage', {
        image: { type: 'image/png', data: Buffer.from('<script>').toString('base64') },
      });
      expect(fake.statusCode).toBe(400);
      expect(Object.keys(fake.json().validationError)).toEqual(['image']);
    });

    it('validates identity by questions: right answers pass, wrong ones fail, the third failure locks', async () => {
      // a document and an address of its own: opening rounds is limited per document and per address
      const document = market === 'cl' ? '11.111.112-K' : '12345673';
      const v = await new Visitor(site().app, '198.51.100.78').open();
      const open = async () => (await v.call('POST', '/restpp/subscriber/active/questions', { document })).json();
      const first = await open();
      expect(first.questions).toHaveLength(2);
      expect(JSON.stringify(first)).not.toContain('expected');
      const body = document.split('-')[0]!.replace(/\D/g, '');
      const right = { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` };
      const passed = (await v.call('POST', '/restpp/subscriber/active/answers', { challengeId: first.challengeId, answers: right })).json();
      expect(passed).toMatchObject({ success: true, outcome: 'passed' });
      const again = await v.call('POST', '/restpp/subscriber/active/answers', { challengeId: first.challengeId, answers: right });
      expect(again.json().response.systemMessage[0].exceptionKey).toBe('pp.error.identity.challenge');
      const outcomes = [];
      for (let i = 0; i < 3; i++) {
        const round = await open();
        outcomes.push(
          (await v.call('POST', '/restpp/subscriber/active/answers', { challengeId: round.challengeId, answers: { q1: 'o_wrong', q2: right.q2 } })).json()
            .outcome,
        );
      }
      expect(outcomes).toEqual(['failed', 'failed', 'locked']);
      const locked = await v.call('POST', '/restpp/subscriber/active/questions', { document });
      expect(locked.statusCode).toBe(423);
      const unknown = await v.call('POST', '/restpp/subscriber/active/questions', { document: market === 'cl' ? '15.555.550-5' : '12345670' });
      expect(unknown.json().validationError.document).toEqual(['No encontramos registros para validar este documento.']);
    });

    it('checks credit: approves, rejects (rejected-credit) or fails (generic-error) by test document', async () => {
      const v = await new Visitor(site().app).open();
      const docs = market === 'cl' ? ['12.345.678-5', '11.111.111-1', '22.222.222-2'] : ['12345678', '12345671', '12345672'];
      const answers = [];
      for (const document of docs) answers.push((await v.call('POST', '/restpp/subscriber/active/customer', { document, purpose: 'financing' })).json());
      expect(answers.map((a) => [a.outcome, a.next])).toEqual([
        ['approved', null],
        ['rejected', '/personas/equipos/lineas/solicitud/rejected-credit'],
        ['error', '/personas/equipos/lineas/solicitud/generic-error'],
      ]);
      expect((await v.call('POST', '/restpp/subscriber/active/customer', { document: 'abc' })).statusCode).toBe(400);
    });

    it('answers at most 10 credit checks an hour to one address', async () => {
      const v = await new Visitor(site().app, '198.51.100.77').open();
      const statuses = [];
      // a document is asked about at most 5 times an hour (limits-lookups.test.ts): 11 people here
      const person = (i: number) => (market === 'cl' ? `${31_500_000 + i}-${rutCheckDigit(String(31_500_000 + i))}` : String(31_500_000 + i));
      for (let i = 0; i < 11; i++) statuses.push((await v.call('POST', '/restpp/subscriber/active/customer', { document: person(i) })).statusCode);
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    });
  });
});
