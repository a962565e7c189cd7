/**
 * Mobile coverage over the real geography (Chile's INE codes, Peru's INEI ubigeo): the rule the
 * sandbox coverage system applies. Every commune (district) of a metropolitan area has 5G; the
 * capital commune of every province has 4G (its code is the province code followed by "01", in both
 * codings: 13101 Santiago in province 131, 150101 Lima in province 1501); elsewhere there is none.
 */
export type Technology = '5G' | '4G';

export interface CoverageArea {
  regionCode: string;
  provinceCode: string;
  communeCode: string;
}

export interface CoverageAnswer {
  covered: boolean;
  technology: Technology | null;
}

/** `metroAreas` holds region or province codes whose every commune is covered. */
export function coverageOf(area: CoverageArea, metroAreas: ReadonlyArray<string>): CoverageAnswer {
  if (metroAreas.includes(area.regionCode) || metroAreas.includes(area.provinceCode)) return { covered: true, technology: '5G' };
  if (area.communeCode === `${area.provinceCode}01`) return { covered: true, technology: '4G' };
  return { covered: false, technology: null };
}

/** Lines that are activated at the customer's address (a plan or a SIM) need coverage there before payment. */
export function cartNeedsCoverage(lines: ReadonlyArray<{ type: string }>): boolean {
  return lines.some((l) => l.type === 'plan');
}
