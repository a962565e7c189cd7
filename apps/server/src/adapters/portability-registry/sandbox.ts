import type { Market } from '@andes/domain/market';
import type { PortabilityRejectReason } from '@andes/domain/portability';
import { nextPortWindow } from '@andes/domain/delivery-promise';
import type { PortabilityRegistryPort, RegistryAnswer } from './port.ts';

/**
 * The sandbox answers by the last digit of the number to port (docs/sandbox.md), so tests and
 * demos can choose the outcome; a request under review stays under review.
 */
export const SANDBOX_REGISTRY_DIGITS: Readonly<Record<string, RegistryAnswer['status']>> = { '7': 'rejected', '8': 'rejected', '9': 'in_progress' };
const REJECT_REASONS: Readonly<Record<string, PortabilityRejectReason>> = { '7': 'debt', '8': 'document_mismatch' };
const REFERENCE = /^SBX-(\d{9})$/;

function answerFor(market: Market, phoneNumber: string, now: Date): RegistryAnswer {
  const reference = `SBX-${phoneNumber}`;
  const digit = phoneNumber.slice(-1);
  const status = SANDBOX_REGISTRY_DIGITS[digit] ?? 'accepted';
  if (status === 'rejected') return { status, reference, reason: REJECT_REASONS[digit]! };
  if (status === 'in_progress') return { status, reference };
  return { status: 'accepted', reference, scheduledFor: nextPortWindow(market, now) };
}

/** A number ending in 6 is accepted after this wait, so the screens' wait state can be seen and tested. */
export const SANDBOX_SLOW_DIGIT = '6';
export const SANDBOX_SLOW_MS = 3000;

export function sandboxPortabilityRegistry(market: Market): PortabilityRegistryPort {
  return {
    async request(check) {
      if (check.phoneNumber.endsWith(SANDBOX_SLOW_DIGIT)) await new Promise((r) => setTimeout(r, SANDBOX_SLOW_MS));
      return answerFor(market, check.phoneNumber, new Date());
    },
    async status(reference) {
      const phone = REFERENCE.exec(reference)?.[1];
      if (!phone) throw new Error('registry: unknown reference');
      return answerFor(market, phone, new Date());
    },
  };
}
