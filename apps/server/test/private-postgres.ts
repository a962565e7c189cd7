import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, so the test may stop and restart it without touching the
 * shared one other test files use at the same time. Started with Debian's server binaries; as root
 * (CI) the server runs as the `postgres` user, as anyone else as that user.
 */
export interface PrivatePostgres {
  /** Connection URL of a database named `name` (created by {@link PrivatePostgres.createDatabase}). */
  url(name: string): string;
  createDatabase(name: string): Promise<void>;
  /** Fast shutdown: every session is terminated, as an operator's restart or a failover does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest installed server's bin folder, or null when no PostgreSQL server is installed. */
function serverBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = process.getuid?.() === 0;

/** Why a private cluster cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!serverBinaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBinaries();
  if (!bin) throw new Error(privatePostgresUnavailable()!);
  const dir = mkdtempSync(path.join(tmpdir(), 'andes-pg-'));
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  const data = path.join(dir, 'data');
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const pgCtl = (...args: string[]) => tool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', ...args]);
  await pgCtl('start');
  // a test process that dies before its afterAll must not leave a server running
  const stopAtExit = () => {
    const args = ['-D', data, '-m', 'immediate', 'stop'];
    spawnSync(asRoot ? 'runuser' : path.join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args] : args);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopAtExit);
  const url = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    },
    stop: () => pgCtl('-m', 'fast', 'stop').then(() => undefined),
    start: () => pgCtl('start').then(() => undefined),
    async destroy() {
      process.off('exit', stopAtExit);
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
