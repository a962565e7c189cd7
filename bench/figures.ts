/**
 * One shape for every benchmark figure, so `bench:web` can print the parts measured by different
 * modules (pages, assets, Lighthouse, order creation) side by side, each beside its budget.
 */
import os from 'node:os';

export interface BenchFigure {
  /** What was measured, e.g. "cl / req/s vs hello". */
  name: string;
  value: number;
  unit: string;
  /** The budget in words, e.g. "≥ 0.5%" or "≤ 100 ms". */
  budget: string;
  pass: boolean;
}

/** `goal`: where the issue wants to go beyond the budget, printed beside it; only the budget decides pass. */
export function figure(name: string, value: number, unit: string, limit: { atLeast?: number; atMost?: number; goal?: number }): BenchFigure {
  const sign = limit.atLeast !== undefined ? '≥' : '≤';
  const goal = limit.goal !== undefined ? ` (goal ${limit.goal} ${unit})` : '';
  const budget = `${sign} ${limit.atLeast ?? limit.atMost} ${unit}${goal}`;
  const pass = limit.atLeast !== undefined ? value >= limit.atLeast : value <= (limit.atMost ?? Infinity);
  return { name, value, unit, budget, pass };
}

/** The load average beside the core count: a figure measured on a busy machine says so. */
export function machineLoad(): string {
  const [one] = os.loadavg();
  const cores = os.cpus().length;
  const busy = one > cores * 0.5;
  return `load average ${one.toFixed(2)} on ${cores} cores${busy ? ' (machine loaded: figures are pessimistic)' : ''}`;
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
    console.log(`  ${f.name.padEnd(width)}  ${`${value} ${f.unit}`.padStart(14)}   budget ${f.budget.padEnd(budgetWidth)} ${f.pass ? 'ok' : 'OVER BUDGET'}`);
  }
  return figures.every((f) => f.pass);
}
