import { sameSignature, signFields } from '../signature.ts';
import { fulfilmentNotification } from '@andes/contract/inputs/notifications';
import type { LogisticsPort } from './port.ts';

/** The signature the system puts on a notification (the sandbox's warehouse page signs with it too). */
export function sandboxLogisticsSignature(key: string, reference: string, orderNumber: string, step: string): string {
  return signFields(key, reference, orderNumber, step);
}

/**
 * The sandbox logistics system: accepts every order and names it by its number (so a repeated hand-over
 * answers the same reference), and every cancellation of an order it was given; its steps are driven
 * by hand at `POST /sandbox/logistics/advance`. `notifyKey` is the system's signing key (LOGISTICS_NOTIFY_KEY).
 */
export function sandboxLogistics(notifyKey: string): LogisticsPort {
  return {
    async submit(request) {
      if (!/^[A-Z]{2}-\d{8}$/.test(request.orderNumber) || !request.lines.length) throw new Error('logistics: malformed fulfilment request');
      if (request.collect && !(Number.isInteger(request.collect.amount) && request.collect.amount > 0))
        throw new Error('logistics: the amount to collect must be a positive number of minor units');
      return { reference: `LOG-${request.orderNumber}` };
    },
    async cancel(request) {
      // it names orders by their number, so a cancel is well formed only for that number's reference
      if (!/^[A-Z]{2}-\d{8}$/.test(request.orderNumber) || (request.reference !== null && request.reference !== `LOG-${request.orderNumber}`)) {
        throw new Error('logistics: malformed cancellation');
      }
    },
    readNotification(signature, body) {
      const parsed = fulfilmentNotification.safeParse(body);
      if (!parsed.success || !signature) return null;
      const { reference, orderNumber, step } = parsed.data;
      return sameSignature(signature, sandboxLogisticsSignature(notifyKey, reference, orderNumber, step)) ? parsed.data : null;
    },
  };
}
