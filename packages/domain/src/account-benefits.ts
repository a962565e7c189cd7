import { z } from 'zod';
import { formatCount } from './money.ts';

/** Bonus redemption (canje-bonos): one offer per request, once per idempotency key. */
export const bonusRedemptionInput = z.object({
  offerId: z.string().min(1, 'account.error.bonus.offer'),
  idempotencyKey: z.string().regex(/^[\w-]{8,64}$/, 'account.error.idempotency'),
});

export type PointsEntry = { kind: string; points: number; createdAt: Date | string };

/**
 * Earned, redeemed and expired totals of a points history (redeemed and expired as positive numbers).
 * Points a cancelled purchase gave back (`returned`) were not spent after all: they come off redeemed.
 */
export function pointsTotals(history: ReadonlyArray<PointsEntry>) {
  const sum = (kind: string) => history.filter((h) => h.kind === kind).reduce((s, h) => s + Math.abs(h.points), 0);
  return { earned: sum('earned'), redeemed: sum('redeemed') - sum('returned'), expired: sum('expired') };
}

/** Kinds of points movement that give the line points; the others (redeemed, expired) take them. */
const ADDING = new Set(['earned', 'returned']);

/**
 * A points movement as the screens show it, signed by its kind whatever sign its number carries (the
 * history stores spent points negative, the redemptions list answers them as amounts): `+1.200` earned
 * or given back by a cancelled purchase, `−400` redeemed or expired. Grouped like the market's money.
 */
export function formatPointsMovement(entry: { kind: string; points: number }, currency: 'CLP' | 'PEN'): string {
  if (entry.points === 0) return '0';
  return `${ADDING.has(entry.kind) ? '+' : '−'}${formatCount(Math.abs(entry.points), currency)}`;
}

/** The earned, redeemed and expired totals (`pointsTotals`) signed and grouped like the movements they add up. */
export function formatPointsTotals(totals: { earned: number; redeemed: number; expired: number }, currency: 'CLP' | 'PEN') {
  return {
    earned: formatPointsMovement({ kind: 'earned', points: totals.earned }, currency),
    redeemed: formatPointsMovement({ kind: 'redeemed', points: totals.redeemed }, currency),
    expired: formatPointsMovement({ kind: 'expired', points: totals.expired }, currency),
  };
}
