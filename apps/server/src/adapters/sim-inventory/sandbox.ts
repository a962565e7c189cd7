import { iccidOf } from '@andes/domain/iccid';
import { getMarket, type SiteId } from '@andes/domain/market';
import type { ChipRecord, SimInventoryPort } from './port.ts';

/**
 * The sandbox stock (docs/sandbox.md "SIM activation"): per market, chips by serial range. Their ICCIDs
 * are `iccidOf(market, serial)`: 89, the country code (56 Chile, 51 Peru), issuer 07, the 13-digit serial,
 * the Luhn digit. Serials:
 *   1000000000001–1000000000060  plan chips, sold (ready to activate)
 *   1000000000101–1000000000120  prepaid chips, sold
 *   1000000000201–1000000000205  already active
 *   1000000000301–1000000000305  reported lost
 *   1000000000999                the stock is unreachable (simulated outage)
 * Any other ICCID with a right check digit is unknown to the stock.
 */
export const SANDBOX_CHIP_RANGES: ReadonlyArray<{ from: number; to: number; kind: ChipRecord['kind']; status: ChipRecord['status'] }> = [
  { from: 1, to: 60, kind: 'plan', status: 'sold' },
  { from: 101, to: 120, kind: 'prepaid', status: 'sold' },
  { from: 201, to: 205, kind: 'plan', status: 'active' },
  { from: 301, to: 305, kind: 'plan', status: 'lost' },
];
const SERIAL_BASE = 1_000_000_000_000;
export const SANDBOX_CHIP_DOWN = 999;

/** The sandbox chip of a market with this small serial (1 → 1000000000001). */
export function sandboxIccid(site: SiteId, n: number): string {
  return iccidOf(getMarket(site), String(SERIAL_BASE + n));
}

function recordOf(iccid: string): (ChipRecord & { n: number }) | null {
  for (const site of ['cl', 'pe'] as const) {
    const prefix = `89${getMarket(site).phonePrefix}07`;
    if (!iccid.startsWith(prefix)) continue;
    const serial = Number(iccid.slice(prefix.length, -1));
    const n = serial - SERIAL_BASE;
    if (n === SANDBOX_CHIP_DOWN) return { market: site, kind: 'plan', status: 'sold', n };
    const range = SANDBOX_CHIP_RANGES.find((r) => n >= r.from && n <= r.to);
    if (range && sandboxIccid(site, n) === iccid) return { market: site, kind: range.kind, status: range.status, n };
  }
  return null;
}

export function sandboxSimInventory(): SimInventoryPort {
  return {
    async chip(iccid) {
      const found = recordOf(iccid);
      if (found?.n === SANDBOX_CHIP_DOWN) throw new Error('sim inventory: unreachable (sandbox outage chip)');
      if (!found) return null;
      return { market: found.market, kind: found.kind, status: found.status };
    },
    // the sandbox's stock is fixed: a chip's line in the shop's own tables is what makes it active here
    async activated() {},
  };
}
