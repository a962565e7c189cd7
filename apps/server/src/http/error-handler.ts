import { STATUS_CODES, validateHeaderValue, type Server } from 'node:http';
import { CLICK_TO_CALL_ERRORS } from '@andes/domain/click-to-call-errors';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { isDatabaseUnavailable } from '@andes/db/client';
import type { Translate } from '@andes/domain/messages';
import { AppError } from './errors.ts';
import { failure, type Envelope } from './envelope.ts';
import { ERROR_PAGE_POLICY, isPageNavigation, type ErrorPage } from '../web/error-page.ts';

/** The error key of a refusal the framework or Node makes before any of our code runs. */
function keyOf(status: number): string {
  if (status === 404) return ErrorKeys.notFound;
  if (status === 413 || status === 414 || status === 431) return ErrorKeys.requestTooLarge;
  if (status === 429) return ErrorKeys.rateLimited;
  return ErrorKeys.validation;
}

/** The envelope of a 4xx that carries no key of its own (bad URL, body too large, wrong content type …). */
function requestFailure(t: Translate, status: number): Envelope {
  const key = keyOf(status);
  return failure([{ exceptionKey: key, messages: [t(key, { minutes: 1 })] }]);
}

/**
 * Sends a refusal: the envelope to API calls, the small error page (web/error-page.ts) to a browser
 * navigating to a page, with the same status (and any Retry-After already set).
 */
function answer(page: ErrorPage | undefined, req: FastifyRequest, reply: FastifyReply, status: number, envelope: Envelope, minutes = 1) {
  reply.status(status);
  if (!page || !isPageNavigation(req)) return reply.send(envelope);
  return reply.type('text/html; charset=utf-8').header('content-security-policy', ERROR_PAGE_POLICY).send(page(status, { minutes }));
}

/** Writes a refusal straight on a socket no request object stands for, then closes it. */
function refuseOnSocket(t: Translate, socket: Duplex, status: number, extraHeaders = ''): void {
  const body = JSON.stringify(requestFailure(t, status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify options that put the envelope on the refusals made outside route handling: the router's
 * (a URL that is not UTF-8, a path parameter over the length limit) and Node's HTTP parser's
 * (malformed or oversized header blocks, answered on the raw socket). None repeats the URL, which
 * may carry the page token. Node's own empty 400 for an HTTP/1.1 request without Host is turned off
 * so that the input boundary refuses it in the envelope (input-boundary.ts).
 */
export function frameworkFailures(t: Translate, page?: ErrorPage) {
  return {
    http: { requireHostHeader: false },
    frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      req.log.info({ code: error.code }, 'bad request');
      answer(page, req, reply, status, requestFailure(t, status));
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      refuseOnSocket(t, socket, status);
    },
  };
}

/**
 * `CONNECT` asks a proxy for a tunnel, which we are not. Node hands it to the server's `connect`
 * listeners instead of the router, and with none it drops the socket without a word: answer 405.
 */
export function refuseTunnels(server: Server, t: Translate): void {
  server.on('connect', (_req, socket: Duplex) => refuseOnSocket(t, socket, 405, 'Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n'));
}

/** Node's codes for a header value it will not write (a CR, LF or NUL, a character over U+00FF). */
const UNSENDABLE_HEADER = new Set(['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE']);

/**
 * The headers already set that Node would refuse to write, removed so the refusal itself can be sent.
 * They came from the request (a value echoed into Location or Set-Cookie): the client's fault, a 400.
 */
function dropUnsendableHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      for (const v of [value ?? ''].flat()) validateHeaderValue(name, String(v));
    } catch {
      reply.removeHeader(name);
    }
  }
}

/** A restarted or failed-over PostgreSQL usually serves again within seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Maps every failure to the envelope: expected ones with their key and per-field messages, bad
 * requests (unparseable bodies, wrong content types) as validation failures, and anything else as
 * a generic message with the request id — never a stack trace. A database that cannot be reached
 * answers 503 with a 'try again' key instead: an outage, not the customer's fault.
 */
export function installErrorHandler(app: FastifyInstance, page?: ErrorPage): void {
  const message = (key: string, params?: Record<string, string | number>) => app.t(key, params);

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      const { params, fieldErrors, fields, detail, extend, otherButton } = error.options;
      const validationError = fieldErrors
        ? Object.fromEntries(Object.entries(fieldErrors).map(([f, keys]) => [f, keys.map((k) => message(k, params))]))
        : undefined;
      if (error.status >= 500) req.log.error({ key: error.key }, 'service failure');
      const envelope = failure(
        [
          {
            exceptionKey: error.key,
            messages: [message(error.key, params)],
            ...(detail ? { defaultExceptionDetail: message(detail, params) } : {}),
            ...(extend ? { extendExceptionMessage: message(extend, params) } : {}),
            ...(otherButton ? { otherButton: { label: message(otherButton.label, params), url: otherButton.url } } : {}),
            ...(CLICK_TO_CALL_ERRORS.has(error.key) ? { enableClicktoCall: true } : {}),
          },
        ],
        { validationError, fields },
      );
      return answer(page, req, reply, error.status, envelope, typeof params?.minutes === 'number' ? params.minutes : 1);
    }
    const unsendable = UNSENDABLE_HEADER.has(error.code);
    if (unsendable) dropUnsendableHeaders(reply);
    const status = unsendable ? 400 : typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      req.log.info({ err: error.message, code: error.code }, 'bad request');
      return answer(page, req, reply, status, requestFailure(app.t, status));
    }
    if (isDatabaseUnavailable(error)) {
      // not the customer's fault and nothing was written (the transaction died with its connection)
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return answer(
        page,
        req,
        reply,
        503,
        failure([{ exceptionKey: ErrorKeys.unavailable, messages: [message(ErrorKeys.unavailable)] }], { fields: { requestId: req.id } }),
      );
    }
    req.log.error({ err: error }, 'unexpected failure');
    return answer(
      page,
      req,
      reply,
      500,
      failure(
        [
          {
            exceptionKey: ErrorKeys.generic,
            messages: [message(ErrorKeys.generic)],
            // the reference lets support find this request's log lines
            defaultExceptionDetail: message('pp.error.generic.detail', { requestId: req.id }),
          },
        ],
        { fields: { requestId: req.id } },
      ),
    );
  });

  app.setNotFoundHandler((req, reply) => {
    answer(page, req, reply, 404, requestFailure(app.t, 404));
  });
}
