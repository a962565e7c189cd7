import { randomInt } from 'node:crypto';
import type { Market } from '@andes/domain/market';
import type { ImeiRegistryPort } from './port.ts';

/**
 * Sandbox list (docs/sandbox.md): accepts every report and answers a receipt in the market's style;
 * an IMEI ending in 0000 stands for the list being down, so the page's error path can be tried.
 */
export function sandboxImeiRegistry(market: Market): ImeiRegistryPort {
  const prefix = market.site === 'pe' ? 'RT' : 'SB';
  return {
    async report({ imei }) {
      if (imei.endsWith('0000')) throw new Error('sandbox IMEI list unavailable');
      return { reference: `${prefix}-${String(randomInt(0, 100_000_000)).padStart(8, '0')}` };
    },
    async withdraw() {},
  };
}
