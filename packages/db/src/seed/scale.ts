import type { Market } from '@andes/domain/market';
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import { writeAccounts, type AccountDraft } from './accounts.ts';
import { buildLineHistory, type LatestBill, type LineSpec, type TicketDraft } from './history.ts';
import type { Rng } from './prng.ts';
import type { TicketCategory, TicketStatus } from '@andes/domain/account-tickets';
import { HYBRID_PLAN_IDS, POSTPAID_PLAN_IDS, BLUE_PLAN_IDS } from './plans.ts';
import { hashSeed, mulberry32 } from './prng.ts';
import { bagOffers, planInfo } from './reference.ts';
import { addDays, at, isoDate, latestCycleDate, marketToday, normalRut, slugId } from './util.ts';

/**
 * Shared secret hashes of the scale customers, precomputed once with `hash()` of @node-rs/argon2
 * (argon2id, default options) so seeding 10,000 customers takes no hashing time:
 *   Chile PIN '0000', Peru password '000000'.
 */
export const SCALE_SECRET_HASH = {
  cl: '$argon2id$v=19$m=19456,t=2,p=1$4BPH30E7dylk9SNiug2kAg$SYr1rauksJKbjTfvhuE2Y8DGl9zB9HT++2wkdIeWBiY',
  pe: '$argon2id$v=19$m=19456,t=2,p=1$GJcJ5Aob5cL8/J+5OwOScA$tGNgjSVT5Al7+N64IH4e2V5ZM5kFKCxWaySYOCjuDic',
} as const;
export const SCALE_SECRET = { cl: '0000', pe: '000000' } as const;

/**
 * Scale customers' documents live in ranges no real or demo document uses, so they never collide:
 * Chile RUT bodies 30.000.000 + index (valid check digit), Peru DNI 60000000 + index.
 * Their phone numbers are '95' + 7 digits (index × 2 + line), unused by the demo lines.
 */
const RUT_BASE = 30_000_000;
const DNI_BASE = 60_000_000;
export const MAX_SCALE_INDEX = 4_999_999;
const MAX_INDEX = MAX_SCALE_INDEX;
/** Months of bills, top-ups and daily consumption per scale customer. */
const SCALE_MONTHS = 6;
const CUSTOMERS_PER_TRANSACTION = 1000;

export function scaleDocument(market: Market, index: number): string {
  return market.site === 'cl' ? normalRut(RUT_BASE + index) : String(DNI_BASE + index);
}

export function scalePhone(index: number, line: number): string {
  return `95${String(index * 2 + line).padStart(7, '0')}`;
}

/** Index the next scale customer gets: one past the highest existing scale document. */
export async function nextScaleIndex(db: Db, market: Market): Promise<number> {
  const pattern = market.site === 'cl' ? '3_______-_' : '6_______';
  const [row] = await db
    .select({ max: sql<string | null>`max(${schema.customers.document})` })
    .from(schema.customers)
    .where(like(schema.customers.document, pattern));
  const max = row?.max;
  if (!max) return 0;
  const body = Number(market.site === 'cl' ? max.split('-')[0] : max);
  return body - (market.site === 'cl' ? RUT_BASE : DNI_BASE) + 1;
}

/**
 * What scale customers write in their tickets, per category; the status each ticket has reached and
 * how many days ago it could have been opened for that status (a closed ticket is older than a new one).
 */
const TICKET_TEXTS = (bill: string): Record<TicketCategory, string[]> => ({
  billing: [`Mi ${bill} de este mes trae un cobro que no reconozco.`, `No me llegó la ${bill} por correo.`],
  coverage: ['No tengo señal dentro de mi casa desde hace unos días.', 'Los datos móviles andan muy lentos en mi barrio.'],
  device: ['El equipo se apaga solo aunque tenga batería.', 'La pantalla del teléfono dejó de responder al tacto.'],
  bags: ['Compré una bolsa y no se activó en mi línea.', 'Mi bolsa mensual no se renovó este mes.'],
  topups: ['Hice una recarga y el saldo no aparece.', 'Me descontaron la recarga dos veces.'],
  other: ['Quiero actualizar el correo de contacto de mi cuenta.', 'Necesito un certificado de titularidad de mi línea.'],
});
const TICKET_STAGES: ReadonlyArray<{ status: TicketStatus; days: [number, number] }> = [
  { status: 'submitted', days: [0, 3] },
  { status: 'acknowledged', days: [1, 6] },
  { status: 'inProgress', days: [3, 20] },
  { status: 'pending', days: [3, 20] },
  { status: 'resolved', days: [10, 45] },
  { status: 'closed', days: [20, 150] },
  { status: 'cancelled', days: [5, 150] },
];

