import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { blockResponse, stepUpStartResponse } from '@andes/contract/inputs/device';
import { sweepUnblocks } from '../src/flows/device.flow.ts';
import { drivers, identityAnswers, lastEmailCode, startTestSite, Visitor, type TestSite } from './helpers.ts';

/**
 * The central IMEI list's withdrawal is claimed on the block before it is asked (docs/decisions/013, 021):
 * the customer's unblock, the block page's reads and the unblock sweeps of two processes, all at once,
 * ask the list once per block.
 */

const people = {
  cl: { login: '14.725.836-4', secret: '4826', phone: '934512798', email: 'andrea.paredes@example.com', doc: '14725836' },
  pe: { login: '934512798', secret: '582931', phone: '934512798', email: 'jorge.quispe@example.com', doc: '43692581' },
} as const;

/** The sandbox list withdraws this IMEI (9999 and its check digit) only at its second try (docs/sandbox.md). */
const FAILS_ONCE = '351000005999995';
const BURST = 40;

/**
 * Counts the list's withdrawals across the apps. Each takes 15 ms, so every caller of a burst overlaps
 * it, or until `held` resolves when given (the list answering only when the test says so).
 */
function countWithdrawals(apps: FastifyInstance[], held?: Promise<void>): () => number {
  const spies = apps.map((app) => {
    const registry = app.adapters.imeiRegistry;
    const original = registry.withdraw.bind(registry);
    return vi.spyOn(registry, 'withdraw').mockImplementation(async (withdrawal) => {
      await (held ?? new Promise((r) => setTimeout(r, 15)));
      return original(withdrawal);
    });
  });
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}

