import { demoAccounts } from '@andes/db/seed/demo-accounts';
import { loadConfig } from './config.ts';
import { startSite } from './server.ts';
import { startInTurn, stopOnSignals, type ProcessSite, type Shutdown } from './shutdown.ts';

/**
 * `npm start`: Chile on :3000 and Peru on :3001, each with its embedded database under ./data, and the
 * sandbox asked for explicitly (the demo has no outside systems; its signing keys are made at start).
 */
const sites = [
  { site: 'cl', port: '3000', name: 'Chile' },
  { site: 'pe', port: '3001', name: 'Perú' },
] as const;

// every site started or still starting: a signal while Peru migrates and seeds its database closes it too
const starts: ProcessSite[] = [];
let shutdown: Shutdown | undefined;
try {
  const configs = sites.map((s) =>
    loadConfig({
      ...process.env,
      SANDBOX: '1',
      SITE: s.site,
      PORT: s.port,
      DATA_DIR: `./data/${s.site}`,
      DATABASE_URL: undefined,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    }),
  );
  // one shutdown for both, from the start: the process ends only when every site is closed
  shutdown = stopOnSignals(starts, configs[0].shutdownTimeoutSeconds);
  // no site starts after a signal; a start that fails closes the site already started, then exits 1
  const starters = configs.map((config) => () => startSite(config));
  if (await startInTurn(starters, starts, shutdown)) {
    console.log('\nAndes shop is running:');
    for (const s of sites) {
      console.log(`\n  ${s.name}: http://localhost:${s.port}`);
      for (const a of demoAccounts[s.site]) {
        const login = a.alternateLogin ? `${a.login} (o DNI ${a.alternateLogin})` : a.login;
        console.log(`    ${login} / ${a.secret ?? '(sin clave)'}  ${a.name}: ${a.description}`);
      }
    }
    console.log('\n  Sandbox SMS outbox: /sandbox/outbox on either site. Stop with Ctrl+C.\n');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // a start that failed began the shutdown (startInTurn): it ends the process (code 1) once the other site is closed
  if (!shutdown?.stopping) process.exit(1);
}