/** Up to two tickets of a scale line, in any status of the ticket state machine. */
function scaleTickets(market: Market, rng: Rng, now: Date, today: Date): TicketDraft[] {
  if (!rng.chance(0.35)) return [];
  const texts = TICKET_TEXTS(market.billName);
  const categories = Object.keys(texts) as TicketCategory[];
  const count = rng.chance(0.3) ? 2 : 1;
  return Array.from({ length: count }, () => {
    const category = rng.pick(categories);
    const stage = rng.pick(TICKET_STAGES);
    const daysAgo = rng.int(stage.days[0], stage.days[1]);
    const createdAt = new Date(Math.min(at(addDays(today, -daysAgo), rng.int(8, 21)).getTime(), now.getTime() - 3_600_000));
    // the desk's last move came some time after the ticket was opened, never after now
    const updatedAt =
      stage.status === 'submitted' ? createdAt : new Date(Math.min(createdAt.getTime() + rng.int(2, 24 * Math.max(1, daysAgo)) * 3_600_000, now.getTime()));
    return { category, description: rng.pick(texts[category]), status: stage.status, createdAt, updatedAt };
  });
}

const NAMES = {
  cl: {
    F: ['Catalina', 'Javiera', 'Fernanda', 'Constanza', 'Francisca', 'Antonia', 'Josefa', 'Isidora', 'María José', 'Daniela', 'Carolina', 'Paula'],
    M: ['Matías', 'Benjamín', 'Vicente', 'Joaquín', 'Tomás', 'Sebastián', 'Nicolás', 'Felipe', 'Cristóbal', 'Ignacio', 'Gonzalo', 'Rodrigo'],
    last: [
      'González',
      'Muñoz',
      'Rojas',
      'Díaz',
      'Pérez',
      'Soto',
      'Contreras',
      'Silva',
      'Martínez',
      'Sepúlveda',
      'Morales',
      'Rodríguez',
      'López',
      'Fuentes',
      'Hernández',
      'Torres',
      'Araya',
      'Flores',
      'Espinoza',
      'Valenzuela',
    ],
  },
  pe: {
    F: ['María', 'Rosa', 'Milagros', 'Luz', 'Carmen', 'Ana', 'Flor', 'Sofía', 'Valeria', 'Camila', 'Ximena', 'Gabriela'],
    M: ['José', 'Luis', 'Carlos', 'Jorge', 'Juan', 'Miguel', 'César', 'Víctor', 'Renzo', 'Diego', 'Alonso', 'Sebastián'],
    last: [
      'Quispe',
      'Flores',
      'Sánchez',
      'Rodríguez',
      'García',
      'Mamani',
      'Huamán',
      'Rojas',
      'Chávez',
      'Ramírez',
      'Torres',
      'Vásquez',
      'Mendoza',
      'Castillo',
      'Gutiérrez',
      'Ramos',
      'Díaz',
      'Condori',
      'Espinoza',
      'Cruz',
    ],
  },
};

