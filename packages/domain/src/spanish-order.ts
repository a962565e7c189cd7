/** One collator for every comparison (localeCompare with a locale builds one per call). Ñ sorts after N. */
export const spanishCollator = new Intl.Collator('es');

/** A copy sorted by name as Spanish speakers list it (accents ignored, Ñ after N). */
export function sortBySpanishName<T extends { name: string }>(items: ReadonlyArray<T>): T[] {
  return [...items].sort((a, b) => spanishCollator.compare(a.name, b.name));
}

/**
 * Top-level areas as the market lists them: by `order` (codes, e.g. Chile's regions north to
 * south) when the market has one, alphabetically otherwise; codes missing from `order` go last.
 */
export function sortAreas<T extends { code: string; name: string }>(areas: ReadonlyArray<T>, order: ReadonlyArray<string> | null): T[] {
  if (!order) return sortBySpanishName(areas);
  const rank = (code: string) => {
    const i = order.indexOf(code);
    return i === -1 ? order.length : i;
  };
  return [...areas].sort((a, b) => rank(a.code) - rank(b.code) || spanishCollator.compare(a.name, b.name));
}

/** Lower case without accents or repeated spaces, for matching what a customer types ('junin' finds Junín). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
