import type { Market } from '@andes/domain/market';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import { hashSeed, mulberry32 } from './prng.ts';
import { BLUE_PLAN_IDS } from './plans.ts';
import { addDays, addMonths, at, insertBatched, isoDate, latestCycleDate } from './util.ts';

/** Bonuses for points (canje-bonos); prices in points per market. */
export const bonusOfferDefs = [
  {
    id: 'BONUS_GB_2_7D',
    name: 'Bono 2 GB por 7 días',
    kind: 'data',
    description: '2 GB extra de navegación, válidos por 7 días.',
    points: { cl: 800, pe: 250 },
    validityDays: 7,
    dataMb: 2048,
    minutes: null,
    sortOrder: 1,
  },
  {
    id: 'BONUS_GB_5_30D',
    name: 'Bono 5 GB por 30 días',
    kind: 'data',
    description: '5 GB extra de navegación, válidos por 30 días.',
    points: { cl: 2500, pe: 700 },
    validityDays: 30,
    dataMb: 5120,
    minutes: null,
    sortOrder: 2,
  },
  {
    id: 'BONUS_MIN_200_30D',
    name: 'Bono 200 minutos',
    kind: 'voice',
    description: '200 minutos a todo destino nacional por 30 días.',
    points: { cl: 1200, pe: 350 },
    validityDays: 30,
    dataMb: null,
    minutes: 200,
    sortOrder: 3,
  },
  {
    id: 'BONUS_RRSS_15D',
    name: 'Bono Redes Sociales 15 días',
    kind: 'data',
    description: 'WhatsApp, Instagram y Facebook sin consumir tus datos por 15 días.',
    points: { cl: 1500, pe: 450 },
    validityDays: 15,
    dataMb: null,
    minutes: null,
    sortOrder: 4,
  },
  {
    id: 'BONUS_STREAMING_30D',
    name: 'Bono Streaming 30 días',
    kind: 'streaming',
    description: 'Música y video en streaming sin consumir tus datos por 30 días.',
    points: { cl: 4000, pe: 1200 },
    validityDays: 30,
    dataMb: null,
    minutes: null,
    sortOrder: 5,
  },
] as const;

const discountDefs = [
  {
    id: 'DSC_CINE',
    partner: { cl: 'Cinemark', pe: 'Cineplanet' },
    category: 'entertainment',
    title: '2x1 en entradas de cine',
    conditions: 'De lunes a miércoles, presentando el cupón en boletería.',
    percentage: 50,
    months: 6,
  },
  {
    id: 'DSC_CAFE',
    partner: { cl: 'Juan Valdez Café', pe: 'Juan Valdez Café' },
    category: 'food',
    title: '20 % en bebidas calientes',
    conditions: 'Un cupón diario por cliente.',
    percentage: 20,
    months: 4,
  },
  {
    id: 'DSC_PIZZA',
    partner: { cl: "Papa John's", pe: "Papa John's" },
    category: 'food',
    title: '30 % en pizzas familiares',
    conditions: 'Pedidos por la app o la web, no acumulable con otras promociones.',
    percentage: 30,
    months: 3,
  },
  {
    id: 'DSC_FARMACIA',
    partner: { cl: 'Salcobrand', pe: 'Inkafarma' },
    category: 'health',
    title: '15 % en productos de cuidado personal',
    conditions: 'No aplica a medicamentos con receta.',
    percentage: 15,
    months: 12,
  },
  {
    id: 'DSC_VIAJES',
    partner: { cl: 'Turbus', pe: 'Cruz del Sur' },
    category: 'travel',
    title: '10 % en pasajes de bus',
    conditions: 'Compras en la web con el código del cupón.',
    percentage: 10,
    months: 8,
  },
  {
    id: 'DSC_LIBROS',
    partner: { cl: 'Librería Antártica', pe: 'Crisol' },
    category: 'shopping',
    title: '12 % en libros',
    conditions: 'Válido en tiendas y en la web.',
    percentage: 12,
    months: 5,
  },
] as const;

/** Bonus offers and partner discounts of the benefits club, per market (reference data). */
export async function seedBenefitCatalogue(db: Db, market: Market, today: Date): Promise<void> {
  await insertBatched(
    db,
    schema.bonusOffers,
    bonusOfferDefs.map((b) => ({
      id: b.id,
      name: b.name,
      kind: b.kind,
      description: b.description,
      pointsPrice: b.points[market.site],
      validityDays: b.validityDays,
      dataMb: b.dataMb,
      minutes: b.minutes,
      sortOrder: b.sortOrder,
    })),
  );
  await insertBatched(
    db,
    schema.discounts,
    discountDefs.map((d) => ({
      id: d.id,
      partner: d.partner[market.site],
      category: d.category,
      title: d.title,
      conditions: d.conditions,
      percentage: d.percentage,
      validUntil: isoDate(addMonths(today, d.months)),
    })),
  );
}

