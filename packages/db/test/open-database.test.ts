import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/client.ts';

/** A table the first migration creates: made beforehand, it makes the migrations fail. */
const CONFLICTING_TABLE = 'create table app_meta (unexpected integer)';
const TIMEOUT = 60_000;

describe('a database whose migrations fail is closed before the error goes on', () => {
  it(
    'embedded: the PGlite instance is closed',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'open-fail-'));
      try {
        const before = new PGlite({ dataDir });
        await before.exec(CONFLICTING_TABLE);
        await before.close();
        const close = vi.spyOn(PGlite.prototype, 'close');
        await expect(openDatabase({ dataDir })).rejects.toThrow();
        expect(close).toHaveBeenCalledTimes(1);
        close.mockRestore();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on a PostgreSQL server (TEST_DATABASE_URL)', () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `open_fail_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const setup = new pg.Client({ connectionString: url.toString() });
      await setup.connect();
      await setup.query(CONFLICTING_TABLE);
      await setup.end();
    }, TIMEOUT);

    afterAll(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it(
      'the pool holds no connection afterwards (an idle one kept the process alive for 10 s)',
      async () => {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        await expect(openDatabase({ databaseUrl: url.toString(), poolSize: 2 })).rejects.toThrow();
        // pool.end() has closed its sockets; the server notices within moments
        await expect
          .poll(async () => Number((await admin.query('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0].n), { timeout: 3000 })
          .toBe(0);
      },
      TIMEOUT,
    );
  });
});
