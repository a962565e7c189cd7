import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { getMarket } from '@andes/domain/market';
import { formatMoney, parseMoney } from '@andes/domain/money';
import { openDatabase, schema, type Database, type Db } from '../src/client.ts';
import { demoAccounts, FIVE_UNITS_SKU_ID, SCALE_SECRET, seed, seedIfEmpty, seedScale } from '../src/seed/index.ts';
import { rutCheckDigit } from '../src/seed/util.ts';

const NOW = new Date('2025-06-15T15:00:00Z');
const TIMEOUT = 120_000;
const cl = getMarket('cl');
const pe = getMarket('pe');

let clDb: Database;
let peDb: Database;

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0].n);
}

beforeAll(async () => {
  clDb = await openDatabase({});
  peDb = await openDatabase({});
  expect(await seedIfEmpty(clDb.db, cl, NOW)).toBe(true);
  expect(await seedIfEmpty(peDb.db, pe, NOW)).toBe(true);
}, TIMEOUT);

afterAll(async () => {
  await clDb?.close();
  await peDb?.close();
});

describe('geography', () => {
  it('loads every Chilean commune and Peruvian district with their parents', async () => {
    expect(await count(clDb.db, sql`select count(*) n from geo_areas where level = 3`)).toBe(346);
    expect(await count(clDb.db, sql`select count(*) n from geo_areas where level = 1`)).toBe(16);
    expect(await count(peDb.db, sql`select count(*) n from geo_areas where level = 3`)).toBe(1893);
    expect(await count(peDb.db, sql`select count(*) n from geo_areas where level = 2`)).toBe(196);
    expect(await count(peDb.db, sql`select count(*) n from geo_areas where level = 1`)).toBe(25);
    for (const db of [clDb.db, peDb.db]) {
      expect(
        await count(
          db,
          sql`select count(*) n from geo_areas a left join geo_areas p on p.code = a.parent_code
          where a.level > 1 and (p.code is null or p.level <> a.level - 1)`,
        ),
      ).toBe(0);
    }
    const [santiago] = await clDb.db.select().from(schema.geoAreas).where(eq(schema.geoAreas.code, '13101'));
    expect(santiago).toMatchObject({ name: 'Santiago', level: 3, parentCode: '131' });
    const [tarapaca] = await clDb.db.select().from(schema.geoAreas).where(eq(schema.geoAreas.code, '01'));
    expect(tarapaca.name).toBe('Tarapacá');
  });

  it('stores Peruvian names as Peruvians write them, with accents', async () => {
    const names = Object.fromEntries((await peDb.db.select().from(schema.geoAreas)).map((a) => [a.code, a.name]));
    expect(names['15']).toBe('Lima');
    expect(names['150132']).toBe('San Juan de Lurigancho');
    expect(names['150120']).toBe('Magdalena del Mar');
    expect(names['010101']).toBe('Chachapoyas');
    // The one district without an INEI code in the reference file gets the next code of its province.
    expect(names['180107']).toBe('San Antonio');
    expect(names['12']).toBe('Junín');
    expect(names['03']).toBe('Apurímac');
    expect(names['150113']).toBe('Jesús María');
    expect(names['150128']).toBe('Rímac');
  });

  it('corrects a place name of an already seeded database on the next start', async () => {
    await peDb.db.update(schema.geoAreas).set({ name: 'Junin' }).where(eq(schema.geoAreas.code, '12'));
    expect(await seedIfEmpty(peDb.db, pe, NOW)).toBe(false);
    const [junin] = await peDb.db.select().from(schema.geoAreas).where(eq(schema.geoAreas.code, '12'));
    expect(junin!.name).toBe('Junín');
  });

  it('places stores in real regions and communes', async () => {
    for (const db of [clDb.db, peDb.db]) {
      const stores = await db.select().from(schema.stores);
      expect(stores.length).toBeGreaterThanOrEqual(12);
      expect(new Set(stores.map((s) => s.regionCode)).size).toBeGreaterThanOrEqual(5);
      expect(
        await count(
          db,
          sql`select count(*) n from stores s
          join geo_areas c on c.code = s.commune_code and c.level = 3
          join geo_areas p on p.code = c.parent_code
          where p.parent_code = s.region_code`,
        ),
      ).toBe(stores.length);
    }
  });
});

