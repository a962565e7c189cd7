import type { Market } from '@andes/domain/market';
import { promotionalPrice, type PromotionLineKind } from '@andes/domain/plan-promotion';
import type * as schema from '../schema.ts';

type PlanRow = typeof schema.plans.$inferInsert;

interface PlanDef {
  id: string;
  name: string;
  group: 'postpaidPlans' | 'hybridPlans' | 'blue';
  /** Monthly price: CLP pesos, PEN céntimos. */
  price: { cl: number; pe: number };
  data: string;
  voice: string;
  sms: string;
  socialMedia: string[];
  /**
   * The promotion: a percentage off the price for the contract's first `months` months, for the
   * `lines` it names (every line when not given), at most `perDocument` lines per buyer document.
   */
  discount?: { percentage: number; months: number; description: string; lines?: PromotionLineKind[]; perDocument?: number };
  showInActivationFlow?: boolean;
  /** The journeys offering the plan; all three when not given. */
  simTypes?: Array<'newLine' | 'portability' | 'additionalLine'>;
  advancedPlan?: boolean;
  promotion?: string;
  free?: boolean;
}

const BASIC = ['whatsapp'];
const SOCIAL = ['whatsapp', 'facebook', 'instagram'];
const SOCIAL_PLUS = ['whatsapp', 'facebook', 'instagram', 'twitter', 'tiktok'];
const ALL_APPS = ['whatsapp', 'facebook', 'instagram', 'twitter', 'tiktok', 'youtube', 'spotify', 'waze'];

/**
 * Twelve plans per market. Chile's terms say plans from $21.990; Peru's range S/ 29.90 – S/ 189.90.
 * Special cases the screens exercise: a versioned id (PO_PLAN_LIBRE_40_V2), a 'multi_' id (counts as
 * quantity 2 in cart events, hidden from the chip activation flow), a BAM plan (data only) and
 * plans with more than 5 social-media icons. A number brought from another company carries voice and
 * SMS, so the BAM plan is not offered for portability; Controlado (hybrid) plans are for new
 * customers, so additional lines on an account are offered Libres and Blue plans only.
 */
