import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '@andes/db/client';
import { seed } from '@andes/db/seed/index';
import { getMarket, type SiteId } from '@andes/domain/market';

/** What a test database starts from: migrated only, or migrated and seeded for a market. */
export type TemplateKind = 'bare' | SiteId;
const KINDS: TemplateKind[] = ['bare', 'cl', 'pe'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per kind, a file holding a PGlite data directory (dumpDataDir) to load. */
    embeddedTemplates: Record<TemplateKind, string>;
    /** Per kind, a PostgreSQL database to CREATE DATABASE … TEMPLATE from ('' without TEST_DATABASE_URL). */
    serverTemplates: Record<TemplateKind, string>;
    /** When the market templates were seeded (ISO): their demo data is dated from it. */
    templatesSeededAt: string;
  }
}

async function prepare(database: Database, kind: TemplateKind, now: Date): Promise<void> {
  if (kind !== 'bare') await seed(database.db, getMarket(kind), { now });
}

async function embeddedTemplate(folder: string, kind: TemplateKind, now: Date): Promise<string> {
  const database = await openDatabase({});
  try {
    await prepare(database, kind, now);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const file = join(folder, `${kind}.tar`);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function serverTemplate(adminUrl: string, runId: string, kind: TemplateKind, now: Date): Promise<string> {
  const name = `tpl_${runId}_${kind}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await prepare(database, kind, now);
  } finally {
    await database.close();
  }
  return name;
}

/**
 * Migrating and seeding a database took most of a test's time (PGlite about 1.8 s, PostgreSQL 0.7 s,
 * for every site a test starts): each kind is made once per run here and every test database is a
 * copy of it (helpers.ts openTestDatabase).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'andes-templates-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const runId = randomBytes(4).toString('hex');
  const now = new Date();
  const embedded = await Promise.all(KINDS.map((kind) => embeddedTemplate(folder, kind, now)));
  const server = adminUrl ? await Promise.all(KINDS.map((kind) => serverTemplate(adminUrl, runId, kind, now))) : KINDS.map(() => '');
  project.provide('embeddedTemplates', Object.fromEntries(KINDS.map((k, i) => [k, embedded[i]])) as Record<TemplateKind, string>);
  project.provide('serverTemplates', Object.fromEntries(KINDS.map((k, i) => [k, server[i]])) as Record<TemplateKind, string>);
  project.provide('templatesSeededAt', now.toISOString());
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!adminUrl) return;
    await admin(adminUrl, async (c) => {
      for (const name of server) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  };
}