describe('plans', () => {
  it('has twelve plans per market in the three groups', async () => {
    for (const [db, market] of [
      [clDb.db, cl],
      [peDb.db, pe],
    ] as const) {
      const plans = await db.select().from(schema.plans).orderBy(asc(schema.plans.sortOrder));
      expect(plans).toHaveLength(12);
      expect(new Set(plans.map((p) => p.customerGroup))).toEqual(new Set(['postpaidPlans', 'hybridPlans', 'blue']));
      for (const p of plans) {
        expect(p.rentalType).toBe(p.customerGroup === 'blue' ? `${market.brand}Blue` : 'regular');
        expect(['limited', 'free']).toContain(p.planType);
        expect(p.commercePrice).toBeLessThanOrEqual(p.price);
      }
      const ids = plans.map((p) => p.id);
      expect(ids).toContain('PO_PLAN_LIBRE_40_V2');
      expect(ids.some((id) => id.startsWith('multi_'))).toBe(true);
      expect(plans.some((p) => /bam/i.test(p.planName))).toBe(true);
      expect(plans.some((p) => !p.showInActivationFlow)).toBe(true);
      expect(plans.some((p) => p.socialMedia.length > 5)).toBe(true);
      expect(plans.some((p) => p.discountPercentage > 0 && p.discountDescription)).toBe(true);
      expect(plans.filter((p) => p.customerGroup === 'blue').length).toBeGreaterThanOrEqual(3);
    }
    const clPrices = (await clDb.db.select().from(schema.plans)).map((p) => p.price);
    expect(Math.min(...clPrices)).toBe(21990);
    const pePrices = (await peDb.db.select().from(schema.plans)).map((p) => p.price);
    expect(Math.min(...pePrices)).toBe(2990);
    expect(Math.max(...pePrices)).toBe(18990);
  });
});

