/**
 * The address system's street directory (ARCHITECTURE §5): the streets of a commune (Chile) or district
 * (Peru), by the area's code in the shop's geography (geo_areas level 3).
 */
export interface StreetDirectoryPort {
  /** Up to `limit` streets of the area whose name contains `query` (accents and case ignored), by name. */
  search(areaCode: string, query: string, limit: number): Promise<string[]>;
  /** The street's name as the directory spells it, or null when the area has no such street. */
  find(areaCode: string, street: string): Promise<string | null>;
}
