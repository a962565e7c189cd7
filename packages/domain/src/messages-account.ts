import type { MessageDef, MessageOverrides } from './messages.ts';

/** Messages of the account screens (see messages.ts for how the store resolves them). */
export const accountMessages = {} satisfies Record<string, MessageDef>;

export const accountOverrides: MessageOverrides = { cl: {}, pe: {} };
