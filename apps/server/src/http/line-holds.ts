import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppError } from './errors.ts';

/** What a hold on a line may refuse: proving the line by SMS, and moving its money away. */
export type HeldAction = 'smsRecovery' | 'balanceTransfer';

/** A capability's reason to refuse `action` on a line now (its refusal), or null. */
export type LineHold = (phoneNumber: string, action: HeldAction, now: Date) => Promise<AppError | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Holds other capabilities register on a line's actions at build (the SIM change's cool-down:
     * flows/device-wiring.flow.ts), so password recovery and transfers ask without importing them.
     */
    lineHolds: LineHold[];
  }
}

export const lineHoldsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('lineHolds', []);
});

/** Refuses with the first hold's answer, if any hold refuses `action` on the line now. */
export async function assertNotHeld(app: FastifyInstance, phoneNumber: string, action: HeldAction, now = new Date()): Promise<void> {
  for (const hold of app.lineHolds) {
    const refusal = await hold(phoneNumber, action, now);
    if (refusal) throw refusal;
  }
}
