import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { nextOpening } from '@andes/domain/callback';
import { appointmentAnswer, callbackAnswer, callbackInfoAnswer, slotsAnswer } from '@andes/contract/inputs/callback';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';
import { requestCallback } from '../src/modules/leads/callback.service.ts';
import { retryDelayMs } from '../src/modules/leads/lead-sync.service.ts';
import { syncLeads } from '../src/modules/leads/index.ts';
import { SANDBOX_CALL_BUSY_NUMBER, SANDBOX_CALL_DOWN_NUMBER, SANDBOX_CALL_PENDING_NUMBER } from '../src/adapters/contact-centre/sandbox.ts';
import { SANDBOX_CRM_REFUSED_NAME, type SandboxCrm } from '../src/adapters/crm/sandbox.ts';

const CALL = '/restpp/clicktocall/v1/call';
const SLOTS = '/restpp/clicktocall/v1/appointment/slots';
const BOOK = '/restpp/clicktocall/v1/appointment';
const OK = 'sandbox-ok';
const documents = { cl: '22.200.001-7', pe: '46200001' } as const;

let n = 0;
/** A visitor from its own address, so one test's limits never touch another's. */
const visitor = (site: TestSite, address = `198.51.120.${++n % 250}`) => new Visitor(site.app, address).open();
/** Numbers of this branch's range (93462xxxx), one per call so the per-number limit of one test never touches another's. */
let numbers = 1000;
const freshNumber = () => `93462${String(++numbers).padStart(4, '0')}`;

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** The first of the coming days with free slots, and its slots. */
async function daysSlots(v: Visitor, skip = 0) {
  const first = slotsAnswer.parse((await v.call('GET', SLOTS)).json());
  let found = 0;
  for (const day of first.days) {
    const answer = slotsAnswer.parse((await v.call('GET', `${SLOTS}?day=${day}`)).json());
    if (answer.slots.length > 1 && found++ >= skip) return answer;
  }
  throw new Error('no day with free slots');
}

const tokenOf = (body: string) => /\/personas\/agenda-llamada\/cita\/([A-Za-z0-9_-]{43})/.exec(body)![1]!;

