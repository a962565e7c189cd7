import type { Db } from '@andes/db/client';

/**
 * In a key's last second (or last fifth, if it lives less than 5 s), the first answer that asks starts
 * the next read and is still given the rows it has: a key asked for all the time never expires, so no
 * answer waits for the database (measured: the answers waiting for each expiry were a page's 99th
 * percentile at 20 connections).
 */
const REFRESH_AHEAD_MS = 1000;
/** Product ids come from the address: a bound, so made-up ones cannot grow the map without end. */
const MAX_ENTRIES = 1000;

/**
 * Whose rows: an app's database, and how long its processes share them (PUBLIC_ROWS_SECONDS, 5 by
 * default: as long as the public answers made from them live, catalogue.routes.ts PUBLIC, so an answer
 * is at most PUBLIC_ROWS_SECONDS + 5 s stale; 0 reads them for every answer).
 */
export interface RowsOwner {
  db: Db;
  config: { publicRowsSeconds: number };
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  refreshing?: boolean;
}

/**
 * Rows every visitor sees (the catalogue, the plan selector), read once every few seconds per process
 * rather than on each answer the response cache misses (every filter, sort and page of a list is its own
 * address) or on each page that lists them; concurrent misses share one read (docs/decisions/010). Only
 * public answers use it: the cart and the checkout read price and stock fresh.
 */
export function sharedRows<K, V>() {
  const perDb = new WeakMap<Db, Map<K, Entry<V>>>();
  return ({ db, config }: RowsOwner, key: K, read: () => Promise<V>): Promise<V> => {
    const sharedMs = config.publicRowsSeconds * 1000;
    if (!sharedMs) return read();
    let entries = perDb.get(db);
    if (!entries) perDb.set(db, (entries = new Map()));
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      if (hit.expires - now <= Math.min(REFRESH_AHEAD_MS, sharedMs / 5) && !hit.refreshing) refreshAhead(entries, key, hit, read, sharedMs);
      return hit.value;
    }
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    const value = read();
    entries.set(key, { value, expires: now + sharedMs });
    // a failed read is not kept: the next answer tries the database again
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/** The next rows replace the entry once read; a failed read leaves it to expire as it would have. */
function refreshAhead<K, V>(entries: Map<K, Entry<V>>, key: K, hit: Entry<V>, read: () => Promise<V>, sharedMs: number): void {
  hit.refreshing = true;
  const startedAt = Date.now();
  read().then(
    (rows) => {
      if (entries.get(key) !== hit) return;
      // to the end, so the keys dropped first at the bound are those read longest ago
      entries.delete(key);
      entries.set(key, { value: Promise.resolve(rows), expires: startedAt + sharedMs });
    },
    () => undefined,
  );
}
