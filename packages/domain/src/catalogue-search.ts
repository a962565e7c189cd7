/** What the catalogue search finds: the three product kinds of the catalogue and the plans. */
export type SearchKind = 'phone' | 'accessory' | 'refurbished' | 'plan';
export const searchKinds: ReadonlyArray<SearchKind> = ['phone', 'accessory', 'refurbished', 'plan'];

/** Longest query read; the rest of a longer one is ignored, never refused (a pasted paragraph still searches). */
export const SEARCH_QUERY_MAX = 80;
/** Results of one answer: a results page shows them all, the header's suggestions the first few. */
export const SEARCH_LIMIT_MAX = 48;
export const SEARCH_SUGGESTIONS = 6;

/**
 * The query as searched: trimmed, spaces collapsed, cut at SEARCH_QUERY_MAX, control characters
 * dropped. Empty when nothing searchable is left (an empty answer, not an error).
 */
export function searchText(raw: string): string {
  const text = raw
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_QUERY_MAX)
    .trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

/** The results page (server-rendered, works without JavaScript). */
export const SEARCH_PATH = '/personas/buscar';

/** The results page's address for a query, narrowed to a kind or not. */
export function searchHref(q: string, kind: SearchKind | null): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set('kind', kind);
  return `${SEARCH_PATH}?${params}`;
}
