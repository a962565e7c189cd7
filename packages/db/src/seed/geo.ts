import { readFileSync } from 'node:fs';
import type { Market } from '@andes/domain/market';
import { dbFilePath } from '../files.ts';

/** A geo_areas row: level 1 region/department, 2 province, 3 commune/district. */
export interface GeoArea {
  code: string;
  level: number;
  name: string;
  parentCode: string | null;
}

/** Everything the seed needs about one market's geography. */
export interface Geography {
  areas: GeoArea[];
  /** Level-3 lookup: `${level1Name}|${level2Name}|${level3Name}` (Peru) or `${level1Name}|${level3Name}` (Chile). */
  findArea(path: string[]): { level1: GeoArea; level3: GeoArea };
}

function readCsv(file: string): string[][] {
  const text = readFileSync(dbFilePath(`data/${file}`), 'utf8');
  const [, ...rows] = text.split(/\r?\n/).filter((line) => line.trim().length > 0);
  // The reference files have no quoted fields (checked): a plain split is enough.
  return rows.map((line) => line.split(','));
}

function chileAreas(): GeoArea[] {
  const areas = new Map<string, GeoArea>();
  for (const [regionCode, regionName, provinceCode, provinceName, communeCode, communeName] of readCsv('cl-comunas.csv')) {
    if (!areas.has(regionCode)) areas.set(regionCode, { code: regionCode, level: 1, name: regionName, parentCode: null });
    if (!areas.has(provinceCode)) {
      areas.set(provinceCode, { code: provinceCode, level: 2, name: provinceName, parentCode: regionCode });
    }
    areas.set(communeCode, { code: communeCode, level: 3, name: communeName, parentCode: provinceCode });
  }
  return [...areas.values()];
}

/**
 * The reference file has one district without an INEI code (San Antonio, Mariscal Nieto, Moquegua:
 * ubigeo_inei 'NA', created after the INEI table): it gets the next free code in its province
 * (180107), found from the province's other districts.
 */
function peruRows(): Array<{ ubigeo: string; department: string; province: string; district: string }> {
  const names = readCsv('pe-ubigeo-names.csv');
  const rows = readCsv('pe-ubigeo.csv').map(([ubigeo], i) => {
    // pe-ubigeo-names.csv has one row per row of pe-ubigeo.csv, in the same order: the names as Peruvians write them.
    const [namesUbigeo, department, province, district] = names[i] ?? [];
    if (namesUbigeo !== ubigeo) throw new Error(`geo: pe-ubigeo-names.csv row ${i + 1} is ${namesUbigeo}, expected ${ubigeo}`);
    return { ubigeo, department, province, district };
  });
  const provinceCodes = new Map<string, string>();
  const used = new Set<string>();
  for (const r of rows) {
    if (!/^\d{6}$/.test(r.ubigeo)) continue;
    provinceCodes.set(`${r.department}|${r.province}`, r.ubigeo.slice(0, 4));
    used.add(r.ubigeo);
  }
  for (const r of rows) {
    if (/^\d{6}$/.test(r.ubigeo)) continue;
    const province = provinceCodes.get(`${r.department}|${r.province}`);
    if (!province) throw new Error(`geo: district ${r.district} has no code and no known province`);
    let n = 1;
    while (used.has(`${province}${String(n).padStart(2, '0')}`)) n++;
    r.ubigeo = `${province}${String(n).padStart(2, '0')}`;
    used.add(r.ubigeo);
  }
  return rows;
}

function peruAreas(): GeoArea[] {
  const areas = new Map<string, GeoArea>();
  for (const { ubigeo, department, province, district } of peruRows()) {
    const dep = ubigeo.slice(0, 2);
    const prov = ubigeo.slice(0, 4);
    if (!areas.has(dep)) areas.set(dep, { code: dep, level: 1, name: department, parentCode: null });
    if (!areas.has(prov)) areas.set(prov, { code: prov, level: 2, name: province, parentCode: dep });
    areas.set(ubigeo, { code: ubigeo, level: 3, name: district, parentCode: prov });
  }
  return [...areas.values()];
}

const cache = new Map<string, Geography>();

/** Loads the market's geography from the reference CSV files (cached per site). */
export function loadGeography(market: Market): Geography {
  const cached = cache.get(market.site);
  if (cached) return cached;
  const areas = market.site === 'cl' ? chileAreas() : peruAreas();
  const byCode = new Map(areas.map((a) => [a.code, a]));
  const key = (name: string) =>
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const index = new Map<string, GeoArea>();
  for (const area of areas) {
    if (area.level !== 3) continue;
    const province = byCode.get(area.parentCode ?? '');
    const level1 = byCode.get(province?.parentCode ?? '');
    if (!province || !level1) throw new Error(`geo: ${area.code} has no parent chain`);
    const path = market.site === 'cl' ? [level1.name, area.name] : [level1.name, province.name, area.name];
    index.set(path.map(key).join('|'), area);
  }
  const geography: Geography = {
    areas,
    findArea(path) {
      const level3 = index.get(path.map(key).join('|'));
      if (!level3) throw new Error(`geo: no ${market.geography.level3} ${path.join(' / ')} in the reference data`);
      const province = byCode.get(level3.parentCode ?? '')!;
      return { level1: byCode.get(province.parentCode ?? '')!, level3 };
    },
  };
  cache.set(market.site, geography);
  return geography;
}
