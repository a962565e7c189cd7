import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import proxyAddr from '@fastify/proxy-addr';
import { AppError, notFound } from './errors.ts';

/** The header the operator's network proxy adds to a line's traffic: the line's number (header enrichment). */
export const CAPTIVE_LINE_HEADER = 'x-msisdn';

/** The captive host's pages (SPEC §2), each with its confirmation and error page. */
export const CAPTIVE_PAGES = ['/activacionpost', '/roamingpostbolsas'] as const;

/** The captive host's API calls: the main site does not answer them. */
export const CAPTIVE_API_PREFIX = '/restpp/captive/';

/** What the captive host serves besides its pages and calls: the web build's files and React Router's manifest. */
const CAPTIVE_ASSETS = ['/assets/', '/__manifest'];

function captivePath(path: string): boolean {
  if (path.startsWith(CAPTIVE_API_PREFIX)) return true;
  // a page, its confirmation or error page, or React Router's data request for one of them (`.data`)
  const page = path.replace(/\.data$/, '').replace(/\/$/, '');
  return CAPTIVE_PAGES.some((p) => page === p || page === `${p}/confirmacion` || page === `${p}/error`);
}

const pathOf = (url: string) => url.split('?', 1)[0]!;

/** Whether this request came to the captive portal's host (CAPTIVE_HOST). */
export function onCaptiveHost(app: FastifyInstance, req: FastifyRequest): boolean {
  const host = app.config.captive.host;
  return host !== undefined && req.hostname.toLowerCase() === host;
}

/**
 * One app, two hosts (decision 023): on the captive host only the captive pages, their calls and the
 * build's files answer; on every other host the captive paths do not exist. Checked before any route,
 * so no route of either site can forget it.
 */
export const captiveHostPlugin = fp(async (app: FastifyInstance, opts: { gatewayPaths: readonly string[] }) => {
  // the sandbox's payment page stands for the gateway's own host, which the network lets a captive line reach
  const served = [...CAPTIVE_ASSETS, ...opts.gatewayPaths];
  app.addHook('onRequest', async (req) => {
    const path = pathOf(req.url);
    const captive = onCaptiveHost(app, req);
    if (captive && !captivePath(path) && !served.some((p) => path.startsWith(p))) throw notFound();
    if (!captive && captivePath(path)) throw notFound();
  });
});

const compiled = new WeakMap<readonly string[], (address: string, hop: number) => boolean>();

/** The proxy's address check, compiled once per setting; no addresses believes nobody. */
function proxyOf(addresses: readonly string[]) {
  let check = compiled.get(addresses);
  if (!check) {
    check = addresses.length ? proxyAddr.compile([...addresses]) : () => false;
    compiled.set(addresses, check);
  }
  return check;
}

/**
 * The line the network names in its header, as the market's nine digits. Only the network proxy's
 * addresses (CAPTIVE_PROXY_ADDRESSES) are believed: anyone else could write the header. A number with
 * another country's prefix is another market's line, and never this market's.
 */
export function captiveNumber(app: FastifyInstance, req: FastifyRequest): string {
  const fromProxy = proxyOf(app.config.captive.proxyAddresses)(req.ip, 0);
  const header = req.headers[CAPTIVE_LINE_HEADER];
  if (!fromProxy || typeof header !== 'string') throw new AppError('captive.error.unidentified', 403);
  const digits = header.trim().replace(/^\+/, '');
  const { phonePrefix, phoneLength } = app.market;
  const national = digits.length === phonePrefix.length + phoneLength && digits.startsWith(phonePrefix) ? digits.slice(phonePrefix.length) : digits;
  if (!new RegExp(`^9\\d{${phoneLength - 1}}$`).test(national)) throw new AppError('captive.error.unidentified', 403);
  return national;
}

/**
 * The per-address limit's client for a request the network proxy forwards to the captive host: the
 * line it names, since every line behind the proxy shares its address (decision 023).
 */
export function captiveClientKey(app: FastifyInstance, req: FastifyRequest): string | undefined {
  const header = req.headers[CAPTIVE_LINE_HEADER];
  if (typeof header !== 'string' || !onCaptiveHost(app, req) || !proxyOf(app.config.captive.proxyAddresses)(req.ip, 0)) return undefined;
  return `line:${header.trim().slice(0, 20)}`;
}

/** Headers a page on the captive host passes to its own in-process calls: the host and the network's line header. */
export function captiveCallHeaders(app: FastifyInstance, req: FastifyRequest): Record<string, string> {
  if (!onCaptiveHost(app, req)) return {};
  const header = req.headers[CAPTIVE_LINE_HEADER];
  return { host: req.host, ...(typeof header === 'string' ? { [CAPTIVE_LINE_HEADER]: header } : {}) };
}