async function lastSms(site: TestSite, phone: string): Promise<string> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}` });
  return res.json().messages[0]?.body ?? '';
}

describe.each(drivers)('click-to-call and lead appointments (%s database)', (driver) => {
  const sites = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    // the sweep runs only when the tests call it
    [sites.cl, sites.pe] = await Promise.all([
      startTestSite('cl', driver, { LEAD_SYNC_SECONDS: '0' }),
      startTestSite('pe', driver, { LEAD_SYNC_SECONDS: '0' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });

  describe.each(['cl', 'pe'] as const)('%s', (siteId) => {
    const site = () => sites[siteId];

    it('tells the widget and whether an agent can call now', async () => {
      const v = await visitor(site());
      const info = callbackInfoAnswer.parse((await v.call('GET', '/restpp/clicktocall/v1/info')).json());
      expect(info.recaptcha.provider).toBe('sandbox');
      expect(info.open === (info.opensAt === null)).toBe(true);
      expect(info.hours).toMatch(/lunes a viernes/);
    });

    it('answers the contact centre’s outcome: pending says when, failure says why and offers the appointment', async () => {
      const v = await visitor(site());
      const pending = callbackAnswer.parse(
        (await v.call('POST', CALL, { phoneNumber: SANDBOX_CALL_PENDING_NUMBER, source: 'plan', recaptchaToken: OK })).json(),
      );
      expect(pending.callback.outcome).toBe('pending');
      expect(pending.callback.callAt).not.toBeNull();
      expect(pending.callback.message).toMatch(/Te llamaremos al .+ el \d{2} de \w+ de \d{4} a las \d{2}:\d{2}/);
      const busy = callbackAnswer.parse((await v.call('POST', CALL, { phoneNumber: SANDBOX_CALL_BUSY_NUMBER, source: 'cart', recaptchaToken: OK })).json());
      expect(busy.callback).toMatchObject({ outcome: 'failure', reason: 'busy', alternative: 'appointment' });
      expect(busy.callback.message).toContain('ocupados');
      const down = await v.call('POST', CALL, { phoneNumber: SANDBOX_CALL_DOWN_NUMBER, source: 'checkout', context: 'rejected-credit', recaptchaToken: OK });
      expect(down.statusCode).toBe(200);
      expect(callbackAnswer.parse(down.json()).callback).toMatchObject({ outcome: 'failure', reason: 'unavailable', alternative: 'appointment' });
    });

    it('an agent calls now inside opening hours; outside them the call waits for the opening, in the market’s zone', async () => {
      const app = site().app;
      // Wednesday 2 December 2026, 15:00 UTC: 12:00 in Santiago (UTC−3 in summer), 10:00 in Lima
      const open = new Date('2026-12-02T15:00:00Z');
      const phoneNumber = freshNumber();
      const now = await requestCallback(app, { phoneNumber, source: 'plan', recaptchaToken: OK }, { address: '198.51.121.1', customerId: null }, open);
      expect(now.callback).toMatchObject({ outcome: 'success', callAt: null, reason: null });
      // Sunday 6 December 2026 at noon UTC: closed in both markets; Monday opens 09:00 Santiago (12:00Z), 08:00 Lima (13:00Z)
      const sunday = new Date('2026-12-06T12:00:00Z');
      const later = await requestCallback(app, { phoneNumber, source: 'plan', recaptchaToken: OK }, { address: '198.51.121.1', customerId: null }, sunday);
      const opening = siteId === 'cl' ? '2026-12-07T12:00:00.000Z' : '2026-12-07T13:00:00.000Z';
      expect(later.callback).toMatchObject({ outcome: 'pending', callAt: opening });
      expect(nextOpening(siteId, sunday).toISOString()).toBe(opening);
      expect(later.callback.message).toContain(siteId === 'cl' ? '07 de diciembre de 2026 a las 09:00' : '07 de diciembre de 2026 a las 08:00');
      const [lead] = await rows<{ outcome: string; call_at: Date }>(
        site(),
        `select outcome, call_at from leads where phone_number = '${phoneNumber}' order by id desc limit 1`,
      );
      expect(lead!.outcome).toBe('pending');
    });

    it.each([
      ['phoneNumber', { phoneNumber: '12345' }, 'celular'],
      ['phoneNumber', { phoneNumber: undefined }, 'obligatorio'],
      ['name', { name: '<script>' }, 'nombre'],
      ['document', { document: '123' }, siteId === 'cl' ? 'RUT' : 'DNI'],
      ['source', { source: 'banner' }, 'desde dónde'],
      ['recaptchaToken', { recaptchaToken: '' }, 'robot'],
    ])('refuses a bad %s with its Spanish message, before anything is counted or called', async (field, over, words) => {
      const v = await visitor(site());
      const res = await v.call('POST', CALL, { phoneNumber: freshNumber(), source: 'plan', recaptchaToken: OK, ...over });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().validationError)).toEqual([field]);
      expect(res.json().validationError[field][0]).toContain(words);
    });

    it('takes the optional name and document, stored normalised, and needs the page token', async () => {
      const v = await visitor(site());
      const phoneNumber = freshNumber();
      expect((await v.call('POST', CALL, { phoneNumber, source: 'product', recaptchaToken: OK }, { token: null })).statusCode).toBe(403);
      const res = await v.call('POST', CALL, {
        phoneNumber,
        name: '  Ana  María Pérez ',
        document: documents[siteId],
        source: 'product',
        context: 'PO_X',
        recaptchaToken: OK,
      });
      expect(res.statusCode).toBe(200);
      const [lead] = await rows<{ name: string; document: string; source: string; context: string }>(
        site(),
        `select name, document, source, context from leads where phone_number = '${phoneNumber}'`,
      );
      expect(lead).toEqual({ name: 'Ana María Pérez', document: siteId === 'cl' ? '22200001-7' : '46200001', source: 'product', context: 'PO_X' });
    });

    it('a bot’s reCAPTCHA token is refused per field; an unreachable provider fails closed; nobody is called', async () => {
      const v = await visitor(site());
      const phoneNumber = freshNumber();
      const bot = await v.call('POST', CALL, { phoneNumber, source: 'plan', recaptchaToken: 'forged' });
      expect(bot.statusCode).toBe(400);
      expect(bot.json().validationError.recaptchaToken[0]).toContain('robot');
      expect((await v.call('POST', CALL, { phoneNumber, source: 'plan', recaptchaToken: 'sandbox-down' })).statusCode).toBe(502);
      expect(await rows(site(), `select id from leads where phone_number = '${phoneNumber}'`)).toEqual([]);
    });

    it('one number is called at most 5 times a day whoever asks: 40 requests at once from 40 addresses get 5 calls', async () => {
      const phoneNumber = freshNumber();
      const vs = await Promise.all(Array.from({ length: 40 }, (_, i) => visitor(site(), `203.0.114.${i + 1}`)));
      const answers = await Promise.all(vs.map((v) => v.call('POST', CALL, { phoneNumber, source: 'plan', recaptchaToken: OK })));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35);
      const refused = answers.find((a) => a.statusCode === 429)!.json();
      expect(refused.response.systemMessage[0].exceptionKey).toBe('callback.error.limit.number');
      expect(await rows(site(), `select id from leads where phone_number = '${phoneNumber}'`)).toHaveLength(5);
    });

    it('one address asks for at most 10 calls an hour: 40 at once to 40 numbers get 10, bots’ tries counted too', async () => {
      const v = await visitor(site(), siteId === 'cl' ? '203.0.115.7' : '203.0.115.8');
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => v.call('POST', CALL, { phoneNumber: freshNumber(), source: 'plan', recaptchaToken: i % 2 ? OK : 'forged' })),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
      expect(answers.find((a) => a.statusCode === 429)!.json().response.systemMessage[0].messages[0]).toMatch(/Inténtalo nuevamente en \d+ minutos/);
    });

    it('books a free slot once, texts the link; the link shows, moves and cancels it, giving slots back', async () => {
      const v = await visitor(site());
      const day = await daysSlots(v);
      const [first, second] = day.slots;
      const phoneNumber = freshNumber();
      const res = await v.call('POST', BOOK, { phoneNumber, name: 'Ana Pérez', slot: first!.start, recaptchaToken: OK });
      expect(res.statusCode).toBe(200);
      const { appointment } = appointmentAnswer.parse(res.json());
      expect(appointment).toMatchObject({ slot: first!.start, time: first!.time, status: 'booked', phoneNumber });
      const sms = await lastSms(site(), phoneNumber);
      expect(sms).toContain(`a las ${first!.time}`);
      const token = tokenOf(sms);
      // the slot is no longer offered, and nobody else may have it
      expect(slotsAnswer.parse((await v.call('GET', `${SLOTS}?day=${day.day}`)).json()).slots.map((s) => s.start)).not.toContain(first!.start);
      const other = await visitor(site());
      const again = await other.call('POST', BOOK, { phoneNumber: freshNumber(), slot: first!.start, recaptchaToken: OK });
      expect(again.statusCode).toBe(409);
      expect(again.json().validationError.slot[0]).toContain('ocupar');
      // the link: anyone holding it (a fresh browser) sees the appointment; a made-up token finds nothing
      const holder = await visitor(site());
      const url = `${BOOK}/${token}`;
      expect(appointmentAnswer.parse((await holder.call('GET', url)).json()).appointment.reference).toBe(appointment.reference);
      expect((await holder.call('GET', `${BOOK}/${'A'.repeat(43)}`)).statusCode).toBe(404);
      expect((await holder.call('GET', `${BOOK}/short`)).statusCode).toBe(400);
      expect((await holder.call('PUT', url, { slot: second!.start }, { token: null })).statusCode).toBe(403);
      const moved = await holder.call('PUT', url, { slot: second!.start });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().appointment.slot).toBe(second!.start);
      expect(await lastSms(site(), phoneNumber)).toContain(`cambiamos tu llamada al ${moved.json().appointment.date} a las ${second!.time}`);
      const offered = slotsAnswer.parse((await v.call('GET', `${SLOTS}?day=${day.day}`)).json()).slots.map((s) => s.start);
      expect(offered).toContain(first!.start);
      expect(offered).not.toContain(second!.start);
      const cancelled = await holder.call('DELETE', url);
      expect(cancelled.json().appointment.status).toBe('cancelled');
      expect(await lastSms(site(), phoneNumber)).toContain('cancelamos tu llamada');
      expect((await holder.call('DELETE', url)).json().appointment.status).toBe('cancelled');
      expect((await holder.call('PUT', url, { slot: first!.start })).statusCode).toBe(409);
      expect(slotsAnswer.parse((await v.call('GET', `${SLOTS}?day=${day.day}`)).json()).slots.map((s) => s.start)).toContain(second!.start);
    });

    it('refuses a slot outside the calendar, in the past or beyond the coming days, and a day beyond them', async () => {
      const v = await visitor(site());
      const day = await daysSlots(v);
      const start = new Date(day.slots[0]!.start);
      for (const slot of [new Date(start.getTime() + 60_000), new Date(Date.now() - 3_600_000), new Date(start.getTime() + 30 * 86_400_000)]) {
        const res = await v.call('POST', BOOK, { phoneNumber: freshNumber(), slot: slot.toISOString(), recaptchaToken: OK });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().validationError)).toEqual(['slot']);
      }
      expect((await v.call('GET', `${SLOTS}?day=2020-01-01`)).statusCode).toBe(400);
      expect((await v.call('GET', `${SLOTS}?day=mañana`)).statusCode).toBe(400);
    });

    it('one slot is booked once: 40 bookings of it at once, from 40 addresses and numbers, give one appointment', async () => {
      const probe = await visitor(site());
      const day = await daysSlots(probe, 1);
      const slot = day.slots[day.slots.length - 1]!.start;
      const vs = await Promise.all(Array.from({ length: 40 }, (_, i) => visitor(site(), `203.0.116.${i + 1}`)));
      const answers = await Promise.all(vs.map((v) => v.call('POST', BOOK, { phoneNumber: freshNumber(), slot, recaptchaToken: OK })));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(39);
      expect(await rows(site(), `select id from lead_appointments where slot_at = '${slot}' and status = 'booked'`)).toHaveLength(1);
      expect(await rows(site(), `select slot_at from sandbox_contact_bookings where slot_at = '${slot}'`)).toHaveLength(1);
    });

    it('delivers every lead to the CRM once, with retries and backoff: a lost answer is delivered again under the same key, never a second lead', async () => {
      const app = site().app;
      const crm = app.adapters.crm as SandboxCrm;
      const now = new Date(Date.now() + 10 * 86_400_000);
      await syncLeads(app, now);
      const v = await visitor(site());
      const phoneNumber = freshNumber();
      expect((await v.call('POST', CALL, { phoneNumber, source: 'plan', recaptchaToken: OK })).statusCode).toBe(200);
      const [event] = await rows<{ id: number; idempotency_key: string }>(
        site(),
        `select s.id, s.idempotency_key from lead_sync s join leads l on l.id = s.lead_id where l.phone_number = '${phoneNumber}'`,
      );
      // the CRM stores the lead and the answer is lost; then the CRM cannot be reached at all
      crm.faults.afterStore = 1;
      expect(await syncLeads(app, now)).toEqual({ delivered: 0, failed: 1 });
      const state = async () =>
        (
          await rows<{ attempts: number; delivered_at: Date | null; next_attempt_at: Date }>(
            site(),
            `select attempts, delivered_at, next_attempt_at from lead_sync where id = ${event!.id}`,
          )
        )[0]!;
      expect((await state()).attempts).toBe(1);
      expect(new Date((await state()).next_attempt_at).getTime()).toBe(now.getTime() + retryDelayMs(1));
      // not due yet: nothing is sent
      expect(await syncLeads(app, now)).toEqual({ delivered: 0, failed: 0 });
      crm.faults.beforeStore = 1;
      const second = new Date(now.getTime() + retryDelayMs(1));
      expect(await syncLeads(app, second)).toEqual({ delivered: 0, failed: 1 });
      expect(new Date((await state()).next_attempt_at).getTime()).toBe(second.getTime() + retryDelayMs(2));
      expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
      expect(await syncLeads(app, new Date(second.getTime() + retryDelayMs(2)))).toEqual({ delivered: 1, failed: 0 });
      expect((await state()).delivered_at).not.toBeNull();
      const crmRows = await rows<{ deliveries: number; payload: { phoneNumber: string } }>(
        site(),
        `select deliveries, payload from sandbox_crm_leads where idempotency_key = '${event!.idempotency_key}'`,
      );
      expect(crmRows).toHaveLength(1);
      expect(crmRows[0]!.deliveries).toBe(2);
      expect(crmRows[0]!.payload.phoneNumber).toBe(phoneNumber);
      expect(await rows(site(), `select idempotency_key from sandbox_crm_leads where payload->>'phoneNumber' = '${phoneNumber}'`)).toHaveLength(1);
    });

    it('a checkout failure an agent can help with carries enableClicktoCall in its error fields; others do not', async () => {
      const v = await visitor(site());
      const [soldOut] = await rows<{ id: string }>(site(), 'select id from skus where stock = 0 limit 1');
      const none = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: soldOut!.id, quantity: 1 }]);
      expect(none.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.cart.out.of.stock', enableClicktoCall: true });
      const unknown = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: 'sku_nope', quantity: 1 }]);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().response.systemMessage[0].enableClicktoCall).toBeUndefined();
    });

    it('a lead the CRM refuses stays queued, tried again further apart each time, never marked delivered', async () => {
      const app = site().app;
      const v = await visitor(site());
      const phoneNumber = freshNumber();
      expect((await v.call('POST', CALL, { phoneNumber, name: SANDBOX_CRM_REFUSED_NAME, source: 'plan', recaptchaToken: OK })).statusCode).toBe(200);
      const [event] = await rows<{ id: number }>(
        site(),
        `select s.id from lead_sync s join leads l on l.id = s.lead_id where l.phone_number = '${phoneNumber}'`,
      );
      let at = new Date(Date.now() + 30 * 86_400_000);
      for (let attempt = 1; attempt <= 3; attempt++) {
        await syncLeads(app, at);
        const [row] = await rows<{ attempts: number; delivered_at: Date | null; next_attempt_at: Date; last_error: string }>(
          site(),
          `select attempts, delivered_at, next_attempt_at, last_error from lead_sync where id = ${event!.id}`,
        );
        expect(row).toMatchObject({ attempts: attempt, delivered_at: null, last_error: 'crm: lead refused' });
        expect(new Date(row!.next_attempt_at).getTime()).toBe(at.getTime() + retryDelayMs(attempt));
        at = new Date(row!.next_attempt_at);
      }
      expect(retryDelayMs(20)).toBe(3_600_000);
      expect(await rows(site(), `select idempotency_key from sandbox_crm_leads where payload->>'phoneNumber' = '${phoneNumber}'`)).toEqual([]);
    });

    it('two processes sweeping at once deliver each lead event once (claimed before the call)', async () => {
      const other: FastifyInstance = await site().restart();
      const v = await visitor(site());
      const phones = [freshNumber(), freshNumber(), freshNumber()];
      for (const phoneNumber of phones) expect((await v.call('POST', CALL, { phoneNumber, source: 'cart', recaptchaToken: OK })).statusCode).toBe(200);
      const later = new Date(Date.now() + 20 * 86_400_000);
      const [a, b] = await Promise.all([syncLeads(site().app, later), syncLeads(other, later)]);
      expect(a.failed + b.failed).toBe(0);
      const delivered = await rows<{ deliveries: number }>(
        site(),
        `select deliveries from sandbox_crm_leads where payload->>'phoneNumber' in (${phones.map((p) => `'${p}'`).join(',')})`,
      );
      expect(delivered.map((d) => d.deliveries)).toEqual([1, 1, 1]);
    });
  });
});