describe('catalogue', () => {
  it('writes descriptions as Spanish sentences (no capital after "de", no "..")', async () => {
    const products = await clDb.db.select().from(schema.products);
    for (const p of products) expect(p.description ?? '').not.toMatch(/ de [A-ZÁÉÍÓÚ][a-zá-ú]+ \d|\.\./);
    expect(products.some((p) => (p.description ?? '').includes('batería para hasta'))).toBe(true);
  });

  it('has phones, accessories and refurbished phones', async () => {
    for (const [db, market] of [
      [clDb.db, cl],
      [peDb.db, pe],
    ] as const) {
      const products = await db.select().from(schema.products);
      const phones = products.filter((p) => p.kind === 'phone');
      expect(phones.length).toBeGreaterThanOrEqual(40);
      expect(new Set(phones.map((p) => p.brand)).size).toBeGreaterThanOrEqual(6);
      expect(phones.filter((p) => p.pageType === `${market.brand}-blue`).length).toBeGreaterThanOrEqual(8);
      expect(phones.filter((p) => p.unlocked).length).toBeGreaterThanOrEqual(15);
      expect(phones.filter((p) => p.renewal).length).toBeGreaterThanOrEqual(20);
      for (const p of phones) {
        expect(p.id).toMatch(/^PO_EQ_[A-Z0-9_]+$/);
        expect(Object.keys(p.specs).sort()).toEqual(['batería', 'cámara frontal', 'cámara trasera', 'memoria', 'pantalla', 'procesador', 'red']);
        expect(p).toMatchObject({ category: 'Equipos', parentCategory: 'Equipos' });
      }
      const accessories = products.filter((p) => p.kind === 'accessory');
      expect(accessories).toHaveLength(20);
      expect(new Set(accessories.map((a) => a.category))).toEqual(new Set(['Audio', 'Cargadores', 'Carcasas', 'Protectores', 'Smartwatch']));
      expect(accessories.every((a) => a.parentCategory === 'Accesorios' && a.pageType === 'accesories')).toBe(true);
      const refurbished = products.filter((p) => p.kind === 'refurbished');
      expect(refurbished).toHaveLength(10);
      expect(refurbished.every((r) => r.category === 'Seminuevos' && /Seminuevo$/.test(r.displayName))).toBe(true);
    }
  });

  it('has coherent skus and blue options', async () => {
    for (const [db, market] of [
      [clDb.db, cl],
      [peDb.db, pe],
    ] as const) {
      const skus = await db.select().from(schema.skus);
      const products = await db.select().from(schema.products);
      for (const p of products) {
        const own = skus.filter((s) => s.productId === p.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.length).toBeLessThanOrEqual(6);
        own.forEach((s, i) => expect(s.id).toBe(`sku_${p.id}_${i + 1}`));
      }
      for (const s of skus) {
        expect(s.images).toEqual([`/img/producto/${s.id}/1.svg`, `/img/producto/${s.id}/2.svg`]);
        expect(s.referencePrice).toBeGreaterThanOrEqual(s.listPrice);
        expect(s.referencePriceContadoRN).toBeGreaterThanOrEqual(s.priceContadoRN);
        expect(s.colorHex).toMatch(/^#[0-9a-f]{6}$/);
        expect(s.stock).toBeGreaterThanOrEqual(0);
        expect(s.stock).toBeLessThanOrEqual(60);
        expect(market.site === 'cl' ? [12, 24] : [18]).toContain(s.installments);
      }
      expect(skus.some((s) => s.stock === 0)).toBe(true);
      expect(skus.find((s) => s.id === FIVE_UNITS_SKU_ID)?.stock).toBe(5);
      const blue = await db.select().from(schema.blueOptions);
      const bluePlans = new Set((await db.select().from(schema.plans).where(eq(schema.plans.customerGroup, 'blue'))).map((p) => p.id));
      const blueProducts = new Set(products.filter((p) => p.pageType === `${market.brand}-blue`).map((p) => p.id));
      expect(new Set(blue.map((b) => b.productId))).toEqual(blueProducts);
      for (const b of blue) {
        expect(bluePlans.has(b.planId)).toBe(true);
        expect([12, 18, 24]).toContain(b.quotasValue);
        expect(b.initialQuota + b.quotas * b.quotasValue).toBeGreaterThanOrEqual(b.equipmentValue);
      }
    }
  });

  it('has insurances with exclusions, campaigns and bag offers', async () => {
    for (const [db, market] of [
      [clDb.db, cl],
      [peDb.db, pe],
    ] as const) {
      const insurances = await db.select().from(schema.insurances);
      expect(insurances.length).toBeGreaterThanOrEqual(4);
      const ids = new Set(insurances.map((i) => i.id));
      for (const i of insurances) for (const x of i.exclusions) expect(ids.has(x)).toBe(true);
      expect(insurances.find((i) => i.id === 'INS_PROTECCION_TOTAL')?.exclusions).toEqual(['INS_ROBO', 'INS_DANO_TOTAL']);

      const campaigns = await db.select().from(schema.campaigns);
      expect(campaigns.filter((c) => c.startsAt <= NOW && c.endsAt >= NOW).length).toBeGreaterThanOrEqual(3);

      const bags = await db.select().from(schema.bagOffers);
      expect(bags.length).toBeGreaterThanOrEqual(10);
      expect(new Set(bags.map((b) => b.bagType))).toEqual(new Set(['promotion', 'mixed', 'normal', 'unlimited']));
      expect(new Set(bags.map((b) => b.mode))).toEqual(new Set(['immediate', 'recurring', 'traveller']));
      expect(new Set(bags.filter((b) => b.mode === 'traveller').map((b) => b.zone))).toEqual(new Set(['América', 'Europa', 'Mundo']));
      expect(bags.some((b) => b.pointsPrice !== null)).toBe(true);
      expect(Math.min(...bags.map((b) => b.price))).toBe(market.site === 'cl' ? 500 : 300);
    }
  });
});

describe('demo customers', () => {
  async function customerByDocument(db: Db, document: string) {
    const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.document, document));
    const lines = customer ? await db.select().from(schema.lines).where(eq(schema.lines.customerId, customer.id)).orderBy(asc(schema.lines.id)) : [];
    return { customer, lines };
  }

  it('creates the Chilean demo accounts with their secrets', async () => {
    const documents = [
      '12345678-5',
      '15432198-5',
      '20961605-K',
      '17654329-9',
      '13579246-2',
      '19357246-4',
      '16824357-K',
      '18246935-1',
      '17439256-0',
      '19264738-K',
      '15836947-8',
      '14725836-4',
      '16482735-6',
      '22400001-4',
      '22400002-2',
      '22300001-0',
      '22300002-9',
      '22500001-8',
      '22500002-6',
      '22500003-4',
    ];
    for (const [i, account] of demoAccounts.cl.entries()) {
      expect(account.login.replace(/\./g, '')).toBe(documents[i]);
      const { customer, lines } = await customerByDocument(clDb.db, documents[i]);
      expect(`${customer.firstName} ${customer.lastName}`).toBe(account.name);
      // a customer still without a PIN (created at /personas/creacion-clave) holds an unknowable one
      if (account.secret) expect(await verify(customer.secretHash, account.secret)).toBe(true);
      expect(await verify(customer.secretHash, '9999')).toBe(false);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const line of lines) expect(line.simCode).toMatch(/^8956\d{16}$/);
    }
    const camila = await customerByDocument(clDb.db, '12345678-5');
    expect(camila.customer).toMatchObject({ gender: 'F', portrait: '/img/avatar/camila.svg' });
    expect(camila.lines.map((l) => l.phoneNumber)).toEqual(['912345678', '998877665']);
    expect(camila.lines[0]).toMatchObject({ kind: 'postpaid', status: 'active', points: 12500 });
    expect(camila.lines[0].pointsExpireAt).not.toBeNull();
    const camilaBills = await clDb.db.select().from(schema.bills).where(eq(schema.bills.lineId, camila.lines[0].id)).orderBy(asc(schema.bills.issuedAt));
    expect(camilaBills).toHaveLength(6);
    expect(camilaBills.slice(0, 5).every((b) => b.status === 'paid' && b.paidAt)).toBe(true);
    expect(camilaBills[5].status).toBe('unpaid');
    expect(camilaBills[5].dueAt > '2025-06-15').toBe(true);
    const bags = await clDb.db.select().from(schema.lineBags).where(eq(schema.lineBags.lineId, camila.lines[0].id));
    expect(bags.filter((b) => b.status === 'active' && b.expiresAt > NOW).length).toBeGreaterThanOrEqual(2);
    const notes = await clDb.db.select().from(schema.notifications).where(eq(schema.notifications.customerId, camila.customer.id));
    expect(notes.some((n) => n.readAt === null)).toBe(true);
    const points = await clDb.db.select().from(schema.pointsHistory).where(eq(schema.pointsHistory.lineId, camila.lines[0].id));
    expect(points.reduce((s, p) => s + p.points, 0)).toBe(12500);

    const diego = await customerByDocument(clDb.db, '15432198-5');
    expect(diego.lines[0]).toMatchObject({ phoneNumber: '987654321', kind: 'prepaid', planId: null, balance: 8500 });
    expect(await count(clDb.db, sql`select count(*) n from payments where line_id = ${diego.lines[0].id} and kind = 'topup'`)).toBeGreaterThan(5);

    const valentina = await customerByDocument(clDb.db, '20961605-K');
    expect(valentina.customer.portrait).toBeNull();
    expect(valentina.lines[0]).toMatchObject({ phoneNumber: '976543210', kind: 'postpaid', status: 'cut' });
    const overdue = await clDb.db.select().from(schema.bills).where(eq(schema.bills.lineId, valentina.lines[0].id));
    expect(overdue.some((b) => b.status === 'unpaid' && b.dueAt < '2025-06-10')).toBe(true);
  });

  it('creates the Peruvian demo accounts with their secrets', async () => {
    for (const account of demoAccounts.pe) {
      const { customer, lines } = await customerByDocument(peDb.db, account.alternateLogin!);
      expect(`${customer.firstName} ${customer.lastName}`).toBe(account.name);
      // no secret yet: the customer creates the unique password, and no secret signs in before that
      expect(customer.secretCreated).toBe(account.secret !== null);
      if (account.secret) expect(await verify(customer.secretHash, account.secret)).toBe(true);
      expect(lines.map((l) => l.phoneNumber)).toContain(account.login);
      for (const line of lines) expect(line.simCode).toMatch(/^8951\d{16}$/);
    }
    const lucia = await customerByDocument(peDb.db, '45678912');
    expect(lucia.lines[0]).toMatchObject({ phoneNumber: '987654321', kind: 'postpaid', status: 'active' });
    const jorge = await customerByDocument(peDb.db, '70123456');
    expect(jorge.lines[0]).toMatchObject({ phoneNumber: '912345678', kind: 'prepaid', balance: 1550 });
    // Peru's cut lines: a bill unpaid more than 5 days past its due date, the older ones paid
    for (const [document, phoneNumber] of [
      ['47395162', '934512765'],
      ['42681359', '934512766'],
    ]) {
      const cut = await customerByDocument(peDb.db, document);
      expect(cut.lines[0]).toMatchObject({ phoneNumber, kind: 'postpaid', status: 'cut' });
      const bills = await peDb.db.select().from(schema.bills).where(eq(schema.bills.lineId, cut.lines[0].id)).orderBy(asc(schema.bills.issuedAt));
      expect(bills.length).toBeGreaterThanOrEqual(4);
      expect(bills.slice(0, -1).every((b) => b.status === 'paid')).toBe(true);
      expect(bills.at(-1)).toMatchObject({ status: 'unpaid' });
      expect(bills.at(-1)!.dueAt < '2025-06-10').toBe(true);
    }
  });

  it('gives every demo line 90 days of daily consumption', async () => {
    for (const db of [clDb.db, peDb.db]) {
      const rows = (await db.execute(sql`select line_id, count(*)::int n, count(distinct day)::int days from consumption group by line_id`)) as unknown as {
        rows: Array<{ n: number; days: number }>;
      };
      expect(rows.rows.length).toBe(await count(db, sql`select count(*) n from lines`));
      for (const r of rows.rows) expect(r).toEqual({ line_id: expect.any(Number), n: 270, days: 90 });
    }
  });
});

