import { foldForSearch as fold, spanishCollator } from '@andes/domain/spanish-order';
import type { StreetDirectoryPort } from './port.ts';
import { SANDBOX_STREETS } from './sandbox-streets.ts';

/** The sandbox directory: SANDBOX_STREETS, each area's names once, in alphabetical order. */
export function sandboxStreets(): StreetDirectoryPort {
  const byArea = new Map(Object.entries(SANDBOX_STREETS).map(([code, names]) => [code, [...new Set(names)].sort(spanishCollator.compare)]));
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