function scaleAccount(
  market: Market,
  index: number,
  now: Date,
  today: Date,
  plans: ReturnType<typeof planInfo>,
  offers: ReturnType<typeof bagOffers>,
): AccountDraft {
  if (index < 0 || index > MAX_INDEX) throw new Error(`seedScale: customer index ${index} out of range 0–${MAX_INDEX}`);
  const rng = mulberry32(hashSeed('scale', market.site, index));
  const names = NAMES[market.site];
  const gender = rng.chance(0.5) ? 'F' : 'M';
  const firstName = rng.pick(names[gender]);
  const lastName = `${rng.pick(names.last)} ${rng.pick(names.last)}`;
  const lineCount = rng.chance(0.4) ? 2 : 1;
  const activeOffers = [...offers.values()].filter((o) => o.validityDays >= 7 && !o.id.startsWith('BAG_VIAJERO'));
  const specs: LineSpec[] = [];
  for (let j = 0; j < lineCount; j++) {
    const r = rng.next();
    const kind: LineSpec['kind'] = r < 0.6 ? 'postpaid' : r < 0.75 ? 'hybrid' : 'prepaid';
    const planId =
      kind === 'prepaid' ? null : kind === 'hybrid' ? rng.pick(HYBRID_PLAN_IDS) : rng.chance(0.15) ? rng.pick(BLUE_PLAN_IDS) : rng.pick(POSTPAID_PLAN_IDS);
    const plan = planId ? plans.get(planId)! : null;
    const cycleDay = rng.int(1, 28);
    const latestIssue = latestCycleDate(today, cycleDay);
    const dueDate = addDays(latestIssue, 15);
    let latestBill: LatestBill;
    if (dueDate.getTime() >= today.getTime()) latestBill = rng.chance(0.7) ? 'unpaid' : 'paid';
    else latestBill = rng.chance(0.04) ? 'unpaid' : 'paid';
    const bags: LineSpec['bags'] = [];
    if (rng.chance(0.25)) {
      const offer = rng.pick(activeOffers);
      bags.push({ offerId: offer.id, daysAgo: rng.int(0, offer.validityDays - 1), recurring: offer.id.endsWith('_REC') });
    }
    if (rng.chance(0.3)) bags.push({ offerId: rng.pick(activeOffers).id, daysAgo: rng.int(40, 150) });
    const balanceMax = market.site === 'cl' ? 1500 : 300;
    specs.push({
      phoneNumber: scalePhone(index, j),
      kind,
      planId,
      planPrice: plan?.price ?? 0,
      dataMb: plan?.dataMb ?? null,
      simSerial: 1_000_000 + index * 2 + j,
      balance: kind === 'prepaid' ? rng.int(0, balanceMax) * 10 : kind === 'hybrid' ? rng.int(0, balanceMax / 5) * 10 : 0,
      cycleDay,
      activatedAt: at(addDays(today, -rng.int(120, 2500)), rng.int(9, 20)),
      latestBill,
      months: SCALE_MONTHS,
      bags,
    });
  }
  const lines = specs.map((s) => ({ ...buildLineHistory(market, s, offers, now, today), tickets: scaleTickets(market, rng, now, today) }));
  const document = scaleDocument(market, index);
  const emailName = slugId(`${firstName} ${lastName.split(' ')[0]}`)
    .toLowerCase()
    .replace(/_/g, '.');
  const first = lines[0];
  const latestBill = first.bills[0];
  const notification = latestBill
    ? {
        title: `Tu ${market.billName} está disponible`,
        body: `Ya puedes ver y pagar tu ${market.billName} del mes en Mi Cuenta.`,
        createdAt: at(new Date(`${latestBill.issuedAt}T00:00:00Z`), 9),
        readAt: latestBill.status === 'paid' ? latestBill.paidAt : null,
      }
    : {
        title: 'Recarga exitosa',
        body: 'Tu recarga fue abonada a tu saldo.',
        createdAt: first.payments.find((p) => p.kind === 'topup')?.createdAt ?? first.line.activatedAt!,
        readAt: null,
      };
  if (notification.createdAt.getTime() > now.getTime()) notification.createdAt = now;
  return {
    customer: {
      document,
      firstName,
      lastName,
      email: `${emailName}.${index}@example.com`,
      contactPhone: first.line.phoneNumber,
      gender,
      portrait: null,
      secretHash: SCALE_SECRET_HASH[market.site],
      secretCreated: true,
      createdAt: new Date(Math.min(...specs.map((s) => s.activatedAt.getTime()))),
    },
    lines,
    notifications: [notification],
  };
}