/** Resolves once `done` holds, checking every few milliseconds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

describe.each(drivers)('device: the IMEI list withdrawal is claimed before it is asked (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => {
    vi.restoreAllMocks();
    await site?.close();
  });

  /** The holder signed in on one app, the same session on a second app over the same database (another process). */
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    const other = await site.restart();
    const elsewhere = Object.assign(new Visitor(other, v.address), { cookie: v.cookie, token: v.token });
    const lineId = (await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone)))[0]!.id;
    return { v, elsewhere, p, other, lineId };
  };

  /** Blocks the line and its phone, and passes the unblock step-up (Peru's with the report code, Chile's with the questions). */
  const blockAndPassStepUp = async (v: Visitor, p: (typeof people)[SiteId], imei?: string) => {
    const blocked = blockResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'all', imei })).json());
    expect(blocked.block.registryReference).toMatch(/^(SB|RT)-\d{8}$/);
    const start = stepUpStartResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'unblock' })).json());
    const code = await lastEmailCode(site.database, p.email);
    const second = start.secondFactor === 'report' ? { reportNumber: blocked.block.reportCode } : { answers: identityAnswers(p.doc) };
    expect((await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code, ...second })).statusCode).toBe(200);
    return { blockId: blocked.block.id, stepUpId: start.stepUpId };
  };

  const blockRow = async (id: number) => (await site.database.db.select().from(schema.lineBlocks).where(eq(schema.lineBlocks.id, id)))[0]!;
  const lineStatus = async (lineId: number) => (await site.database.db.select().from(schema.lines).where(eq(schema.lines.id, lineId)))[0]!.status;
  const unblockedNotices = async () => (await site.database.db.select().from(schema.notifications)).filter((n) => n.title.startsWith('Desbloqueamos')).length;

  it.each(['cl', 'pe'] as const)(
    '%s: an unblock left waiting on the list, finished by page reads and sweeps of two processes at once, is withdrawn once',
    async (market) => {
      const { v, elsewhere, p, other, lineId } = await open(market);
      const { blockId, stepUpId } = await blockAndPassStepUp(v, p, FAILS_ONCE);
      const failed = await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId });
      expect(failed.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'device.error.unblockPending' });
      // the failed withdrawal let its claim go: the next caller may ask again
      expect(await blockRow(blockId)).toMatchObject({ withdrawnAt: null, liftedAt: null, withdrawClaimedBy: null, withdrawClaimedAt: null });

      const withdrawals = countWithdrawals([site.app, other]);
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) => {
          const app = i % 2 ? other : site.app;
          if (i % 4 < 2) return sweepUnblocks(app);
          return (i % 2 ? elsewhere : v).call('GET', `/REST/asset/${p.phone}/equipment/block`).then((res) => res.statusCode);
        }),
      );

      expect(withdrawals()).toBe(1);
      // every page read answered; the block was lifted (and counted by a sweep) at most once
      expect(burst.filter((r, i) => i % 4 >= 2)).toEqual(Array(BURST / 2).fill(200));
      expect((burst.filter((r, i) => i % 4 < 2) as number[]).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      expect(await blockRow(blockId)).toMatchObject({
        withdrawnAt: expect.any(Date),
        liftedAt: expect.any(Date),
        withdrawClaimedBy: null,
        withdrawClaimedAt: null,
      });
      expect(await lineStatus(lineId)).toBe('active');
      expect(await unblockedNotices()).toBe(1);
      // nothing left for a later pass
      expect(await sweepUnblocks(site.app)).toBe(0);
      expect(withdrawals()).toBe(1);
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: the holder unblocking while page reads and two processes sweep the line is answered done, and the list asked once',
    async (market) => {
      const { v, elsewhere, p, other, lineId } = await open(market);
      const { blockId, stepUpId } = await blockAndPassStepUp(v, p);
      // the list answers the holder's withdrawal only once every other caller came meanwhile
      let answer = () => {};
      const withdrawals = countWithdrawals([site.app, other], new Promise<void>((r) => (answer = r)));
      const unblocking = v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId });
      await until(() => withdrawals() > 0);
      const others = Array.from({ length: BURST - 1 }, (_, i) => i);
      const sweeps = others.filter((i) => i % 4 < 2).map((i) => sweepUnblocks(i % 2 ? other : site.app));
      const reads = others.filter((i) => i % 4 >= 2).map((i) => (i % 2 ? elsewhere : v).call('GET', `/REST/asset/${p.phone}/equipment/block`));
      // the sweeps find the withdrawal under way and leave it (without its claim they would wait on the list too)
      await Promise.race([Promise.all(sweeps), new Promise((r) => setTimeout(r, 1000))]);
      answer();
      const [unblock, ...pages] = await Promise.all([unblocking, ...reads]);
      expect(pages.map((r) => r.statusCode)).toEqual(pages.map(() => 200));
      expect(await Promise.all(sweeps)).toEqual(sweeps.map(() => 0));

      expect(withdrawals()).toBe(1);
      // whoever asked the list, the holder's unblock waits for its answer rather than saying it is pending
      expect(unblock!.statusCode).toBe(200);
      expect(await blockRow(blockId)).toMatchObject({ withdrawnAt: expect.any(Date), liftedAt: expect.any(Date), withdrawClaimedBy: null });
      expect(await lineStatus(lineId)).toBe('active');
      expect(await unblockedNotices()).toBe(1);
    },
  );

  it('cl: a withdrawal claimed by a process that died is asked again once its lease runs out, and not before', async () => {
    const { v, p, lineId } = await open('cl');
    const { blockId, stepUpId } = await blockAndPassStepUp(v, p, FAILS_ONCE);
    expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId })).statusCode).toBe(502);
    // another process claimed the withdrawal a minute ago and died before asking the list
    await site.database.db.execute(
      sql`update line_blocks set withdraw_claimed_by = 'gone:1', withdraw_claimed_at = now() - interval '1 minute' where id = ${blockId}`,
    );
    const withdrawals = countWithdrawals([site.app]);
    expect(await sweepUnblocks(site.app)).toBe(0);
    expect(withdrawals()).toBe(0);
    expect(await lineStatus(lineId)).toBe('blocked');
    await site.database.db.execute(sql`update line_blocks set withdraw_claimed_at = now() - interval '3 minutes' where id = ${blockId}`);
    expect(await sweepUnblocks(site.app)).toBe(1);
    expect(withdrawals()).toBe(1);
    expect(await blockRow(blockId)).toMatchObject({ withdrawnAt: expect.any(Date), liftedAt: expect.any(Date), withdrawClaimedBy: null });
    expect(await lineStatus(lineId)).toBe('active');
  });
});
