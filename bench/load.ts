/** One autocannon run, and the bare Fastify hello route every figure is a share of. */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';

/** What Chromium sends with a navigation: a page is compressed for it, as for every browser. */
export const BROWSER_NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };
/** What Chromium sends with a page's fetch of an API answer. */
export const BROWSER_FETCH = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Load {
  rps: number;
  p99: number;
  /** Answers received in the run. */
  answers: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Replace `[<id>]` in the URL with a new id on every request (autocannon's idReplacement). */
  fresh?: boolean;
}

export async function load(url: string, options: LoadOptions): Promise<Load> {
  // the client runs in its own thread, so reading big answers doesn't slow the server it measures
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
    headers: options.headers,
    idReplacement: options.fresh ?? false,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, answers: result.requests.total };
}

/**
 * A bare Fastify route answering `{hello:'world'}`. On a shared machine the load moves during a run, so
 * each figure divides by a hello run made right before it rather than by one at the start.
 */
export async function helloServer(): Promise<{ url: string; close(): Promise<void> }> {
  const hello: FastifyInstance = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`, close: () => hello.close() };
}

/**
 * SQL statements per answer, for a figure's name: whether the answers measured read the database or the
 * rows a process shares for a few seconds (PUBLIC_ROWS_SECONDS, docs/decisions/010).
 */
export function sqlPerAnswer(perAnswer: number): string {
  return `${perAnswer < 0.1 ? perAnswer.toFixed(3) : perAnswer.toFixed(1)} SQL statements per answer`;
}
