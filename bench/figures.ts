/**
 * One shape for every benchmark figure, so `bench:web` can print the parts measured by different
 * modules (pages, assets, Lighthouse, order creation) side by side, each beside its budget.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface BenchFigure {
  /** What was measured, e.g. "cl / req/s vs hello". */
  name: string;
  value: number;
  unit: string;
  /** The budget in words, e.g. "≥ 0.5%" or "≤ 100 ms". */
  budget: string;
  pass: boolean;
  /** Where a budget that is not issue 12's comes from (e.g. "ARCHITECTURE §9"): printed, not counted in the exit code. */
  outside?: string;
}

/**
 * `goal`: where the issue wants to go beyond the budget, printed beside it; only the budget decides pass.
 * `outside`: the budget is another document's, not issue 12's (printed with its source, not counted).
 */
export function figure(name: string, value: number, unit: string, limit: { atLeast?: number; atMost?: number; goal?: number; outside?: string }): BenchFigure {
  const sign = limit.atLeast !== undefined ? '≥' : '≤';
  const goal = limit.goal !== undefined ? ` (goal ${limit.goal} ${unit})` : '';
  const source = limit.outside ? ` (${limit.outside})` : '';
  const budget = `${sign} ${limit.atLeast ?? limit.atMost} ${unit}${goal}${source}`;
  const pass = limit.atLeast !== undefined ? value >= limit.atLeast : value <= (limit.atMost ?? Infinity);
  return { name, value, unit, budget, pass, outside: limit.outside };
}

/** Whether a figure counts against the exit code: over an issue 12 budget. */
export const overIssueBudget = (f: BenchFigure) => !f.pass && !f.outside;

/** Busy and total CPU time of the whole machine so far (Linux /proc/stat), in clock ticks. */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3]! + (ticks[4] ?? 0);
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * How many cores other processes kept busy in the second before the bench began (the machine's busy
 * time less this process's own): what the machine was doing before the bench added its server, load
 * generator, PostgreSQL and Chromium, which the load average at the end counts too. Undefined off Linux.
 */
async function othersBusyCores(): Promise<number | undefined> {
  const cores = os.cpus().length;
  const before = machineTicks();
  const own = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 1000));
  const after = machineTicks();
  if (!before || !after || after.total === before.total) return undefined;
  const ownUs = process.cpuUsage(own);
  const machineCores = ((after.busy - before.busy) / (after.total - before.total)) * cores;
  return Math.max(0, machineCores - (ownUs.user + ownUs.system) / 1e6);
}

const OTHERS_AT_START = await othersBusyCores();

/** What the machine was doing before the bench, and its load average now, beside the core count. */
export function machineLoad(): string {
  const cores = os.cpus().length;
  const now = `load average ${os.loadavg()[0].toFixed(2)} on ${cores} cores with the bench's own load`;
  if (OTHERS_AT_START === undefined) return now;
  const busy = OTHERS_AT_START > cores * 0.25;
  const others = `other processes used ${OTHERS_AT_START.toFixed(2)} cores as the bench started`;
  return `${others}${busy ? ' (machine busy: figures are pessimistic)' : ''}; ${now}`;
}

/**
 * The servers measured run in the bench's own process, so it needs the V8 flag `npm start`, `npm run
 * serve` and the Dockerfile give the server (a young generation four times the default: a page's
 * garbage dies young, decision 011 addendum); the bench:* scripts pass it.
 */
const PRODUCTION_HEAP_FLAG = '--max-semi-space-size=64';

function runtimeNote(): string {
  return process.execArgv.includes(PRODUCTION_HEAP_FLAG) ? '' : `; without ${PRODUCTION_HEAP_FLAG} as production runs: figures pessimistic`;
}

export function printFigures(title: string, figures: BenchFigure[]): boolean {
  console.log(`\n${title} (${machineLoad()}${runtimeNote()})`);
  const width = Math.max(...figures.map((f) => f.name.length), 10);
  const budgetWidth = Math.max(...figures.map((f) => f.budget.length), 14);
  for (const f of figures) {
    const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(f.value < 10 ? 2 : 1);
    const verdict = f.pass ? 'ok' : f.outside ? `over ${f.outside}'s budget (not issue 12's)` : 'OVER BUDGET';
    console.log(`  ${f.name.padEnd(width)}  ${`${value} ${f.unit}`.padStart(14)}   budget ${f.budget.padEnd(budgetWidth)} ${verdict}`);
  }
  return !figures.some(overIssueBudget);
}
