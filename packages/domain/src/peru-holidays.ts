/**
 * Peru's national public holidays (feriados nacionales, Ley 31788 and earlier) as data, for the
 * business-day counts of claims (DOMAIN.md "Claims in Peru"). Holy Thursday and Good Friday move with
 * Easter, so each year is listed; a year not listed has no calendar here and counting into it fails
 * rather than give a legal due date that skips an unknown holiday.
 */
const EVERY_YEAR = [
  '01-01', // Año Nuevo
  '05-01', // Día del Trabajo
  '06-07', // Batalla de Arica y Día de la Bandera
  '06-29', // San Pedro y San Pablo
  '07-23', // Día de la Fuerza Aérea del Perú
  '07-28', // Fiestas Patrias
  '07-29', // Fiestas Patrias
  '08-06', // Batalla de Junín
  '08-30', // Santa Rosa de Lima
  '10-08', // Combate de Angamos
  '11-01', // Todos los Santos
  '12-08', // Inmaculada Concepción
  '12-09', // Batalla de Ayacucho
  '12-25', // Navidad
] as const;

/** Holy Thursday and Good Friday of each year the calendar covers. */
const HOLY_WEEK: Record<number, readonly [string, string]> = {
  2025: ['04-17', '04-18'],
  2026: ['04-02', '04-03'],
  2027: ['03-25', '03-26'],
  2028: ['04-13', '04-14'],
  2029: ['03-29', '03-30'],
  2030: ['04-18', '04-19'],
};

export const HOLIDAY_YEARS = Object.keys(HOLY_WEEK).map(Number);

/** Every holiday of the covered years as `YYYY-MM-DD`. */
export const PERU_HOLIDAYS: ReadonlySet<string> = new Set(HOLIDAY_YEARS.flatMap((year) => [...EVERY_YEAR, ...HOLY_WEEK[year]!].map((day) => `${year}-${day}`)));
