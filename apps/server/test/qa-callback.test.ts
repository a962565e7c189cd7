import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SiteId } from '@andes/domain/market';
import { appointmentAnswer, slotsAnswer } from '@andes/contract/inputs/callback';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/**
 * QA of the appointment link (docs/api-callback.md): whoever holds it may move the appointment, and
 * every move texts the number it was booked for. Numbers of this branch's range (93468xxxx).
 */

const SLOTS = '/restpp/clicktocall/v1/appointment/slots';
const BOOK = '/restpp/clicktocall/v1/appointment';
const OK = 'sandbox-ok';
let n = 0;
const visitor = (site: TestSite) => new Visitor(site.app, `198.51.121.${++n % 250}`).open();
let numbers = 0;
const freshNumber = () => `93468${String(++numbers).padStart(4, '0')}`;

async function texts(site: TestSite, phone: string): Promise<number> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=100` });
  return (res.json().messages as unknown[]).length;
}

async function bookedWithSlots(site: TestSite, v: Visitor, phoneNumber: string) {
  const first = slotsAnswer.parse((await v.call('GET', SLOTS)).json());
  for (const day of first.days) {
    const { slots } = slotsAnswer.parse((await v.call('GET', `${SLOTS}?day=${day}`)).json());
    if (slots.length < 4) continue;
    expect((await v.call('POST', BOOK, { phoneNumber, slot: slots[0]!.start, recaptchaToken: OK })).statusCode).toBe(200);
    const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phoneNumber}&limit=1` });
    const token = /\/personas\/agenda-llamada\/cita\/([A-Za-z0-9_-]{43})/.exec(res.json().messages[0].body as string)![1]!;
    return { token, slots: slots.map((s) => s.start) };
  }
  throw new Error('no day with free slots');
}

describe.each(drivers)('appointment link abuse (%s database)', (driver) => {
  const sites = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    [sites.cl, sites.pe] = await Promise.all([
      startTestSite('cl', driver, { LEAD_SYNC_SECONDS: '0' }),
      startTestSite('pe', driver, { LEAD_SYNC_SECONDS: '0' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });

  it.each(['cl', 'pe'] as const)('%s: moving one appointment back and forth does not text its number without end', async (market) => {
    const site = sites[market];
    const v = await visitor(site);
    const phone = freshNumber();
    const { token, slots } = await bookedWithSlots(site, v, phone);
    const holder = await visitor(site);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await holder.call('PUT', `${BOOK}/${token}`, { slot: slots[(i % 2) + 1] })).statusCode);
    // the first few moves are the customer's; then the link is refused, in Spanish, and nothing is texted
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers).toContain(429);
    const refused = await holder.call('PUT', `${BOOK}/${token}`, { slot: slots[3] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().response.systemMessage[0].messages[0]).toMatch(/cambiaste esta cita/i);
    expect(await texts(site, phone)).toBeLessThanOrEqual(1 + 5);
    // cancelling stays possible, once
    expect((await holder.call('DELETE', `${BOOK}/${token}`)).json().appointment.status).toBe('cancelled');
  });

  it('pe: forty moves of one appointment at once, to forty slots: it ends on one slot, and every other slot is free again', async () => {
    const site = sites.pe;
    const v = await visitor(site);
    const { token, slots } = await bookedWithSlots(site, v, freshNumber());
    const targets = slots.slice(1, 41);
    const holders = await Promise.all(targets.map(() => visitor(site)));
    const moves = await Promise.all(targets.map((slot, i) => holders[i]!.call('PUT', `${BOOK}/${token}`, { slot })));
    for (const m of moves) expect(m.statusCode).toBeLessThan(500);
    const now = appointmentAnswer.parse((await v.call('GET', `${BOOK}/${token}`)).json()).appointment;
    const booked = (
      (await site.database.db.execute(sql.raw(`select slot_at from lead_appointments where status = 'booked'`))) as unknown as {
        rows: Array<{ slot_at: Date | string }>;
      }
    ).rows.map((r) => new Date(r.slot_at).toISOString());
    expect(booked.filter((s) => slots.includes(s))).toEqual([now.slot]);
    const day = now.slot;
    const free = new Set<string>();
    for (const d of slotsAnswer.parse((await v.call('GET', SLOTS)).json()).days)
      for (const s of slotsAnswer.parse((await v.call('GET', `${SLOTS}?day=${d}`)).json()).slots) free.add(s.start);
    for (const s of slots) expect(free.has(s)).toBe(s !== day);
  });
});
