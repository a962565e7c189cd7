import { randomBytes } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { daySlots, isOpen, localParts, nextDay, nextOpening } from '@andes/domain/callback';
import { ContactCentreUnavailable, type ContactCentrePort } from './port.ts';

/** docs/sandbox.md: a call to this number finds every agent busy (failure `busy`). */
export const SANDBOX_CALL_BUSY_NUMBER = '934629990';
/** docs/sandbox.md: a call to this number finds the contact centre unreachable (failure `unavailable`). */
export const SANDBOX_CALL_DOWN_NUMBER = '934629991';
/** docs/sandbox.md: a call to this number is always queued as outside opening hours (pending), at any time. */
export const SANDBOX_CALL_PENDING_NUMBER = '934629992';

const { sandboxContactBookings } = schema;
const reference = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The sandbox contact centre: opening hours per market (packages/domain/src/callback.ts), a calendar
 * of 30-minute slots whose bookings live in `sandbox_contact_bookings` (a slot is booked once: its
 * primary key), and the magic numbers above.
 */
export function sandboxContactCentre(db: Db, market: Market): ContactCentrePort {
  const site = market.site;
  return {
    async requestCall(call, now) {
      if (call.phoneNumber === SANDBOX_CALL_DOWN_NUMBER) throw new ContactCentreUnavailable('contact centre: unreachable');
      if (call.phoneNumber === SANDBOX_CALL_BUSY_NUMBER) return { outcome: 'failure', reason: 'busy' };
      if (call.phoneNumber === SANDBOX_CALL_PENDING_NUMBER || !isOpen(site, now))
        return { outcome: 'pending', reference: reference('CB'), callAt: isOpen(site, now) ? now : nextOpening(site, now) };
      return { outcome: 'success', reference: reference('CB') };
    },
    async freeSlots(from, to, now) {
      const zone = market.timeZone;
      const booked = await db
        .select({ slotAt: sandboxContactBookings.slotAt })
        .from(sandboxContactBookings)
        .where(and(gte(sandboxContactBookings.slotAt, from), lt(sandboxContactBookings.slotAt, to)));
      const taken = new Set(booked.map((b) => b.slotAt.getTime()));
      const slots: Date[] = [];
      for (let day = localParts(from, zone).day; day <= localParts(to, zone).day; day = nextDay(day)) {
        for (const slot of daySlots(site, day)) {
          if (slot >= from && slot < to && slot > now && !taken.has(slot.getTime())) slots.push(slot);
        }
      }
      return slots;
    },
    async book(slot, _phoneNumber, now) {
      const ref = reference('AP');
      const [row] = await db
        .insert(sandboxContactBookings)
        .values({ slotAt: slot, reference: ref, bookedAt: now })
        .onConflictDoNothing()
        .returning({ reference: sandboxContactBookings.reference });
      return row?.reference ?? null;
    },
    async release(slot, ref) {
      await db.delete(sandboxContactBookings).where(and(eq(sandboxContactBookings.slotAt, slot), eq(sandboxContactBookings.reference, ref)));
    },
  };
}
