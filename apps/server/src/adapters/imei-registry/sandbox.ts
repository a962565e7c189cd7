import { randomInt } from 'node:crypto';
import type { Market } from '@andes/domain/market';
import type { ImeiRegistryPort } from './port.ts';

/** An IMEI whose digits before the check digit end in 9999: the list fails its first withdrawal. */
const FAILS_FIRST_WITHDRAWAL = /9999\d$/;

/**
 * The references whose first withdrawal the list already failed. The list is one however many of our
 * apps ask it, so the apps of one process share it: the second try fails nowhere, whoever makes it.
 */
const refusedOnce = new Set<string>();

/**
 * Sandbox list (docs/sandbox.md): accepts every report and answers a receipt in the market's style;
 * an IMEI ending in 0000 stands for the list being down, so the page's error path can be tried. An
 * IMEI ending in 9999 and its check digit is taken off the list only at the second try, so an unblock
 * left waiting on the list (and its finishing later) can be tried too.
 */
export function sandboxImeiRegistry(market: Market): ImeiRegistryPort {
  const prefix = market.site === 'pe' ? 'RT' : 'SB';
  return {
    async report({ imei }) {
      if (imei.endsWith('0000')) throw new Error('sandbox IMEI list unavailable');
      return { reference: `${prefix}-${String(randomInt(0, 100_000_000)).padStart(8, '0')}` };
    },
    async withdraw({ reference, imei }) {
      if (FAILS_FIRST_WITHDRAWAL.test(imei) && !refusedOnce.has(reference)) {
        refusedOnce.add(reference);
        throw new Error('sandbox IMEI list unavailable for withdrawals');
      }
    },
  };
}
