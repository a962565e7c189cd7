import { randomInt } from 'node:crypto';
import { iccidOf } from '@andes/domain/iccid';
import type { Market } from '@andes/domain/market';
import type { EsimPort } from './port.ts';

/** An EID whose body (before its two check digits) ends in these digits stands for the provider being down (docs/sandbox.md). */
export const SANDBOX_ESIM_DOWN_SUFFIX = '999999';

/** The sandbox SM-DP+ (docs/sandbox.md): a profile for every valid EID, with a market ICCID and a matching id. */
export function sandboxEsim(market: Market): EsimPort {
  return {
    async order({ eid }) {
      if (eid.slice(0, -2).endsWith(SANDBOX_ESIM_DOWN_SUFFIX)) throw new Error('sandbox eSIM provider unavailable');
      const iccid = iccidOf(market, String(randomInt(0, 2 ** 40)));
      const matching = `${market.site.toUpperCase()}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
      return { iccid, activationCode: `LPA:1$smdp.sandbox.andes.example$${matching}` };
    },
    async release() {},
  };
}
