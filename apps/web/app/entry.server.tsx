import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { ServerRouter } from 'react-router';

const ABORT_DELAY_MS = 5000;

/**
 * Renders the page whole, then answers it in one piece. Our pages have no Suspense boundary and no
 * deferred data, so the shell is the whole page and streaming it gained nothing; it cost a write per
 * chunk and three stream conversions per page (docs/decisions/019). Inline scripts carry the
 * response's CSP nonce.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: WebContext) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    // cleared once rendered: a pending timer would keep the whole render (and its loader data) alive for seconds
    const timer = setTimeout(() => abort(), ABORT_DELAY_MS + 1000);
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { headers, status }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        clearTimeout(timer);
        rendered = true;
        pipe(page);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (rendered) console.error(error);
      },
    });
  });
}

export const streamTimeout = ABORT_DELAY_MS;

/**
 * The server answers pages with the router copy they render with: the production build bundled here
 * (vite.config.ts), not a second, development copy from the server's own node_modules.
 */
export { createRequestHandler } from 'react-router';
