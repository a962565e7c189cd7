import type { MessageDef, MessageOverrides } from './messages.ts';

/** Messages of the shop screens (see messages.ts for how the store resolves them). */
export const shopMessages = {} satisfies Record<string, MessageDef>;

export const shopOverrides: MessageOverrides = { cl: {}, pe: {} };
