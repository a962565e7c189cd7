import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '@andes/db/client';

/** What a payment came to, as counted: the gateway's answer, or a refund given back or not yet. */
export type PaymentOutcomeLabel = 'approved' | 'rejected' | 'aborted' | 'refunded' | 'refund_failed';

/**
 * The one place the app's figures are kept (GET /metrics): requests, database connections, sweeps and
 * payments. Each app (market) has its own, so `npm start`'s two sites in one process each report
 * their own; the Node process's figures are shared by both (processRegistry).
 */
export interface Metrics {
  registry: Registry;
  /** A request answered: its route pattern (never the raw address), method and status class. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** Runs one pass of a sweep, timing it and counting it and its failure (which it passes on). */
  sweep<T>(name: string, pass: () => Promise<T>): Promise<T>;
  /** A tick of a sweep that found the pass under way in another process on the database, and left it. */
  sweepSkipped(name: string): void;
  /** `method`: the payment method chosen, by its id in @andes/domain/payment-methods (`webPay`, `cashCode`, `points`…), for every kind of payment alike. */
  payment(outcome: PaymentOutcomeLabel, method: string): void;
}

/** Seconds, from a fast JSON answer to a slow page or a gateway call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Pick<Database, 'kind' | 'connections'>): Metrics {
  const registry = new Registry();
  const inRegistry = { registers: [registry] };
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    ...inRegistry,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    ...inRegistry,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL: the pool; PGlite: its one connection, waiting = calls queued behind it)',
    labelNames: ['driver', 'state'] as const,
    ...inRegistry,
    collect() {
      const now = database.connections();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ driver: database.kind, state }, now[state]);
    },
  });
  const sweepRuns = new Counter({ name: 'sweep_runs_total', help: 'Sweep passes run, by sweep', labelNames: ['sweep'] as const, ...inRegistry });
  const sweepErrors = new Counter({ name: 'sweep_errors_total', help: 'Sweep passes that failed, by sweep', labelNames: ['sweep'] as const, ...inRegistry });
  const sweepSkipped = new Counter({
    name: 'sweep_skipped_total',
    help: "Sweep ticks that left the pass to another process's pass under way, by sweep",
    labelNames: ['sweep'] as const,
    ...inRegistry,
  });
  const sweepDuration = new Histogram({
    name: 'sweep_duration_seconds',
    help: 'Time a sweep pass took, by sweep',
    labelNames: ['sweep'] as const,
    buckets: LATENCY_BUCKETS,
    ...inRegistry,
  });
  const payments = new Counter({
    name: 'payments_total',
    help: 'Payment outcomes recorded, by outcome and payment method',
    labelNames: ['outcome', 'method'] as const,
    ...inRegistry,
  });

  return {
    registry,
    request(route, method, status, seconds) {
      const names = { route, method, status: `${Math.floor(status / 100)}xx` };
      requests.inc(names);
      latency.observe(names, seconds);
    },
    async sweep(name, pass) {
      const stop = sweepDuration.startTimer({ sweep: name });
      sweepRuns.inc({ sweep: name });
      try {
        return await pass();
      } catch (error) {
        sweepErrors.inc({ sweep: name });
        throw error;
      } finally {
        stop();
      }
    },
    sweepSkipped(name) {
      sweepSkipped.inc({ sweep: name });
    },
    payment(outcome, method) {
      payments.inc({ outcome, method });
    },
  };
}

let processRegistry: Registry | null = null;

/** Node's own figures (memory, event loop, garbage collection), collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The text GET /metrics answers: this app's figures and the process's. */
export async function exposition(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processMetrics(), metrics.registry]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
