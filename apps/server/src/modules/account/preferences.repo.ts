import { eq, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { ChannelChoice, NotificationKind } from '@andes/domain/account-preferences';

const { notificationPreferences: prefs } = schema;

export async function storedPreferences(db: Db, customerId: number) {
  return db.select({ kind: prefs.kind, email: prefs.email, sms: prefs.sms, push: prefs.push }).from(prefs).where(eq(prefs.customerId, customerId));
}

/** Saves every kind at once, in one transaction: a failure keeps the previous choices. */
export async function savePreferences(db: Db, customerId: number, choices: Array<[NotificationKind, ChannelChoice]>) {
  await db.transaction(async (tx) => {
    for (const [kind, c] of choices) {
      await tx
        .insert(prefs)
        .values({ customerId, kind, ...c, updatedAt: new Date() })
        .onConflictDoUpdate({ target: [prefs.customerId, prefs.kind], set: { email: c.email, sms: c.sms, push: c.push, updatedAt: sql`now()` } });
    }
  });
}
