import type { StreetDirectoryPort } from './port.ts';
import { SANDBOX_STREETS } from './sandbox-streets.ts';

/** Lower case without accents, for matching what a customer types. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The sandbox directory: SANDBOX_STREETS, each area's names once, in alphabetical order. */
export function sandboxStreets(): StreetDirectoryPort {
  const byArea = new Map(Object.entries(SANDBOX_STREETS).map(([code, names]) => [code, [...new Set(names)].sort((a, b) => a.localeCompare(b, 'es'))]));
  return {
    async search(areaCode, query, limit) {
      const wanted = fold(query);
      return (byArea.get(areaCode) ?? []).filter((name) => fold(name).includes(wanted)).slice(0, limit);
    },
    async find(areaCode, street) {
      const wanted = fold(street);
      return (byArea.get(areaCode) ?? []).find((name) => fold(name) === wanted) ?? null;
    },
  };
}