/**
 * Daily consumption (data MB, voice minutes, SMS) of the given lines from `from` to `to`, generated
 * inside the database: millions of rows would be slow to send from JavaScript. Amounts come from an
 * arithmetic hash of phone number, day and kind (no random()), so they are the same on every run.
 */
async function insertScaleConsumption(db: Db, lineIds: number[], from: string, to: string): Promise<void> {
  if (lineIds.length === 0) return;
  const ids = `{${lineIds.join(',')}}`;
  await db.execute(sql`
    with ls as (
      select id,
        (phone_number::bigint % 2147483647) as p,
        case kind when 'prepaid' then 150 when 'hybrid' then 500 else 900 end as base,
        case when plan_id = 'PO_PLAN_BAM_20' then 0 else 1 end as talk,
        (activated_at at time zone 'UTC')::date as since
      from lines where id = any(${ids}::int[])
    ), ds as (
      select g::date as day, (g::date - date '2000-01-01') * 16807 as dn,
        case when extract(isodow from g) >= 6 then 13 else 10 end as wf
      from generate_series(${from}::date, ${to}::date, interval '1 day') g
    ), hs as (
      select ls.id, ds.day, ls.base, ls.talk, ds.wf, k.kind,
        ((ls.p * 48271 + ds.dn + k.salt) % 2147483647) * 16807 % 2147483647 as h
      from ls join ds on ds.day >= ls.since
      cross join (values ('data', 1), ('voice', 69621), ('sms', 139242)) as k(kind, salt)
    )
    insert into consumption (line_id, day, kind, amount)
    select id, day, kind,
      case kind
        when 'data' then base * (50 + h % 100) / 100 * wf / 10
        when 'voice' then talk * ((h / 7) % 45)
        else talk * ((h / 11) % 5)
      end::int
    from hs
    order by id, day, kind
  `);
}

/**
 * Foreign-key triggers cost more than the inserts themselves for millions of consumption rows. Every
 * id written here comes from RETURNING of the same transaction (and seedScale checks the reference
 * data exists), so the checks are skipped for this transaction when the role may do so
 * (session_replication_role needs superuser: PGlite yes, a managed server maybe not — then it just
 * runs slower). Tried in a savepoint so a refusal does not abort the transaction.
 */
async function skipForeignKeyChecks(tx: Db): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`set local session_replication_role = replica`);
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds `count` synthetic customers (1–2 lines each, 6 months of bills, payments, top-ups, points and
 * daily consumption) for load tests. Indexes continue after the existing scale customers unless
 * `startIndex` is given. Secrets: PIN '0000' (Chile) / password '000000' (Peru), one shared hash.
 */
export async function seedScale(db: Db, market: Market, count: number, options: { now?: Date; startIndex?: number } = {}): Promise<void> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`seedScale: count must be a non-negative integer, got ${count}`);
  const now = options.now ?? new Date();
  const today = marketToday(now, market);
  const seeded = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, 'seeded'));
  if (seeded.length === 0) throw new Error('seedScale: the database is not seeded yet (run seedIfEmpty first)');
  const start = options.startIndex ?? (await nextScaleIndex(db, market));
  if (!Number.isInteger(start) || start < 0 || start + count - 1 > MAX_INDEX) {
    throw new Error(`seedScale: customers ${start}–${start + count - 1} exceed the scale range 0–${MAX_INDEX}`);
  }
  const plans = planInfo(market);
  const offers = bagOffers(market);
  const from = isoDate(addDays(today, -Math.round(SCALE_MONTHS * 30.4) + 1));
  const to = isoDate(today);
  for (let offset = 0; offset < count; offset += CUSTOMERS_PER_TRANSACTION) {
    const size = Math.min(CUSTOMERS_PER_TRANSACTION, count - offset);
    const accounts = Array.from({ length: size }, (_, i) => scaleAccount(market, start + offset + i, now, today, plans, offers));
    await db.transaction(async (tx) => {
      await skipForeignKeyChecks(tx);
      const lineIds = await writeAccounts(tx, accounts, market.site.toUpperCase());
      await insertScaleConsumption(tx, lineIds, from, to);
    });
  }
}
