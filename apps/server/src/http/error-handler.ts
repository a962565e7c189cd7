import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { isDatabaseUnavailable } from '@andes/db/client';
import type { Translate } from '@andes/domain/messages';
import { AppError } from './errors.ts';
import { failure, type Envelope } from './envelope.ts';

/** The error key of a refusal the framework or Node makes before any of our code runs. */
function keyOf(status: number): string {
  if (status === 404) return ErrorKeys.notFound;
  if (status === 413 || status === 414 || status === 431) return ErrorKeys.requestTooLarge;
  if (status === 429) return ErrorKeys.tooManyRequests;
  return ErrorKeys.validation;
}

/** The envelope of a 4xx that carries no key of its own (bad URL, body too large, wrong content type …). */
function requestFailure(t: Translate, status: number): Envelope {
  const key = keyOf(status);
  return failure([{ exceptionKey: key, messages: [t(key, { minutes: 1 })] }]);
}

/**
 * Fastify options that put the envelope on the refusals made outside route handling: the router's
 * (a URL that is not UTF-8, a path parameter over the length limit) and Node's HTTP parser's
 * (malformed or oversized header blocks, answered on the raw socket). None repeats the URL, which
 * may carry the page token.
 */
export function frameworkFailures(t: Translate) {
  return {
    frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      req.log.info({ code: error.code }, 'bad request');
      reply.status(status).send(requestFailure(t, status));
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify(requestFailure(t, status));
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  };
}

/** A restarted or failed-over PostgreSQL usually serves again within seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Maps every failure to the envelope: expected ones with their key and per-field messages, bad
 * requests (unparseable bodies, wrong content types) as validation failures, and anything else as
 * a generic message with the request id — never a stack trace. A database that cannot be reached
 * answers 503 with a 'try again' key instead: an outage, not the customer's fault.
 */
export function installErrorHandler(app: FastifyInstance): void {
  const message = (key: string, params?: Record<string, string | number>) => app.t(key, params);

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      const { params, fieldErrors, fields, detail } = error.options;
      const validationError = fieldErrors
        ? Object.fromEntries(Object.entries(fieldErrors).map(([f, keys]) => [f, keys.map((k) => message(k, params))]))
        : undefined;
      if (error.status >= 500) req.log.error({ key: error.key }, 'service failure');
      return reply
        .status(error.status)
        .send(
          failure(
            [
              {
                exceptionKey: error.key,
                messages: [message(error.key, params)],
                ...(detail ? { defaultExceptionDetail: message(detail, params) } : {}),
              },
            ],
            { validationError, fields },
          ),
        );
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      req.log.info({ err: error.message, code: error.code }, 'bad request');
      return reply.status(status).send(requestFailure(app.t, status));
    }
    if (isDatabaseUnavailable(error)) {
      // not the customer's fault and nothing was written (the transaction died with its connection)
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(failure([{ exceptionKey: ErrorKeys.unavailable, messages: [message(ErrorKeys.unavailable)] }], { fields: { requestId: req.id } }));
    }
    req.log.error({ err: error }, 'unexpected failure');
    return reply.status(500).send(
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

  app.setNotFoundHandler((_req, reply) => {
    reply.status(404).send(requestFailure(app.t, 404));
  });
}
