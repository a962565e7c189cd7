import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { isDatabaseUnavailable } from '@andes/db/client';
import { AppError } from './errors.ts';
import { failure } from './envelope.ts';

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
      const key = status === 429 ? ErrorKeys.tooManyRequests : ErrorKeys.validation;
      return reply
        .status(status)
        .send(failure([{ exceptionKey: key, messages: [message(key, { minutes: 1 })] }]));
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

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send(failure([{ exceptionKey: ErrorKeys.notFound, messages: [message(ErrorKeys.notFound)] }]));
  });
}