const phones = [
  { brand: 'Samsung', model: 'Galaxy A55 5G', price: { cl: 399990, pe: 149900 } },
  { brand: 'Apple', model: 'iPhone 15 128 GB', price: { cl: 899990, pe: 379900 } },
  { brand: 'Motorola', model: 'moto g84 5G', price: { cl: 249990, pe: 99900 } },
  { brand: 'Xiaomi', model: 'Redmi Note 13 Pro', price: { cl: 329990, pe: 129900 } },
  { brand: 'Samsung', model: 'Galaxy S24', price: { cl: 799990, pe: 329900 } },
] as const;

/** A 15-digit IMEI with its Luhn check digit. */
function imei(body14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body14[i]);
    if (i % 2 === 1) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return body14 + String((10 - (sum % 10)) % 10);
}

export interface LineExtrasSpec {
  phoneNumber: string;
  kind: 'postpaid' | 'prepaid' | 'hybrid';
  planId: string | null;
  cycleDay: number;
  activatedAt: Date;
  /** When the line's phone was bought, in months before today (else 3 to 20 at random). */
  phoneBoughtMonthsAgo?: number;
}

export interface EquipmentDraft {
  brand: string;
  model: string;
  imei: string;
  price: number;
  installments: number;
  installmentAmount: number;
  firstInstallmentAt: string;
  purchasedAt: Date;
  rentalType: string;
}

export interface RequestDraft {
  topic: string;
  description: string;
  contactChannel: 'email' | 'phone';
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

const requestSamples = [
  { topic: 'billing', description: 'Necesito el detalle de los cargos adicionales de mi último documento de cobro.', status: 'closed' },
  { topic: 'plan', description: 'Quiero saber qué planes con más gigas puedo contratar manteniendo mi número.', status: 'answered' },
  { topic: 'technical', description: 'La señal 4G se corta seguido en mi barrio durante las tardes.', status: 'inProgress' },
  { topic: 'device', description: 'Mi equipo se reinicia solo desde la última actualización.', status: 'assigned' },
] as const;

/**
 * A line's phone sold in installments (postpaid lines always, hybrid ones sometimes; Peru sells in
 * 18 installments, Chile in 12 or 24) and its past customer-service requests, deterministic per line.
 */
export function buildLineExtras(market: Market, spec: LineExtrasSpec, today: Date): { equipment: EquipmentDraft[]; requests: RequestDraft[] } {
  const rng = mulberry32(hashSeed('extras', market.site, spec.phoneNumber));
  const equipment: EquipmentDraft[] = [];
  if (spec.kind === 'postpaid' || (spec.kind === 'hybrid' && rng.chance(0.5))) {
    const phone = rng.pick(phones);
    const installments = market.equipmentInstallments ?? rng.pick([12, 24]);
    const price = phone.price[market.site];
    // bought between 3 and 20 months ago, but never before the line existed
    const monthsAgo = rng.int(3, 20);
    let purchased = addMonths(today, -(spec.phoneBoughtMonthsAgo ?? monthsAgo));
    if (purchased.getTime() < spec.activatedAt.getTime()) purchased = addDays(spec.activatedAt, 1);
    const first = addMonths(latestCycleDate(purchased, spec.cycleDay), 1);
    const body = `35${String(hashSeed('imei', market.site, spec.phoneNumber))
      .padStart(10, '0')
      .slice(0, 10)}${String(rng.int(10, 99))}`;
    equipment.push({
      brand: phone.brand,
      model: phone.model,
      imei: imei(body),
      price,
      installments,
      installmentAmount: Math.ceil(price / installments),
      firstInstallmentAt: isoDate(first),
      purchasedAt: at(purchased, 11 + rng.int(0, 8)),
      // a line on a Blue plan got its phone under the Blue program (SPEC §9: renewed from month 12)
      rentalType: (BLUE_PLAN_IDS as readonly string[]).includes(spec.planId ?? '') ? `${market.brand}Blue` : 'regular',
    });
  }
  const requests: RequestDraft[] = [];
  const count = spec.kind === 'prepaid' ? rng.int(0, 1) : rng.int(1, 2);
  for (let i = 0; i < count; i++) {
    const sample = requestSamples[(i + rng.int(0, requestSamples.length - 1)) % requestSamples.length]!;
    const createdAt = at(addDays(today, -rng.int(5 + i * 20, 25 + i * 40)), 9 + rng.int(0, 9));
    if (createdAt.getTime() < spec.activatedAt.getTime()) continue;
    requests.push({ ...sample, contactChannel: rng.chance(0.6) ? 'email' : 'phone', createdAt, updatedAt: addDays(createdAt, rng.int(1, 4)) });
  }
  return { equipment, requests };
}

/** The points price of a bonus for the market, for past redemptions in a line's history. */
export function bonusPrices(market: Market): Array<{ id: string; name: string; points: number; validityDays: number }> {
  return bonusOfferDefs.map((b) => ({ id: b.id, name: b.name, points: b.points[market.site], validityDays: b.validityDays }));
}
