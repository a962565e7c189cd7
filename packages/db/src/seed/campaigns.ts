import type { Market } from '@andes/domain/market';
import type * as schema from '../schema.ts';
import { addDays } from './util.ts';

type CampaignRow = typeof schema.campaigns.$inferInsert;

/** Campaigns around `now`: three running, one finished and one upcoming (to exercise date filters). */
export function campaignRows(market: Market, now: Date, ids: { blue: string[]; phones: string[]; accessories: string[] }): CampaignRow[] {
  const day = (n: number) => addDays(now, n);
  const brand = market.brandName;
  return [
    {
      id: 'CMP_BLUE_RENOVACION',
      name: `Renueva con ${brand} Blue`,
      description: `Renueva tu equipo al mes 12 con ${brand} Blue: cuotas sin interés y seguro de protección incluido.`,
      planId: 'PO_PLAN_BLUE_120',
      productIds: ids.blue,
      discountPercentage: 10,
      startsAt: day(-20),
      endsAt: day(40),
    },
    {
      id: 'CMP_CYBER',
      name: `Cyber ${brand}`,
      description: 'Descuentos en equipos seleccionados solo por esta semana.',
      planId: null,
      productIds: ids.phones.slice(0, 8),
      discountPercentage: 15,
      startsAt: day(-2),
      endsAt: day(5),
    },
    {
      id: 'CMP_PORTABILIDAD',
      name: 'Cámbiate con tu número',
      description: 'Porta tu número al Plan Libre 40 GB y paga la mitad por 6 meses.',
      planId: 'PO_PLAN_LIBRE_40_V2',
      productIds: [],
      discountPercentage: 50,
      startsAt: day(-30),
      endsAt: day(60),
    },
    {
      id: 'CMP_VERANO',
      name: 'Verano conectado',
      description: 'Campaña terminada: bolsas y equipos con descuento de verano.',
      planId: null,
      productIds: ids.phones.slice(8, 12),
      discountPercentage: 20,
      startsAt: day(-90),
      endsAt: day(-30),
    },
    {
      id: 'CMP_DIA_MADRE',
      name: 'Mes de las madres',
      description: 'Próximamente: smartwatch y audífonos con descuento.',
      planId: null,
      productIds: ids.accessories.filter((_, i) => i % 3 === 0),
      discountPercentage: 12,
      startsAt: day(15),
      endsAt: day(45),
    },
  ];
}
