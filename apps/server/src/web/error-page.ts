import type { FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { Market } from '@andes/domain/market';
import type { Translate } from '@andes/domain/messages';
import { ErrorKeys } from '@andes/domain/error-keys';

/** Paths that answer JSON (the envelope) whatever the client accepts; every other path is a page. */
export const API_PREFIXES = ['/restpp/', '/REST/', '/oam/', '/sandbox/', '/img/'];

/** A browser navigating to a page (not a script calling the API): it is shown HTML, never JSON. */
export function isPageNavigation(req: FastifyRequest): boolean {
  return !API_PREFIXES.some((p) => req.url.startsWith(p)) && (req.headers.accept ?? '').includes('text/html');
}

/** Renders the error page of a refusal made before (or instead of) React rendering the page. */
export type ErrorPage = (status: number, params: { minutes: number }) => string;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Title and text of each kind of refusal, from the message store. */
function texts(t: Translate, status: number, minutes: number): [string, string] {
  if (status === 429) return [t('shell.tooMany.title'), t(ErrorKeys.rateLimited, { minutes })];
  if (status === 404) return [t('shell.notFound.title'), t('shell.notFound.body')];
  if (status >= 400 && status < 500) return [t('shell.badRequest.title'), t('shell.badRequest.body')];
  return [t('shell.error.title'), t('shell.error.body')];
}

/**
 * A small page with the look of the app's own error pages (the root stylesheet, the same section and
 * button), written without React: a refused request (over the per-address limit, bad characters in a
 * form) must cost little, and must not run the page it was refused.
 */
export function errorPage(build: ServerBuild, market: Market, t: Translate): ErrorPage {
  const styles = (build.assets.routes.root?.css ?? []).map((href) => `<link rel="stylesheet" href="${escape(href)}">`).join('');
  return (status, { minutes }) => {
    const [title, body] = texts(t, status, minutes);
    return (
      `<!DOCTYPE html><html lang="${escape(market.locale)}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
      `<title>${escape(title)} | ${escape(market.brandName)}</title>${styles}</head>` +
      `<body><main id="main"><section class="page narrow"><h1>${escape(title)}</h1><p>${escape(body)}</p>` +
      `<a class="button" href="/">${escape(t('shell.backHome'))}</a></section></main></body></html>`
    );
  };
}

/** The page runs no script: only our stylesheet. */
export const ERROR_PAGE_POLICY = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";
