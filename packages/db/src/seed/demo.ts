import type { Market } from '@andes/domain/market';
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import { writeAccounts, type AccountDraft } from './accounts.ts';
import { demoCustomers } from './demo-customers.ts';
import { buildConsumption, buildLineHistory, type LineSpec } from './history.ts';
import { bagOffers, planInfo } from './reference.ts';
import { addDays, at, marketToday } from './util.ts';

/** Days of daily consumption kept for the demo customers. */
const DEMO_CONSUMPTION_DAYS = 90;

/** argon2id hashes (default options) of the demo secrets, keyed by document; computed before any transaction opens. */
export async function hashDemoSecrets(market: Market, now: Date): Promise<Map<string, string>> {
  const customers = demoCustomers(market, marketToday(now, market));
  // a customer without a secret still needs a hash nobody knows (the column is required)
  const hashes = await Promise.all(customers.map((c) => hash(c.secret ?? randomBytes(32).toString('base64url'))));
  return new Map(customers.map((c, i) => [c.document, hashes[i]]));
}

export async function seedDemoCustomers(db: Db, market: Market, now: Date, today: Date, hashes: Map<string, string>): Promise<void> {
  const plans = planInfo(market);
  const offers = bagOffers(market);
  const clamp = (d: Date) => (d.getTime() > now.getTime() ? now : d);
  const accounts: AccountDraft[] = demoCustomers(market, today).map((c) => {
    const specs: LineSpec[] = c.lines.map((l) => ({
      ...l,
      planPrice: l.planId ? plans.get(l.planId)!.price : 0,
      dataMb: l.planId ? plans.get(l.planId)!.dataMb : null,
    }));
    const secretHash = hashes.get(c.document);
    if (!secretHash) throw new Error(`seed: no hash for demo customer ${c.document}`);
    return {
      customer: {
        document: c.document,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        contactPhone: c.lines[0].phoneNumber,
        gender: c.gender,
        portrait: c.portrait,
        secretHash,
        secretCreated: c.secret !== null,
        createdAt: new Date(Math.min(...specs.map((s) => s.activatedAt.getTime()))),
      },
      lines: specs.map((s, i) => ({
        ...buildLineHistory(market, s, offers, now, today),
        tickets: (c.lines[i]!.tickets ?? []).map((t) => {
          const createdAt = clamp(at(addDays(today, -t.daysAgo), 10.25));
          const updatedAt = clamp(t.status === 'submitted' ? createdAt : at(addDays(today, -Math.min(t.daysAgo, t.updatedDaysAgo ?? t.daysAgo)), 16.5));
          return { category: t.category, description: t.description, status: t.status, createdAt, updatedAt };
        }),
      })),
      consumption: specs.map((s) => buildConsumption(market, s, today, DEMO_CONSUMPTION_DAYS)),
      notifications: c.notifications.map((n) => {
        const createdAt = clamp(at(addDays(today, -n.daysAgo), 13.5));
        return { title: n.title, body: n.body, createdAt, readAt: n.read ? clamp(new Date(createdAt.getTime() + 7_200_000)) : null };
      }),
    };
  });
  await writeAccounts(db, accounts, market.site.toUpperCase());
  await seedLineInsurances(
    db,
    demoCustomers(market, today).flatMap((c) => c.lines.flatMap((l) => (l.insurance ? [{ phoneNumber: l.phoneNumber, insuranceId: l.insurance }] : []))),
  );
}

/** Months after `from` (the same day, the month's last when shorter). */
function addMonthsUtc(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d;
}

/** The insurances demo lines' phones were bought with: from the phone's purchase, for the insurance's months (docs/decisions/028). */
async function seedLineInsurances(db: Db, insured: Array<{ phoneNumber: string; insuranceId: string }>): Promise<void> {
  if (!insured.length) return;
  const phones = await db
    .select({
      phoneNumber: schema.lines.phoneNumber,
      lineId: schema.lines.id,
      brand: schema.lineEquipment.brand,
      model: schema.lineEquipment.model,
      imei: schema.lineEquipment.imei,
      purchasedAt: schema.lineEquipment.purchasedAt,
    })
    .from(schema.lines)
    .innerJoin(schema.lineEquipment, eq(schema.lineEquipment.lineId, schema.lines.id))
    .where(
      inArray(
        schema.lines.phoneNumber,
        insured.map((i) => i.phoneNumber),
      ),
    );
  const catalogue = new Map((await db.select().from(schema.insurances)).map((i) => [i.id, i]));
  const rows = insured.map(({ phoneNumber, insuranceId }) => {
    const phone = phones.find((p) => p.phoneNumber === phoneNumber);
    const insurance = catalogue.get(insuranceId);
    if (!phone || !insurance) throw new Error(`seed: no phone or insurance for the insured line ${phoneNumber}`);
    return {
      lineId: phone.lineId,
      insuranceId,
      orderLineId: null,
      device: `${phone.brand} ${phone.model}`,
      imei: phone.imei,
      startsAt: phone.purchasedAt,
      endsAt: insurance.insuranceValidity > 0 ? addMonthsUtc(phone.purchasedAt, insurance.insuranceValidity) : null,
      createdAt: phone.purchasedAt,
    };
  });
  await db.insert(schema.lineInsurances).values(rows);
}
