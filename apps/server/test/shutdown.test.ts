import { createServer, request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@andes/db/client';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startSite } from '../src/server.ts';
import { closeSites, processShutdown, START_WAIT_SECONDS, startInTurn, type ProcessSite } from '../src/shutdown.ts';

/** This file's ports: 4533 and 4534. */
const PORT = 4533;

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A site on its own in-memory database with a route that takes `ms` and then reads the database. */
async function siteWithSlowRoute(ms: number): Promise<{ app: FastifyInstance; entered: Promise<void> }> {
  const database = await openDatabase({});
  const app = await buildApp({ config: loadConfig({ SITE: 'cl', SANDBOX: '1', LOG_LEVEL: 'silent' }), database, logger: false });
  let enter = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  app.get('/slow', async () => {
    enter();
    await sleep(ms);
    const result = (await app.db.execute(sql`select 42 as answer`)) as unknown as { rows: { answer: number }[] };
    return { answer: Number(result.rows[0].answer) };
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  return { app, entered };
}

describe('graceful shutdown', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    if (app?.server.listening) await app.close();
    app = null;
  });

  it('refuses new connections, answers /ready 503, finishes the request under way, then closes the database', async () => {
    const site = await siteWithSlowRoute(800);
    app = site.app;
    const slow = get(PORT, '/slow');
    await site.entered;
    const closing = closeSites([app], 10);
    await expect.poll(() => app!.server.listening).toBe(false);
    await expect(get(PORT, '/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect(ready.headers.connection).toBe('close');
    // the request under way reads the database after the shutdown began: the database closes last
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ answer: 42 }) });
    expect(await closing).toBe(true);
    await expect(app.db.execute(sql`select 1`)).rejects.toThrow();
  }, 60_000);

  it('closes the connections of requests still under way at SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const site = await siteWithSlowRoute(5000);
    app = site.app;
    const slow = get(PORT, '/slow');
    await site.entered;
    const started = Date.now();
    expect(await closeSites([app], 1)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
  }, 60_000);

  it('one shutdown closes every site of the process, each database included, before it ends (npm start)', async () => {
    const shared = await openDatabase({});
    const closed: string[] = [];
    const sites = await Promise.all(
      (['cl', 'pe'] as const).map((site, i) =>
        buildApp({
          config: loadConfig({ SITE: site, SANDBOX: '1' }),
          // Peru's database takes longer to close: the shutdown must wait for it too
          database: { ...shared, close: () => sleep(100 + 400 * i).then(() => void closed.push(site)) },
          logger: false,
        }),
      ),
    );
    try {
      await Promise.all(sites.map((site, i) => site.listen({ port: PORT + i, host: '127.0.0.1' })));
      expect(await closeSites(sites, 5)).toBe(true);
      expect(closed).toEqual(['cl', 'pe']);
    } finally {
      await shared.close();
    }
  }, 60_000);

  it('a start that fails closes what it opened: the port is taken once the database is migrated and seeded', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(PORT + 1, '127.0.0.1', resolve));
    const closeDatabase = vi.spyOn(PGlite.prototype, 'close');
    try {
      const config = loadConfig({ SITE: 'cl', SANDBOX: '1', DATA_DIR: 'memory', PORT: String(PORT + 1), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
      await expect(startSite(config)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(closeDatabase).toHaveBeenCalledTimes(1);
    } finally {
      closeDatabase.mockRestore();
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);

  describe('a signal while a site is still starting (npm start: Peru migrates and seeds after Chile started)', () => {
    const closed: string[] = [];
    let shared: Awaited<ReturnType<typeof openDatabase>>;
    const sites: FastifyInstance[] = [];
    /** A site on the shared database that records its database's close, listening on this file's port `PORT + offset`. */
    async function site(name: 'cl' | 'pe', offset: number): Promise<FastifyInstance> {
      const built = await buildApp({
        config: loadConfig({ SITE: name, SANDBOX: '1' }),
        database: { ...shared, close: async () => void closed.push(name) },
        logger: false,
      });
      sites.push(built);
      await built.listen({ port: PORT + offset, host: '127.0.0.1' });
      return built;
    }
    /** The process's exits, each with the databases closed by then; `exited` resolves at the first. */
    function exits() {
      const calls: { code: number; closed: string[] }[] = [];
      let resolve = () => {};
      const exited = new Promise<void>((r) => (resolve = r));
      const exit = (code: number) => {
        calls.push({ code, closed: [...closed] });
        resolve();
      };
      return { calls, exited, exit };
    }

    beforeEach(async () => {
      closed.length = 0;
      shared = await openDatabase({});
    });
    afterEach(async () => {
      for (const s of sites.splice(0)) if (s.server.listening) await s.close();
      await shared.close();
    });

    it('waits for the start, closes that site too, and only then ends the process', async () => {
      const chile = await site('cl', 0);
      let started = (_app: FastifyInstance) => {};
      const peru = new Promise<FastifyInstance>((resolve) => (started = resolve));
      const exit = exits();
      const shutdown = processShutdown([chile, peru], 5, exit.exit);
      shutdown.stop();
      shutdown.stop(); // the signal often comes twice: one shutdown
      expect(shutdown.stopping).toBe(true);
      // the started site closes at once; the process waits for the other's start
      await expect.poll(() => closed).toEqual(['cl']);
      await sleep(300);
      expect(exit.calls).toEqual([]);
      const pe = await site('pe', 1);
      started(pe);
      await exit.exited;
      expect(exit.calls).toEqual([{ code: 0, closed: ['cl', 'pe'] }]);
      expect(pe.server.listening).toBe(false);
    }, 60_000);

    it('a start that fails does not hold the shutdown up: the started site closes and the process ends with 1', async () => {
      const chile = await site('cl', 0);
      let failed = (_error: Error) => {};
      const peru = new Promise<FastifyInstance>((_resolve, reject) => (failed = reject));
      const exit = exits();
      const began = Date.now();
      processShutdown([chile, peru], 5, exit.exit).stop();
      await expect.poll(() => closed).toEqual(['cl']);
      failed(new Error('migration failed'));
      await exit.exited;
      expect(exit.calls).toEqual([{ code: 1, closed: ['cl'] }]);
      // well before the backstop (5 + 5 s)
      expect(Date.now() - began).toBeLessThan(3000);
    }, 60_000);

    it('a start longer than the limit on closing is still waited for: that limit counts from the end of the start', async () => {
      const chile = await site('cl', 0);
      let started = (_app: FastifyInstance) => {};
      const peru = new Promise<FastifyInstance>((resolve) => (started = resolve));
      const exit = exits();
      // drain timeout 0: closing a site may take 0 + 5 s; Peru's start takes longer than that
      processShutdown([chile, peru], 0, exit.exit).stop();
      await sleep(5500);
      expect(exit.calls).toEqual([]);
      started(await site('pe', 1));
      await exit.exited;
      expect(exit.calls).toEqual([{ code: 0, closed: ['cl', 'pe'] }]);
    }, 60_000);

    it(`a start that does not end within START_WAIT_SECONDS (${START_WAIT_SECONDS}) ends the process with 1`, async () => {
      const exit = exits();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        processShutdown([new Promise<FastifyInstance>(() => {})], 0, exit.exit).stop();
        await vi.advanceTimersByTimeAsync((START_WAIT_SECONDS - 1) * 1000);
        expect(exit.calls).toEqual([]);
        await vi.advanceTimersByTimeAsync(1000);
        expect(exit.calls).toEqual([{ code: 1, closed: [] }]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('a close over its limit ends the process with 1, once: the close ending later exits no more', async () => {
      const slow = await buildApp({
        config: loadConfig({ SITE: 'cl', SANDBOX: '1' }),
        database: { ...shared, close: () => sleep(6000).then(() => void closed.push('cl')) },
        logger: false,
      });
      const exit = exits();
      processShutdown([slow], 0, exit.exit).stop();
      await exit.exited;
      expect(exit.calls).toEqual([{ code: 1, closed: [] }]);
      await expect.poll(() => closed, { timeout: 10_000 }).toEqual(['cl']);
      await sleep(100);
      expect(exit.calls).toEqual([{ code: 1, closed: [] }]);
    }, 60_000);

    it('startInTurn: a signal during the first start starts no further site and closes the first once started', async () => {
      const processSites: ProcessSite[] = [];
      const exit = exits();
      const shutdown = processShutdown(processSites, 5, exit.exit);
      let started = (_app: FastifyInstance) => {};
      const chile = new Promise<FastifyInstance>((resolve) => (started = resolve));
      const peru = vi.fn(() => site('pe', 1));
      const starting = startInTurn([() => chile, peru], processSites, shutdown);
      shutdown.stop();
      await sleep(200);
      expect(exit.calls).toEqual([]);
      started(await site('cl', 0));
      expect(await starting).toBe(false);
      await exit.exited;
      expect(peru).not.toHaveBeenCalled();
      expect(exit.calls).toEqual([{ code: 0, closed: ['cl'] }]);
    }, 60_000);

    it('startInTurn: a start that fails with no signal closes the sites already started, then the process ends with 1', async () => {
      const processSites: ProcessSite[] = [];
      const exit = exits();
      const shutdown = processShutdown(processSites, 5, exit.exit);
      await expect(startInTurn([() => site('cl', 0), () => Promise.reject(new Error('port in use'))], processSites, shutdown)).rejects.toThrow('port in use');
      expect(shutdown.stopping).toBe(true);
      await exit.exited;
      expect(exit.calls).toEqual([{ code: 1, closed: ['cl'] }]);
    }, 60_000);
  });
});
