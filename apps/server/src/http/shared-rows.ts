import type { Db } from '@andes/db/client';

/** As short-lived as the public answers made from these rows (catalogue.routes.ts PUBLIC): at most twice as stale together. */
const SHARED_MS = 5000;
/**
 * In a key's last second, the first answer that asks starts the next read and is still given the rows
 * it has: a key asked for all the time never expires, so no answer waits for the database (measured:
 * the answers waiting for each expiry were a page's 99th percentile at 20 connections).
 */
const REFRESH_AHEAD_MS = 1000;
/** Product ids come from the address: a bound, so made-up ones cannot grow the map without end. */
const MAX_ENTRIES = 1000;

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
  return (db: Db, key: K, read: () => Promise<V>): Promise<V> => {
    let entries = perDb.get(db);
    if (!entries) perDb.set(db, (entries = new Map()));
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      if (hit.expires - now <= REFRESH_AHEAD_MS && !hit.refreshing) refreshAhead(entries, key, hit, read);
      return hit.value;
    }
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    const value = read();
    entries.set(key, { value, expires: now + SHARED_MS });
    // a failed read is not kept: the next answer tries the database again
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/** The next rows replace the entry once read; a failed read leaves it to expire as it would have. */
function refreshAhead<K, V>(entries: Map<K, Entry<V>>, key: K, hit: Entry<V>, read: () => Promise<V>): void {
  hit.refreshing = true;
  const startedAt = Date.now();
  read().then(
    (rows) => {
      if (entries.get(key) !== hit) return;
      // to the end, so the keys dropped first at the bound are those read longest ago
      entries.delete(key);
      entries.set(key, { value: Promise.resolve(rows), expires: startedAt + SHARED_MS });
    },
    () => undefined,
  );
}
