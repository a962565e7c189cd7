import type { Db } from '@andes/db/client';

/** As short-lived as the public answers made from these rows (routes.ts PUBLIC): at most twice as stale together. */
const SHARED_MS = 5000;
/** Product ids come from the address: a bound, so made-up ones cannot grow the map without end. */
const MAX_ENTRIES = 1000;

/**
 * Catalogue rows every visitor sees, read once every few seconds per process rather than on each answer
 * the response cache misses (every filter, sort and page of a list is its own address); concurrent
 * misses share one read (docs/decisions/010). Only public catalogue answers use it: the cart and the
 * checkout read price and stock fresh.
 */
export function sharedRows<K, V>() {
  const perDb = new WeakMap<Db, Map<K, { value: Promise<V>; expires: number }>>();
  return (db: Db, key: K, read: () => Promise<V>): Promise<V> => {
    let entries = perDb.get(db);
    if (!entries) perDb.set(db, (entries = new Map()));
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
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
