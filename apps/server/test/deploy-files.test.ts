import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

// Docker is not on the machines that run the tests: these check what can be checked without it,
// that compose.yaml, deploy/haproxy.cfg and .env.example agree with each other and with the settings.
const read = (file: string) => readFileSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url)), 'utf8');
const compose = read('compose.yaml');
const haproxy = read('deploy/haproxy.cfg');
const dockerfile = read('Dockerfile');
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

/** `.env.example` as the environment compose would read. */
const dotenv = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}`, from `.env.example` (or `env`); a required one missing throws. */
function substitute(value: string, env: Record<string, string> = dotenv): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    if (env[name] !== undefined) return env[name];
    if (kind === '?') throw new Error(`${name} is required by compose.yaml but not in .env.example`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

/** The `KEY: value` lines of an indented block that starts after `header`. */
function block(text: string, header: RegExp): Record<string, string> {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => header.test(l));
  const indent = /^\s*/.exec(lines[start + 1])![0];
  const entries: [string, string][] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(indent) || line.trim() === '') break;
    const entry = /^\s+([A-Z_]+): (.*)$/.exec(line);
    if (entry) entries.push([entry[1], entry[2].replace(/^"(.*)"$/, '$1')]);
  }
  return Object.fromEntries(entries);
}

const appServices = [...compose.matchAll(/^ {2}(app-(cl|pe)-\d):$/gm)].map((m) => ({ name: m[1], site: m[2] }));

/** The settings a service adds to the shared ones (`<<: *app-env`). */
function serviceEnv(name: string): Record<string, string> {
  const lines = compose.split('\n');
  return block(lines.slice(lines.indexOf(`  ${name}:`)).join('\n'), /^ {4}environment:$/);
}

/** A service's settings as its process gets them: the shared ones and its own, filled in from `.env.example`. */
function appEnv(name: string): Record<string, string> {
  const shared = block(compose, /^ {2}environment: &app-env$/);
  return Object.fromEntries(Object.entries({ ...shared, ...serviceEnv(name) }).map(([k, v]) => [k, substitute(v)]));
}

/** The port of each market's HAProxy frontend (`bind :8080` … `default_backend cl`), by market. */
const frontendPorts = Object.fromEntries(
  haproxy
    .split(/^frontend /m)
    .slice(1)
    .map((frontend) => [/^\s+default_backend (\S+)$/m.exec(frontend)?.[1], /^\s+bind :(\d+)$/m.exec(frontend)?.[1]]),
) as Record<string, string | undefined>;

describe('container deployment files', () => {
  it('compose runs two app processes per market, and HAProxy balances exactly those, checking /ready', () => {
    expect(appServices.map((s) => s.name).sort()).toEqual(['app-cl-1', 'app-cl-2', 'app-pe-1', 'app-pe-2']);
    const servers = [...haproxy.matchAll(/^\s+server \S+ (\S+):3000 check$/gm)].map((m) => m[1]);
    expect(servers.sort()).toEqual(appServices.map((s) => s.name).sort());
    expect(haproxy.match(/http-check send meth GET uri \/ready /g)).toHaveLength(2);
    expect(haproxy.match(/balance roundrobin/g)).toHaveLength(2);
  });

  it('every app process starts with the settings compose gives it and .env.example fills in', () => {
    for (const service of appServices) {
      const config = loadConfig(appEnv(service.name));
      expect(config).toMatchObject({ site: service.site, production: true, sandbox: true, trustProxy: 1, port: 3000, metricsToken: dotenv.METRICS_TOKEN });
      expect(config.databaseUrl).toMatch(/^postgres:\/\/shop:[A-Za-z0-9-]+@postgres:5432\/shop_(cl|pe)$/);
      // the signing keys are shared by the processes of a market, never made at each start
      expect(config.secrets.PAYMENT_NOTIFY_KEY).toBe(dotenv.PAYMENT_NOTIFY_KEY);
      expect(config.secrets.PAGE_TOKEN_KEY).toBe(dotenv.PAGE_TOKEN_KEY);
    }
  });

  it("each app process gets its own market, that market's database and that market's public origin", () => {
    for (const service of appServices) {
      expect(serviceEnv(service.name)).toEqual({
        SITE: service.site,
        DATABASE_URL: `postgres://shop:\${POSTGRES_PASSWORD}@postgres:5432/shop_${service.site}`,
        // required (`:?`), like the keys: a default would let a deployment text customers localhost links
        SHOP_ORIGIN: `\${SHOP_ORIGIN_${service.site.toUpperCase()}:?set SHOP_ORIGIN_${service.site.toUpperCase()} in .env}`,
      });
    }
  });

  it("the links texted to customers name the balancer's port of their market (SHOP_ORIGIN from .env.example), and compose refuses to start without it", () => {
    expect(Object.keys(frontendPorts).sort()).toEqual(['cl', 'pe']);
    for (const service of appServices) {
      const origin = serviceEnv(service.name).SHOP_ORIGIN;
      // without SHOP_ORIGIN a sandboxed process would link to the container's own :3000
      expect(origin, `${service.name} sets SHOP_ORIGIN`).toBeDefined();
      const { shopOrigin } = loadConfig({ ...appEnv(service.name), SHOP_ORIGIN: substitute(origin) });
      expect(new URL(shopOrigin).port, `${service.name}'s SHOP_ORIGIN from .env.example`).toBe(frontendPorts[service.site]);
      expect(() => substitute(origin, {}), `${service.name} without SHOP_ORIGIN in .env`).toThrow(/required/);
    }
  });

  it('the image installs every workspace and, at run time, only production dependencies, and runs the compiled server as node', () => {
    const [build, runtime] = dockerfile.split(/^FROM /m).slice(1);
    expect(build).toMatch(/^node:20-bookworm-slim AS build$/m);
    expect(runtime).toMatch(/^node:20-bookworm-slim AS runtime$/m);
    // npm ci needs the manifest of every workspace the lockfile names, in both stages
    for (const workspace of workspaces) {
      expect(build, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      expect(runtime, workspace).toContain(`COPY --from=build /app/${workspace}/package.json ${workspace}/`);
    }
    expect(runtime).toMatch(/^RUN npm ci --omit=dev\b/m);
    // nothing but the builds from the build stage: no sources, no dev dependencies
    expect(runtime).not.toMatch(/^COPY (?!--from=build)/m);
    expect(
      [...runtime.matchAll(/^COPY --from=build \/app\/(\S+)/gm)].map((m) => m[1]).filter((f) => !f.endsWith('package.json') && f !== 'package-lock.json'),
    ).toEqual(['apps/server/dist', 'apps/web/build']);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^CMD \["node", .*"apps\/server\/dist\/main\.js"\]$/m);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/health/);
  });

  it('the balancer gives each request its own id, replacing one a client sent', () => {
    expect(haproxy).not.toMatch(/unique-id-header/);
    expect(haproxy.match(/^\s+http-request set-header X-Request-ID %\[unique-id\]$/gm)).toHaveLength(2);
  });
});
