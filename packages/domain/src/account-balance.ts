import type { Market } from './market.ts';

/**
 * Balance transfer between prepaid lines of the same operator: per-market limits in minor units
 * (Chile pesos, Peru céntimos). The keys are currencies so the rule follows the market's money.
 */
export interface TransferLimits {
  min: number;
  max: number;
  /** The balance the sending line must keep after the transfer. */
  keep: number;
}

const limits: Record<Market['currency'], TransferLimits> = {
  CLP: { min: 500, max: 20000, keep: 0 },
  PEN: { min: 100, max: 5000, keep: 0 },
};

export function transferLimits(market: Market): TransferLimits {
  return limits[market.currency];
}

export type TransferCheck =
  | { ok: true }
  | { ok: false; key: 'account.error.transfer.sameLine' | 'account.error.transfer.min' | 'account.error.transfer.max' | 'account.error.balance.short' };

/** Checks a transfer before it runs; the balance check runs again in the database update. */
export function checkTransfer(market: Market, input: { from: string; to: string; amount: number; balance: number }): TransferCheck {
  const l = transferLimits(market);
  if (input.from === input.to) return { ok: false, key: 'account.error.transfer.sameLine' };
  if (input.amount < l.min) return { ok: false, key: 'account.error.transfer.min' };
  if (input.amount > l.max) return { ok: false, key: 'account.error.transfer.max' };
  if (input.balance - input.amount < l.keep) return { ok: false, key: 'account.error.balance.short' };
  return { ok: true };
}

/** Parses an amount typed in major units ("1.500", "2,50") into minor units, or null. */
export function amountToMinor(market: Market, typed: string): number | null {
  const clean = typed.trim();
  if (market.currencyDecimals === 0) {
    if (!/^\d{1,3}(\.?\d{3})*$/.test(clean)) return null;
    return Number(clean.replace(/\./g, ''));
  }
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Top-up amounts offered (minor units), per currency. */
export const topupAmounts: Record<Market['currency'], readonly number[]> = {
  CLP: [1000, 2000, 3000, 5000, 10000, 20000],
  PEN: [300, 500, 1000, 2000, 3000, 5000],
};

export function isTopupAmount(market: Market, amount: number): boolean {
  return topupAmounts[market.currency].includes(amount);
}
