import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` every `seconds` once the app is ready, one pass at a time across every process on the
 * database (a slow pass is never overlapped by the next, and a process whose tick finds another
 * process's pass of `name` under way skips that tick: docs/decisions/013); closing the app stops the
 * timer and waits for a pass under way, so nothing touches a closed database. A failing pass is logged
 * under `name` and tried again next time. `seconds` 0 turns it off.
 */
export function runPeriodically(app: FastifyInstance, name: string, seconds: number, pass: () => Promise<unknown>): void {
  if (seconds <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = app
      .exclusively(name, () => app.metrics.sweep(name, pass))
      .then((ran) => {
        if (!ran) app.metrics.sweepSkipped(name);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, seconds * 1000);
    // the pass alone must not keep the process alive
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
