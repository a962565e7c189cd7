import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FulfilmentStep, LogisticsPort } from './port.ts';

/** The sandbox logistics system's signing key (docs/sandbox.md): notifications are HMAC-SHA256 signed with it. */
const SANDBOX_LOGISTICS_KEY = 'sandbox-logistics-key';

const STEPS = ['prepare', 'ship', 'ready_for_pickup', 'collect_payment', 'deliver'] as const satisfies ReadonlyArray<FulfilmentStep>;
const notification = z.object({ reference: z.string().regex(/^LOG-[A-Z]{2}-\d{8}$/), orderNumber: z.string().regex(/^[A-Z]{2}-\d{8}$/), step: z.enum(STEPS) });

/** The signature the sandbox system puts on a notification (the sandbox's warehouse page uses it). */
export function sandboxLogisticsSignature(reference: string, orderNumber: string, step: string): string {
  return createHmac('sha256', SANDBOX_LOGISTICS_KEY).update(`${reference}|${orderNumber}|${step}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The sandbox logistics system: accepts every order and names it by its number (so a repeated hand-over
 * answers the same reference), and every cancellation of an order it was given; its steps are driven
 * by hand at `POST /sandbox/logistics/advance`.
 */
export function sandboxLogistics(): LogisticsPort {
  return {
    async submit(request) {
      if (!/^[A-Z]{2}-\d{8}$/.test(request.orderNumber) || !request.lines.length) throw new Error('logistics: malformed fulfilment request');
      if (request.collect && !(Number.isInteger(request.collect.amount) && request.collect.amount > 0)) throw new Error('logistics: the amount to collect must be a positive number of minor units');
      return { reference: `LOG-${request.orderNumber}` };
    },
    async cancel(request) {
      // it names orders by their number, so a cancel is well formed only for that number's reference
      if (!/^[A-Z]{2}-\d{8}$/.test(request.orderNumber) || (request.reference !== null && request.reference !== `LOG-${request.orderNumber}`)) {
        throw new Error('logistics: malformed cancellation');
      }
    },
    readNotification(signature, body) {
      const parsed = notification.safeParse(body);
      if (!parsed.success || !signature) return null;
      const { reference, orderNumber, step } = parsed.data;
      return sameText(signature, sandboxLogisticsSignature(reference, orderNumber, step)) ? parsed.data : null;
    },
  };
}
