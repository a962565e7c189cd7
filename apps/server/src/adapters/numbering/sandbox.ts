import type { Market } from '@andes/domain/market';
import type { NumberingPort } from './port.ts';

/** The sandbox block's size: enough for parallel journeys, small enough to run dry in a test. */
const POOL_SIZE = 200;

/**
 * Sandbox numbering (docs/sandbox.md): a block of 200 numbers per market, 945000000–945000199 in
 * Chile and 956000000–956000199 in Peru, offered in order.
 */
export function sandboxNumbering(market: Market): NumberingPort {
  const base = market.site === 'pe' ? 956_000_000 : 945_000_000;
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => String(base + i));
  return {
    async free(count, skip) {
      return pool.filter((n) => !skip.has(n)).slice(0, count);
    },
  };
}
