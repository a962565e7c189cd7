import { eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { passwordTokens } = schema;
export type PasswordToken = typeof passwordTokens.$inferSelect;

export async function insertToken(db: Db, row: typeof passwordTokens.$inferInsert): Promise<void> {
  await db.insert(passwordTokens).values(row);
}

export async function findToken(db: Db, id: string): Promise<PasswordToken | undefined> {
  const [row] = await db.select().from(passwordTokens).where(eq(passwordTokens.id, id));
  return row;
}

export async function updateToken(db: Db, id: string, set: Partial<typeof passwordTokens.$inferInsert>): Promise<void> {
  await db.update(passwordTokens).set(set).where(eq(passwordTokens.id, id));
}
