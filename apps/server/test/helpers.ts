import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDatabase, schema, type Database, type DatabaseOptions } from '@andes/db/client';
import { stepUpStartResponse } from '@andes/contract/inputs/device';
import { seed } from '@andes/db/seed/index';
import { marketToday } from '@andes/db/seed/util';
import { getMarket, type Market, type SiteId } from '@andes/domain/market';
import type { TemplateKind } from '../../../test-support/database-templates.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { onTestServer } from './test-server.ts';

export type Driver = 'embedded' | 'server';

/**
 * The database the API tests run on: PGlite without TEST_DATABASE_URL, PostgreSQL with it (CI sets it),
 * where races and the pool show; TEST_BOTH_DRIVERS=1 runs both. Both in every CI run doubled the API
 * tests' time and took CI past its 20 minutes on a slow machine, while PGlite, what `npm start` runs,
 * stays tested by every run without TEST_DATABASE_URL and by the browser tests, which run on it
 * (docs/decisions/030).
 */
export const drivers: Driver[] = !process.env.TEST_DATABASE_URL ? ['embedded'] : process.env.TEST_BOTH_DRIVERS === '1' ? ['embedded', 'server'] : ['server'];

const snapshots = new Map<TemplateKind, Blob>();

function dayTurned(market: Market): boolean {
  return marketToday(new Date(), market).getTime() !== marketToday(new Date(inject('templatesSeededAt')), market).getTime();
}

/** The migrated (and for a market, seeded) copy this run starts every embedded database from, read once per worker. */
function embeddedSnapshot(kind: TemplateKind): Blob {
  let snapshot = snapshots.get(kind);
  if (!snapshot) {
    snapshot = new Blob([readFileSync(inject('embeddedTemplates')[kind])]);
    snapshots.set(kind, snapshot);
  }
  return snapshot;
}

/**
 * Each test gets its own database: a fresh PGlite, or a new database on the server, copied from the
 * run's template of that kind (test-support/database-templates.ts): migrated, and seeded for a market.
 * The demo data is dated from when the templates were seeded; once the market's day has turned since
 * (a run across its midnight), a market database is seeded anew, as tests reckon "today" when they run.
 */
export async function openTestDatabase(driver: Driver, kind: TemplateKind = 'bare', observe: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<Database> {
  if (kind !== 'bare' && dayTurned(getMarket(kind))) {
    const database = await openTestDatabase(driver, 'bare', observe);
    await seed(database.db, getMarket(kind));
    return database;
  }
  if (driver === 'embedded') return openDatabase({ ...observe, embeddedSnapshot: embeddedSnapshot(kind) });
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onTestServer(`CREATE DATABASE ${name} TEMPLATE ${inject('serverTemplates')[kind]}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ ...observe, databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestSite {
  app: FastifyInstance;
  database: Database;
  /** Builds another app over the same database, as a restarted server would be. */
  restart(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** `observe.onQuery` sees every statement the site's app sends to its database. */
export async function startTestSite(
  site: SiteId,
  driver: Driver,
  env: Record<string, string> = {},
  observe: Pick<DatabaseOptions, 'onQuery'> = {},
): Promise<TestSite> {
  const database = await openTestDatabase(driver, site, observe);
  const config = loadConfig({ SITE: site, SANDBOX: '1', LOG_LEVEL: 'silent', CHECK_RESPONSES: '1', ...env });
  const apps: FastifyInstance[] = [];
  const make = async () => {
    const app = await buildApp({ config, database, ownsDatabase: false, logger: false });
    apps.push(app);
    return app;
  };
  return {
    app: await make(),
    database,
    restart: make,
    async close() {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

/** Both markets' sites for the enclosing describe: started before its tests, closed after them. */
export function bothSites(driver: Driver): Record<SiteId, TestSite> {
  const sites = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    [sites.cl, sites.pe] = await Promise.all([startTestSite('cl', driver), startTestSite('pe', driver)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });
  return sites;
}

/** A visitor with a cookie jar and the page token, like a browser tab. */
export class Visitor {
  cookie = '';
  token = '';
  constructor(
    private app: FastifyInstance,
    readonly address = '203.0.113.10',
  ) {}

  private keep(res: LightMyRequestResponse) {
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (sid) this.cookie = sid.value ? `sid=${sid.value}` : '';
  }

  async open(): Promise<this> {
    const res = await this.app.inject({ method: 'GET', url: '/restpp/security/token', headers: { cookie: this.cookie }, remoteAddress: this.address });
    this.keep(res);
    this.token = res.json().f__key__;
    return this;
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, options: { token?: string | null } = {}) {
    const token = options.token === undefined ? this.token : options.token;
    const sep = url.includes('?') ? '&' : '?';
    const res = await this.app.inject({
      method,
      url: token ? `${url}${sep}f__key__=${encodeURIComponent(token)}` : url,
      headers: { cookie: this.cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
      remoteAddress: this.address,
    });
    this.keep(res);
    return res;
  }

  /** Signs in and picks up the rotated session's token. */
  async login(username: string, password: string) {
    const res = await this.call('POST', '/oam/server/authentication', { username, password });
    if (res.statusCode === 200) await this.open();
    return res;
  }
}

/** The value an app's metric (metrics.ts) holds for these labels, summed over the others. */
export async function metricValue(app: FastifyInstance, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = app.metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  // a histogram's values are its buckets, sum and count: the count is the number of observations
  return (values as { metricName?: string; labels: Record<string, unknown>; value: number }[])
    .filter((v) => !v.metricName?.endsWith('_bucket') && !v.metricName?.endsWith('_sum') && Object.entries(labels).every(([k, x]) => v.labels[k] === x))
    .reduce((sum, v) => sum + v.value, 0);
}

/** The six-digit code of the last e-mail the outbox holds for `email` ('' when none). */
export async function lastEmailCode(database: Database, email: string): Promise<string> {
  const [row] = await database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, email)).orderBy(desc(schema.outbox.id)).limit(1);
  return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1] ?? '';
}

/** The sandbox identity bureau's right answers for a document (docs/sandbox.md). */
export const identityAnswers = (doc: string) => ({ q1: `o${doc.slice(-2)}`, q2: `o${doc.slice(0, 2)}` });

/**
 * A passed step-up (docs/decisions/021) for `purpose` on a line without a theft report: the e-mailed code
 * and the identity questions about the holder's document. Answers the step-up's id.
 */
export async function passIdentityStepUp(
  v: Visitor,
  database: Database,
  holder: { phone: string; email: string; doc: string },
  purpose: 'unblock' | 'simChange' | 'numberChange' | 'smartLine',
): Promise<string> {
  const start = await v.call('POST', `/REST/asset/${holder.phone}/validate/code`, { purpose });
  expect(start.statusCode).toBe(200);
  const started = stepUpStartResponse.parse(start.json());
  expect(started.secondFactor).toBe('identity');
  const confirm = await v.call('POST', `/REST/asset/${holder.phone}/validate`, {
    stepUpId: started.stepUpId,
    code: await lastEmailCode(database, holder.email),
    answers: identityAnswers(holder.doc),
  });
  expect(confirm.statusCode).toBe(200);
  return started.stepUpId;
}
