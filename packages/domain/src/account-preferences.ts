import { z } from 'zod';

/**
 * Notification preferences: the channels a customer wants for each kind of notice. Bill and
 * security notices must keep at least one channel (the customer has to hear about a due bill or a
 * new sign-in); the others may be switched off entirely.
 */
export const notificationKinds = ['bills', 'security', 'balance', 'bags', 'points', 'promotions'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationChannels = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;

const required: ReadonlySet<NotificationKind> = new Set(['bills', 'security']);

export function needsAChannel(kind: NotificationKind): boolean {
  return required.has(kind);
}

/** What a customer gets before choosing: every required notice by email and SMS, the rest by email. */
export function defaultChannels(kind: NotificationKind): ChannelChoice {
  return { email: true, sms: needsAChannel(kind), push: false };
}

const choice = z.object({ email: z.boolean('validation.required'), sms: z.boolean('validation.required'), push: z.boolean('validation.required') });

const someChannel = (c: ChannelChoice) => c.email || c.sms || c.push;

/** The whole set of preferences, one entry per kind; field errors are keyed by kind. */
export const preferencesInput = z.object(
  Object.fromEntries(
    notificationKinds.map((k) => [k, needsAChannel(k) ? choice.refine(someChannel, 'account.validation.preferences.required') : choice]),
  ) as Record<NotificationKind, typeof choice>,
);
export type Preferences = z.infer<typeof preferencesInput>;