describe('demo notifications', () => {
  it('write amounts the way the site shows money in each market (Peru drops .00)', async () => {
    for (const [db, market, amounts] of [
      [clDb, cl, /\$\s?[\d.,]*\d/g],
      [peDb, pe, /S\/\s?[\d.,]*\d/g],
    ] as const) {
      const rows = await db.db.select({ body: schema.notifications.body }).from(schema.notifications);
      for (const { body } of rows) {
        for (const shown of body.match(amounts) ?? []) {
          const minor = parseMoney(shown, market.currency);
          expect(minor, `${market.site}: ${body}`).not.toBeNull();
          expect(shown, `${market.site}: ${body}`).toBe(formatMoney(minor!, market.currency));
        }
      }
    }
  });
});

describe('idempotence and determinism', () => {
  it('seedIfEmpty does nothing the second time', async () => {
    const before = await count(clDb.db, sql`select count(*) n from customers`);
    expect(await seedIfEmpty(clDb.db, cl, NOW)).toBe(false);
    expect(await count(clDb.db, sql`select count(*) n from customers`)).toBe(before);
    const [meta] = await clDb.db.select().from(schema.appMeta).where(eq(schema.appMeta.key, 'seeded'));
    expect(meta.value).toBe(NOW.toISOString());
  });

  it(
    'produces identical rows in two fresh databases',
    async () => {
      const other = await openDatabase({});
      try {
        await seed(other.db, cl, { now: NOW });
        const dump = async (db: Db) => ({
          products: await db.select().from(schema.products).orderBy(asc(schema.products.id)),
          skus: await db.select().from(schema.skus).orderBy(asc(schema.skus.id)),
          blue: await db
            .select()
            .from(schema.blueOptions)
            .orderBy(asc(schema.blueOptions.productId), asc(schema.blueOptions.planId), asc(schema.blueOptions.quotasValue)),
          plans: await db.select().from(schema.plans).orderBy(asc(schema.plans.id)),
          campaigns: await db.select().from(schema.campaigns).orderBy(asc(schema.campaigns.id)),
          lines: await db.select().from(schema.lines).orderBy(asc(schema.lines.id)),
          bills: await db.select().from(schema.bills).orderBy(asc(schema.bills.id)),
          points: await db.select().from(schema.pointsHistory).orderBy(asc(schema.pointsHistory.id)),
          consumption: await count(db, sql`select sum(amount * line_id) n from consumption`),
        });
        const a = await dump(clDb.db);
        const b = await dump(other.db);
        expect(b).toEqual(a);
      } finally {
        await other.close();
      }
    },
    TIMEOUT,
  );
});

