import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature the outside systems put on their notifications to the shop (docs/sandbox.md):
 * HMAC-SHA256 in hex over the fields joined by `|`, with the key the system and the shop share.
 */
export function signFields(key: string, ...fields: ReadonlyArray<string | number>): string {
  return createHmac('sha256', key).update(fields.join('|')).digest('hex');
}

/** Compares a received signature with the expected one in constant time, so timing reveals nothing of it. */
export function sameSignature(received: string, expected: string): boolean {
  const x = Buffer.from(received);
  const y = Buffer.from(expected);
  return x.length === y.length && timingSafeEqual(x, y);
}
