import type { fulfilmentSteps } from '@andes/contract/inputs/notifications';

/**
 * The operator's logistics system (warehouse and carriers, ARCHITECTURE §5): a paid order is handed to
 * it, and it reports back, by a signed notification, each step of the fulfilment: picked and packed
 * (prepare), on its way (ship) or waiting at the store (ready_for_pickup), the money taken by the
 * courier or the store for an order paid on hand-over (collect_payment), and delivered.
 */
/** The header a notification's signature travels in. */
export const LOGISTICS_SIGNATURE_HEADER = 'x-logistics-signature';

export interface FulfilmentRequest {
  orderNumber: string;
  deliveryType: 'delivery' | 'storePickup';
  /** The store code or the address text, as the order shows it. */
  destination: string;
  lines: Array<{ itemId: string; quantity: number }>;
  /** For cash on delivery or in-store payment: what the courier or the store collects before handing the goods over. */
  collect: { amount: number; currency: string } | null;
  /** Our own path the system posts its status notifications to. */
  notifyUrl: string;
}

export type FulfilmentStep = (typeof fulfilmentSteps)[number];

export interface FulfilmentNotification {
  reference: string;
  orderNumber: string;
  step: FulfilmentStep;
}

/** The customer called the order off before it left the warehouse: the system must not fulfil it. */
export interface FulfilmentCancel {
  orderNumber: string;
  /** The system's reference, or null when the hand-over never went through (nothing to stop then, but it is told anyway). */
  reference: string | null;
}

export interface LogisticsPort {
  /** Hands the order over; answers the system's reference. Repeating it for one order answers the same reference. */
  submit(request: FulfilmentRequest): Promise<{ reference: string }>;
  /** Stops the order's fulfilment. Repeating it answers the same; throws when the system is unreachable or refuses. */
  cancel(request: FulfilmentCancel): Promise<void>;
  /** The notification of a genuine call (signature header and body), or null for anything else. */
  readNotification(signature: string | undefined, body: unknown): FulfilmentNotification | null;
}
