import type { FastifyInstance } from 'fastify';
import { personalDataInput } from '@andes/domain/account-inputs';
import { formatRut } from '@andes/domain/rut';
import { AppError, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { defaultChannels, needsAChannel, notificationKinds, preferencesInput, type Preferences } from '@andes/domain/account-preferences';
import { contactOf, listNotifications, markNotificationRead, updateContact } from './customer.repo.ts';
import { savePreferences, storedPreferences } from './preferences.repo.ts';

/**
 * The signed-in customer's own contact details, answered and changed at `/restpp/order/customer/info`
 * (the cart module hands signed-in calls here; a guest's calls there are the checkout buyer). The
 * `name` and `phoneNumber` fields keep the checkout's buyer shape for the delivery step.
 */
export async function contactView(app: FastifyInstance, customerId: number) {
  const c = await contactOf(app.db, customerId);
  if (!c) throw notFound();
  const document = app.market.document.kind === 'rut' ? formatRut(c.document) : c.document;
  const contactPhone = c.contactPhone ?? '';
  return {
    document,
    documentKind: app.market.document.kind,
    firstName: c.firstName,
    lastName: c.lastName,
    name: `${c.firstName} ${c.lastName}`,
    email: c.email,
    contactPhone,
    phoneNumber: contactPhone,
  };
}

/** Validates per field and saves; the RUT/DNI cannot change here, and a refused change saves nothing. */
export async function changeContact(app: FastifyInstance, customerId: number, body: unknown) {
  const values = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const current = await contactView(app, customerId);
  if (values.document !== undefined && String(values.document) !== current.document) {
    const params = { label: app.market.document.label };
    throw new AppError('account.error.document.readonly', 400, { params, fieldErrors: { document: ['account.error.document.readonly'] } });
  }
  const input = parseInput(personalDataInput, values);
  await updateContact(app.db, customerId, input);
  return contactView(app, customerId);
}

/** The customer's notices, newest first, with how many are unread. */
export async function notificationsOf(app: FastifyInstance, customerId: number) {
  const list = await listNotifications(app.db, customerId);
  return { notifications: list, unread: list.filter((n) => n.readAt === null).length };
}

/** Marks one of the customer's notices read; another customer's notice is refused with no data. */
export async function readNotification(app: FastifyInstance, customerId: number, id: number) {
  const readAt = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await markNotificationRead(app.db, customerId, id) : undefined;
  if (!readAt) throw new AppError('pp.error.asset.forbidden', 403);
  return { id, readAt };
}

/** The kinds a customer may not silence (at least one channel each). */
export const requiredNotices = notificationKinds.filter(needsAChannel);

/** Every kind's channels: the customer's choice where they made one, the default otherwise. */
export async function preferencesOf(app: FastifyInstance, customerId: number): Promise<Preferences> {
  const stored = new Map((await storedPreferences(app.db, customerId)).map((p) => [p.kind, p]));
  return Object.fromEntries(
    notificationKinds.map((kind) => {
      const s = stored.get(kind);
      return [kind, s ? { email: s.email, sms: s.sms, push: s.push } : defaultChannels(kind)];
    }),
  ) as Preferences;
}

/** Saves the whole set at once (validated first: a required notice without channels saves nothing). */
export async function changePreferences(app: FastifyInstance, customerId: number, body: unknown) {
  const input = parseInput(preferencesInput, body);
  await savePreferences(
    app.db,
    customerId,
    notificationKinds.map((k) => [k, input[k]]),
  );
  return preferencesOf(app, customerId);
}