describe('seedScale', () => {
  it(
    'adds customers with lines, bills and consumption, continuing the numbering',
    async () => {
      const db = clDb.db;
      const before = await count(db, sql`select count(*) n from customers`);
      await seedScale(db, cl, 50, { now: NOW });
      expect(await count(db, sql`select count(*) n from customers`)).toBe(before + 50);
      await seedScale(db, cl, 10, { now: NOW });
      expect(await count(db, sql`select count(*) n from customers`)).toBe(before + 60);

      const scale = (await db.select().from(schema.customers).orderBy(asc(schema.customers.id))).slice(before);
      const demoDocuments = new Set(['12345678-5', '15432198-5', '20961605-K']);
      for (const c of scale) {
        const [body, dv] = c.document.split('-');
        expect(rutCheckDigit(Number(body))).toBe(dv);
        expect(demoDocuments.has(c.document)).toBe(false);
      }
      expect(await verify(scale[0].secretHash, SCALE_SECRET.cl)).toBe(true);

      const perCustomer = (await db.execute(sql`
        select c.id, count(l.id)::int lines from customers c join lines l on l.customer_id = c.id
        where c.id > ${scale[0].id - 1} group by c.id`)) as unknown as { rows: Array<{ lines: number }> };
      expect(perCustomer.rows).toHaveLength(60);
      for (const r of perCustomer.rows) expect([1, 2]).toContain(r.lines);

      const withoutConsumption = await count(
        db,
        sql`
        select count(*) n from lines l join customers c on c.id = l.customer_id
        where c.id >= ${scale[0].id} and not exists (select 1 from consumption x where x.line_id = l.id)`,
      );
      expect(withoutConsumption).toBe(0);
      const days = await count(
        db,
        sql`
        select max(n) n from (select count(distinct day) n from consumption x join lines l on l.id = x.line_id
        join customers c on c.id = l.customer_id where c.id >= ${scale[0].id} group by x.line_id) t`,
      );
      expect(days).toBeGreaterThanOrEqual(180);
      expect(
        await count(
          db,
          sql`select count(*) n from bills b join lines l on l.id = b.line_id join customers c on c.id = l.customer_id where c.id >= ${scale[0].id}`,
        ),
      ).toBeGreaterThan(100);
      // Scale customers open tickets too, numbered like the site's, in several states of the ticket machine.
      const tickets = (await db.execute(sql`
        select t.number, t.status, t.created_at <= t.updated_at as ordered from tickets t join customers c on c.id = t.customer_id
        where c.id >= ${scale[0].id}`)) as unknown as { rows: Array<{ number: string; status: string; ordered: boolean }> };
      expect(tickets.rows.length).toBeGreaterThan(5);
      expect(new Set(tickets.rows.map((t) => t.status)).size).toBeGreaterThanOrEqual(4);
      expect(tickets.rows.every((t) => /^TK-CL-\d{7}$/.test(t.number) && t.ordered)).toBe(true);
      // Foreign keys still hold (scale inserts skip the per-row checks).
      expect(await count(db, sql`select count(*) n from consumption x left join lines l on l.id = x.line_id where l.id is null`)).toBe(0);
      expect(await count(db, sql`select count(*) n from payments p left join bills b on b.id = p.bill_id where p.bill_id is not null and b.id is null`)).toBe(
        0,
      );
      // Cut lines are exactly those with a bill unpaid more than 5 days past due.
      expect(
        await count(
          db,
          sql`select count(*) n from lines l where (l.status = 'cut') <> exists (
          select 1 from bills b where b.line_id = l.id and b.status = 'unpaid' and b.due_at < date '2025-06-10')`,
        ),
      ).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'works for Peru with valid, non-colliding DNIs',
    async () => {
      await seedScale(peDb.db, pe, 20, { now: NOW });
      const docs = (await peDb.db.select().from(schema.customers)).map((c) => c.document);
      expect(new Set(docs).size).toBe(docs.length);
      expect(docs.every((d) => /^\d{8}$/.test(d))).toBe(true);
      expect(docs).toHaveLength(demoAccounts.pe.length + 20);
      const numbers = (await peDb.db.select({ number: schema.tickets.number }).from(schema.tickets)).map((t) => t.number);
      expect(numbers.every((n) => /^TK-PE-\d{7}$/.test(n))).toBe(true);
    },
    TIMEOUT,
  );

  it('refuses an unseeded database', async () => {
    const empty = await openDatabase({});
    try {
      await expect(seedScale(empty.db, cl, 1, { now: NOW })).rejects.toThrow(/not seeded/);
    } finally {
      await empty.close();
    }
  });
});
