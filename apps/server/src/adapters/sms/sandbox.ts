import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { SmsPort } from './port.ts';

/** Keeps every SMS in the outbox table, readable at /sandbox/outbox (docs/sandbox.md). */
export function sandboxSms(db: Db): SmsPort {
  return {
    async send(phoneNumber, body) {
      await db.insert(schema.outbox).values({ channel: 'sms', recipient: phoneNumber, body });
    },
  };
}
