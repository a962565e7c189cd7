import type { Market } from '@andes/domain/market';
import type * as schema from '../schema.ts';

type BagOfferRow = typeof schema.bagOffers.$inferInsert;

interface BagDef {
  id: string;
  name: string;
  bagType: 'promotion' | 'mixed' | 'normal' | 'unlimited';
  mode: 'immediate' | 'recurring' | 'traveller';
  dataMb: number | null;
  minutes: number | null;
  sms: number | null;
  validityDays: number;
  /** CLP pesos / PEN céntimos. */
  price: { cl: number; pe: number };
  pointsPrice?: { cl: number; pe: number };
  zone?: 'América' | 'Europa' | 'Mundo';
}

/** Chile's terms say data bundles from $500; Peru's start at S/ 3. */
const bags: BagDef[] = [
  {
    id: 'BAG_500MB_1D',
    name: 'Bolsa 500 MB por 1 día',
    bagType: 'normal',
    mode: 'immediate',
    dataMb: 500,
    minutes: null,
    sms: null,
    validityDays: 1,
    price: { cl: 500, pe: 300 },
  },
  {
    id: 'BAG_1GB_7D',
    name: 'Bolsa 1 GB por 7 días',
    bagType: 'normal',
    mode: 'immediate',
    dataMb: 1024,
    minutes: null,
    sms: null,
    validityDays: 7,
    price: { cl: 1990, pe: 500 },
    pointsPrice: { cl: 400, pe: 150 },
  },
  {
    id: 'BAG_5GB_30D',
    name: 'Bolsa 5 GB por 30 días',
    bagType: 'normal',
    mode: 'immediate',
    dataMb: 5120,
    minutes: null,
    sms: null,
    validityDays: 30,
    price: { cl: 4990, pe: 1500 },
    pointsPrice: { cl: 1000, pe: 450 },
  },
  {
    id: 'BAG_10GB_REC',
    name: 'Bolsa 10 GB mensual',
    bagType: 'normal',
    mode: 'recurring',
    dataMb: 10240,
    minutes: null,
    sms: null,
    validityDays: 30,
    price: { cl: 6990, pe: 2500 },
  },
  {
    id: 'BAG_PROMO_3GB_7D',
    name: 'Promo 3 GB por 7 días',
    bagType: 'promotion',
    mode: 'immediate',
    dataMb: 3072,
    minutes: null,
    sms: null,
    validityDays: 7,
    price: { cl: 1490, pe: 400 },
    pointsPrice: { cl: 300, pe: 120 },
  },
  {
    id: 'BAG_PROMO_RRSS_30D',
    name: 'Promo Redes Sociales 30 días',
    bagType: 'promotion',
    mode: 'recurring',
    dataMb: 2048,
    minutes: null,
    sms: null,
    validityDays: 30,
    price: { cl: 2990, pe: 990 },
  },
  {
    id: 'BAG_MIX_2GB_100MIN',
    name: 'Bolsa Mixta 2 GB + 100 min',
    bagType: 'mixed',
    mode: 'immediate',
    dataMb: 2048,
    minutes: 100,
    sms: 50,
    validityDays: 15,
    price: { cl: 2990, pe: 1000 },
    pointsPrice: { cl: 600, pe: 300 },
  },
  {
    id: 'BAG_MIX_6GB_REC',
    name: 'Bolsa Mixta 6 GB + 300 min mensual',
    bagType: 'mixed',
    mode: 'recurring',
    dataMb: 6144,
    minutes: 300,
    sms: 100,
    validityDays: 30,
    price: { cl: 5990, pe: 2000 },
  },
  {
    id: 'BAG_UNL_1D',
    name: 'Internet ilimitado por 1 día',
    bagType: 'unlimited',
    mode: 'immediate',
    dataMb: null,
    minutes: null,
    sms: null,
    validityDays: 1,
    price: { cl: 1990, pe: 500 },
    pointsPrice: { cl: 400, pe: 150 },
  },
  {
    id: 'BAG_UNL_7D',
    name: 'Internet ilimitado por 7 días',
    bagType: 'unlimited',
    mode: 'immediate',
    dataMb: null,
    minutes: null,
    sms: null,
    validityDays: 7,
    price: { cl: 6990, pe: 1990 },
  },
  {
    id: 'BAG_UNL_REC',
    name: 'Internet ilimitado mensual',
    bagType: 'unlimited',
    mode: 'recurring',
    dataMb: null,
    minutes: null,
    sms: null,
    validityDays: 30,
    price: { cl: 14990, pe: 4990 },
  },
  {
    id: 'BAG_VIAJERO_AMERICA',
    name: 'Viajero América 2 GB + 100 min',
    bagType: 'mixed',
    mode: 'traveller',
    dataMb: 2048,
    minutes: 100,
    sms: 50,
    validityDays: 7,
    price: { cl: 12990, pe: 3990 },
    zone: 'América',
  },
  {
    id: 'BAG_VIAJERO_EUROPA',
    name: 'Viajero Europa 3 GB + 100 min',
    bagType: 'mixed',
    mode: 'traveller',
    dataMb: 3072,
    minutes: 100,
    sms: 50,
    validityDays: 10,
    price: { cl: 19990, pe: 5990 },
    zone: 'Europa',
  },
  {
    id: 'BAG_VIAJERO_MUNDO',
    name: 'Viajero Mundo 1 GB',
    bagType: 'normal',
    mode: 'traveller',
    dataMb: 1024,
    minutes: null,
    sms: null,
    validityDays: 7,
    price: { cl: 24990, pe: 7990 },
    zone: 'Mundo',
  },
];

export function bagOfferRows(market: Market): BagOfferRow[] {
  return bags.map((b) => ({
    id: b.id,
    name: b.name,
    bagType: b.bagType,
    mode: b.mode,
    dataMb: b.dataMb,
    minutes: b.minutes,
    sms: b.sms,
    validityDays: b.validityDays,
    price: b.price[market.site],
    pointsPrice: b.pointsPrice?.[market.site] ?? null,
    zone: b.zone ?? null,
  }));
}
