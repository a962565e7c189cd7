import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import type { WebContext } from '@andes/domain/web-context';
import { ServerRouter } from 'react-router';

const ABORT_DELAY_MS = 5000;

/** Streams the page; crawlers get it whole. Inline scripts carry the response's CSP nonce. */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: WebContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const bot = isbot(request.headers.get('user-agent') ?? '');
    // cleared once rendered: a pending timer would keep the whole render (and its loader data) alive for seconds
    const timer = setTimeout(() => abort(), ABORT_DELAY_MS + 1000);
    function respond() {
      shellRendered = true;
      const body = new PassThrough();
      headers.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    }
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          if (!bot) respond();
        },
        // crawlers get the page whole
        onAllReady() {
          clearTimeout(timer);
          if (bot) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const streamTimeout = ABORT_DELAY_MS;
