import type { Market } from '@andes/domain/market';
import type * as schema from '../schema.ts';

type InsuranceRow = typeof schema.insurances.$inferInsert;

/** Phone insurances; Protección Total excludes the two partial covers (and they exclude it). */
export function insuranceRows(market: Market): InsuranceRow[] {
  const cl = market.currency === 'CLP';
  const m = (clp: number, pen: number) => (cl ? clp : pen);
  return [
    {
      id: 'INS_ROBO',
      displayName: 'Seguro Robo',
      description: 'Te reponemos el equipo en caso de robo con violencia o hurto.',
      monthlyValue: m(3990, 1290),
      insuranceValidity: 12,
      eventsNumber: 2,
      deductibleCost: m(49990, 19900),
      deductibleCost2: m(79990, 29900),
      info: 'Cubre robo con violencia o intimidación y hurto. Presenta la denuncia dentro de 48 horas y bloquea tu equipo llamando al 600 o desde Mi Cuenta.',
      exclusions: ['INS_PROTECCION_TOTAL'],
    },
    {
      id: 'INS_DANO_TOTAL',
      displayName: 'Seguro Daño Total',
      description: 'Reemplazo del equipo cuando el daño accidental no tiene reparación.',
      monthlyValue: m(4490, 1490),
      insuranceValidity: 12,
      eventsNumber: 1,
      deductibleCost: m(59990, 24900),
      deductibleCost2: 0,
      info: 'Cubre daño accidental que deje el equipo inutilizable: caídas, golpes o contacto con líquidos. No cubre desgaste ni daños estéticos.',
      exclusions: ['INS_PROTECCION_TOTAL'],
    },
    {
      id: 'INS_PANTALLA',
      displayName: 'Seguro Pantalla',
      description: 'Reparación de pantalla trizada o quebrada en servicio técnico autorizado.',
      monthlyValue: m(2490, 790),
      insuranceValidity: 12,
      eventsNumber: 2,
      deductibleCost: m(19990, 7900),
      deductibleCost2: m(29990, 9900),
      info: 'Cubre la reparación de la pantalla por quiebre accidental. La reparación se realiza en un plazo de 5 días hábiles.',
      exclusions: [],
    },
    {
      id: 'INS_PROTECCION_TOTAL',
      displayName: 'Seguro Protección Total',
      description: 'Robo, hurto y daño total en un solo seguro.',
      monthlyValue: m(6990, 2290),
      insuranceValidity: 24,
      eventsNumber: 2,
      deductibleCost: m(44990, 17900),
      deductibleCost2: m(69990, 26900),
      info: 'Incluye las coberturas de Seguro Robo y Seguro Daño Total. Incluido sin costo adicional en los planes Blue.',
      exclusions: ['INS_ROBO', 'INS_DANO_TOTAL'],
    },
    {
      id: 'INS_GARANTIA_EXTENDIDA',
      displayName: 'Garantía Extendida',
      description: 'Extiende por 12 meses la garantía de fábrica de tu equipo.',
      monthlyValue: m(1990, 590),
      // Validity is "según fabricante" and events unlimited in the source: non-numeric values are stored as 0.
      insuranceValidity: 0,
      eventsNumber: 0,
      deductibleCost: 0,
      deductibleCost2: 0,
      info: 'Cubre fallas de funcionamiento de origen una vez terminada la garantía del fabricante. Sin deducible.',
      exclusions: [],
    },
  ];
}
