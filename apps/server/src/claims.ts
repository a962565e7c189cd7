import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** This process among those sharing the database (a restarted process is another one). */
const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * How long a claim on an outside call holds before another process may take it over: longer than
 * any outside call takes, so only a claimer that died (or lost its database) is overtaken.
 */
export const CALL_LEASE_MS = 2 * 60_000;

let claims = 0;

/** One claim on an outside call (docs/decisions/013): who makes it, when, and before when a claim has lapsed. */
export interface Claim {
  owner: string;
  at: Date;
  staleBefore: Date;
}

/** A new claim of this process; its owner names this very claim, so its release never frees another's. */
export function newClaim(now = new Date()): Claim {
  claims += 1;
  return { owner: `${PROCESS_ID}#${claims}`, at: now, staleBefore: new Date(now.getTime() - CALL_LEASE_MS) };
}

/** How often, and how many times, a request looks again at what another caller is doing: 5 s in all. */
const LOOK_EVERY_MS = 100;
const LOOKS = 50;

/**
 * Looks again (every 100 ms, up to 5 s) at the work another caller has claimed (a refund, a withdrawal,
 * a gateway call a double click made): `look` answers what to stop with, or undefined while the other is
 * still at it. Undefined when the other never finished in time; `looks` 1 looks once, without waiting.
 */
export async function awaitOtherCaller<T>(look: () => Promise<T | undefined>, looks = LOOKS): Promise<T | undefined> {
  for (let i = 0; i < looks; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, LOOK_EVERY_MS));
    const answer = await look();
    if (answer !== undefined) return answer;
  }
  return undefined;
}
