/** Phones compared side by side at most (issue 36): three columns still fit a phone's screen. */
export const COMPARE_MAX = 3;

/** The comparison page: its phones in the address (`?ids=A,B,C` or `?ids=A&ids=B`), so it can be shared. */
export const COMPARE_PATH = '/personas/comparar';

/** The list's "Comparar" checkboxes share this name, so the page address may repeat it (input-boundary.ts). */
export const compareListFields: readonly string[] = ['ids'];

const PRODUCT_ID = /^[A-Za-z0-9_-]{1,120}$/;

/**
 * The phones a comparison asks for: each well-formed id once, in the order given. `extra` says how
 * many were dropped beyond COMPARE_MAX (the page says so); malformed ids are ignored.
 */
export function compareIds(values: ReadonlyArray<string>): { ids: string[]; extra: number } {
  const all = [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => PRODUCT_ID.test(v)),
    ),
  ];
  return { ids: all.slice(0, COMPARE_MAX), extra: Math.max(0, all.length - COMPARE_MAX) };
}

/** The comparison page of these phones. */
export function compareHref(ids: ReadonlyArray<string>): string {
  return ids.length ? `${COMPARE_PATH}?ids=${ids.map(encodeURIComponent).join(',')}` : COMPARE_PATH;
}

/** The rows of the comparison, as the product's specs name them (seed: catalogue/types.ts phoneSpecs). */
export const COMPARE_SPECS = ['pantalla', 'cámara trasera', 'batería', 'memoria', 'red'] as const;
export type CompareSpec = (typeof COMPARE_SPECS)[number];
