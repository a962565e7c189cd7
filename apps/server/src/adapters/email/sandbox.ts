import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { EmailPort } from './port.ts';

/** Keeps every e-mail in the outbox table (channel `email`), readable at /sandbox/outbox (docs/sandbox.md). */
export function sandboxEmail(db: Db): EmailPort {
  return {
    async send({ to, subject, body, attachment }) {
      await db.insert(schema.outbox).values({
        channel: 'email',
        recipient: to,
        subject,
        body,
        attachmentName: attachment?.name ?? null,
        attachment: attachment?.content.toString('base64') ?? null,
      });
    },
  };
}
