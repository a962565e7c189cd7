import { z } from 'zod';

/**
 * The signed notifications outside systems post to the shop (server to server, no page token). The
 * sandbox adapters read them with these schemas; a real provider's adapter maps its own format.
 */
export const cashCodeNotification = z.object({ cip: z.string().regex(/^\d{12}$/), status: z.literal('PAID'), amount: z.number().int().positive() });

export const deskStatuses = ['acknowledged', 'inProgress', 'pending', 'resolved', 'closed'] as const;
export const deskNotification = z.object({ ticketNumber: z.string().regex(/^TK-[A-Z]{2}-\d{7}$/), status: z.enum(deskStatuses) });

export const fulfilmentSteps = ['prepare', 'ship', 'ready_for_pickup', 'collect_payment', 'deliver'] as const;
export const fulfilmentNotification = z.object({
  reference: z.string().regex(/^LOG-[A-Z]{2}-\d{8}$/),
  orderNumber: z.string().regex(/^[A-Z]{2}-\d{8}$/),
  step: z.enum(fulfilmentSteps),
});
