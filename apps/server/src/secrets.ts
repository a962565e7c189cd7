import { randomBytes } from 'node:crypto';

/**
 * Keys the outside systems sign their notifications to the shop with. The sandbox's simulated systems
 * sign with them too, so sandbox mode makes the ones not set at each start (docs/decisions/004).
 */
export const SIGNING_KEYS = ['PAYMENT_NOTIFY_KEY', 'LOGISTICS_NOTIFY_KEY', 'TICKET_DESK_NOTIFY_KEY'] as const;

/** Keys only the shop itself signs and checks with; sandbox mode makes them like the signing keys. */
export const OWN_KEYS = ['PAGE_TOKEN_KEY'] as const;

/** What a production client presents to its provider; nothing in the sandbox uses them. */
export const CREDENTIALS = ['PAYMENT_COMMERCE_CODE', 'PAYMENT_API_KEY'] as const;

export type SecretSetting = (typeof SIGNING_KEYS)[number] | (typeof OWN_KEYS)[number] | (typeof CREDENTIALS)[number];

/** The secrets given in the environment (README), by setting name; never logged, never in a page. */
export type Secrets = Readonly<Partial<Record<SecretSetting, string>>>;

/** Sandbox mode: a fresh random key for every signing key not set, so no key is published or outlives a start. */
export function withSandboxKeys(given: Secrets): Secrets {
  const made = Object.fromEntries([...SIGNING_KEYS, ...OWN_KEYS].filter((name) => !given[name]).map((name) => [name, randomBytes(32).toString('hex')]));
  return { ...given, ...made };
}

/** A secret the wiring needs. loadConfig refuses to start without it, so its absence here is a bug, not a setting. */
export function requireSecret(secrets: Secrets, name: SecretSetting): string {
  const value = secrets[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