function planDefs(brandName: string): PlanDef[] {
  return [
    {
      id: 'PO_PLAN_LIBRE_30',
      name: 'Plan Libre 30 GB',
      group: 'postpaidPlans',
      price: { cl: 21990, pe: 4990 },
      data: '30 GB',
      voice: '300 min',
      sms: '100 SMS',
      socialMedia: SOCIAL,
    },
    {
      id: 'PO_PLAN_LIBRE_40_V2',
      name: 'Plan Libre 40 GB',
      group: 'postpaidPlans',
      price: { cl: 24990, pe: 5990 },
      data: '40 GB',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: SOCIAL_PLUS,
      // SPEC §9 terms: up to 3 plans with 50% discount per RUT
      discount: { percentage: 50, months: 6, description: '50% de descuento por 6 meses en portabilidad', lines: ['portability'], perDocument: 3 },
      promotion: 'Portabilidad',
    },
    {
      id: 'PO_PLAN_LIBRE_80',
      name: 'Plan Libre 80 GB',
      group: 'postpaidPlans',
      price: { cl: 27990, pe: 7490 },
      data: '80 GB',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: ALL_APPS,
    },
    {
      id: 'PO_PLAN_LIBRE_ILIMITADO',
      name: 'Plan Libre Ilimitado',
      group: 'postpaidPlans',
      price: { cl: 34990, pe: 10990 },
      data: 'ilimitada',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: ALL_APPS,
      discount: { percentage: 30, months: 12, description: '30% de descuento por 12 meses' },
      advancedPlan: true,
      free: true,
    },
    {
      id: 'multi_PO_PLAN_LIBRE_DUO',
      name: 'Plan Libre Dúo 2 líneas 60 GB',
      group: 'postpaidPlans',
      price: { cl: 41990, pe: 12990 },
      data: '60 GB',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: SOCIAL_PLUS,
      showInActivationFlow: false,
      promotion: 'Dos líneas, una sola boleta',
    },
    {
      id: 'PO_PLAN_BAM_20',
      name: 'Plan BAM 20 GB',
      group: 'postpaidPlans',
      price: { cl: 22990, pe: 3990 },
      data: '20 GB',
      voice: 'no incluye',
      sms: 'no incluye',
      socialMedia: [],
      simTypes: ['newLine', 'additionalLine'],
    },
    {
      id: 'PO_PLAN_CONTROLADO_15',
      name: 'Plan Controlado 15 GB',
      group: 'hybridPlans',
      price: { cl: 21990, pe: 2990 },
      data: '15 GB',
      voice: '200 min',
      sms: '50 SMS',
      socialMedia: BASIC,
      simTypes: ['newLine', 'portability'],
    },
    {
      id: 'PO_PLAN_CONTROLADO_25',
      name: 'Plan Controlado 25 GB',
      group: 'hybridPlans',
      price: { cl: 22990, pe: 3490 },
      data: '25 GB',
      voice: '300 min',
      sms: '100 SMS',
      socialMedia: SOCIAL,
      simTypes: ['newLine', 'portability'],
    },
    {
      id: 'PO_PLAN_CONTROLADO_45',
      name: 'Plan Controlado 45 GB',
      group: 'hybridPlans',
      price: { cl: 25990, pe: 4490 },
      data: '45 GB',
      voice: 'ilimitada',
      sms: '100 SMS',
      socialMedia: SOCIAL,
      discount: { percentage: 20, months: 3, description: '20% de descuento por 3 meses contratando en línea' },
      simTypes: ['newLine', 'portability'],
    },
    {
      id: 'PO_PLAN_BLUE_50',
      name: `Plan ${brandName} Blue 50 GB`,
      group: 'blue',
      price: { cl: 29990, pe: 8990 },
      data: '50 GB',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: SOCIAL_PLUS,
      promotion: 'Renueva tu equipo al mes 12',
    },
    {
      id: 'PO_PLAN_BLUE_120',
      name: `Plan ${brandName} Blue 120 GB`,
      group: 'blue',
      price: { cl: 36990, pe: 13990 },
      data: '120 GB',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: ALL_APPS,
      promotion: 'Renueva tu equipo al mes 12',
    },
    {
      id: 'PO_PLAN_BLUE_ILIMITADO',
      name: `Plan ${brandName} Blue Ilimitado`,
      group: 'blue',
      price: { cl: 44990, pe: 18990 },
      data: 'ilimitada',
      voice: 'ilimitada',
      sms: 'ilimitada',
      socialMedia: ALL_APPS,
      promotion: 'Renueva tu equipo al mes 12 y seguro de protección incluido',
      advancedPlan: true,
      free: true,
    },
  ];
}

export function planRows(market: Market): PlanRow[] {
  return planDefs(market.brandName).map((p, i) => {
    const price = p.price[market.site];
    const percentage = p.discount?.percentage ?? 0;
    return {
      id: p.id,
      planName: p.name,
      commerceName: p.name.replace(/^Plan /, ''),
      customerGroup: p.group,
      price,
      commercePrice: promotionalPrice({ price, discountPercentage: percentage }),
      data: p.data,
      voice: p.voice,
      sms: p.sms,
      socialMedia: p.socialMedia,
      discountPercentage: percentage,
      discountDescription: p.discount?.description ?? null,
      discountMonths: p.discount?.months ?? null,
      discountLineKinds: p.discount?.lines ?? null,
      discountPerDocument: p.discount?.perDocument ?? null,
      showInActivationFlow: p.showInActivationFlow ?? true,
      activeSimTypes: p.simTypes ?? ['newLine', 'portability', 'additionalLine'],
      advancedPlan: p.advancedPlan ?? false,
      promotion: p.promotion ?? null,
      rentalType: p.group === 'blue' ? `${market.brand}Blue` : 'regular',
      planType: p.free ? 'free' : 'limited',
      sortOrder: (i + 1) * 10,
    };
  });
}

export const BLUE_PLAN_IDS = ['PO_PLAN_BLUE_50', 'PO_PLAN_BLUE_120', 'PO_PLAN_BLUE_ILIMITADO'] as const;
export const POSTPAID_PLAN_IDS = ['PO_PLAN_LIBRE_30', 'PO_PLAN_LIBRE_40_V2', 'PO_PLAN_LIBRE_80', 'PO_PLAN_LIBRE_ILIMITADO', 'PO_PLAN_BAM_20'] as const;
export const HYBRID_PLAN_IDS = ['PO_PLAN_CONTROLADO_15', 'PO_PLAN_CONTROLADO_25', 'PO_PLAN_CONTROLADO_45'] as const;
