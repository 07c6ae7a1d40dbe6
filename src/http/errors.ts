import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../lib/errors.js';
import { isStorageFailure, RETRY_AFTER_SECONDS } from '../lib/storage-errors.js';

/** Error body everywhere except the index: Fastify's shape plus `code` and field details. */
export const ErrorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The body of a domain error's answer, for every HTTP path (Fastify's handler and the raw fast path). */
export function domainErrorBody(err: DomainError): z.infer<typeof ErrorBody> {
  return {
    statusCode: err.statusCode,
    error: STATUS_TEXT[err.statusCode] ?? 'Error',
    message: err.message,
    code: err.code,
    ...(err.details ? { details: err.details } : {}),
  };
}

const fieldOf = (instancePath: string, context: string) =>
  [context === 'body' ? '' : context, ...instancePath.split('/').filter(Boolean)].filter(Boolean).join('.') || context;

/** An error's answer: status and body, and whether it was unexpected (to be logged with its details). */
export interface ErrorAnswer {
  status: number;
  body: z.infer<typeof ErrorBody>;
  unexpected: boolean;
  /** The storage failed (a full disk, an I/O error, a server out of reach): answered 503, shown by /health. */
  storage?: boolean;
  /** Headers the answer must carry (`Retry-After` on every 503). */
  headers?: Record<string, string>;
}

const RETRY = { 'retry-after': String(RETRY_AFTER_SECONDS) };

/**
 * The one place HTTP maps errors, for Fastify's handler and the raw fast
 * path alike: domain errors keep their status; schema failures are 422 for
 * bodies and 400 for query and path parameters, naming each field; Fastify's
 * own 4xx (bad JSON, too large, wrong content type) pass through with their
 * message; anything else is a 500 that shows only the request id (details go
 * to the log).
 */
export function errorAnswer(err: unknown, requestId: string, contentType: string | undefined): ErrorAnswer {
  if (err instanceof DomainError) {
    const retry = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
    const headers = err.statusCode === 503 ? RETRY : retry ? { 'retry-after': String(retry) } : undefined;
    return { status: err.statusCode, body: domainErrorBody(err), unexpected: false, ...(headers ? { headers } : {}) };
  }
  if (isStorageFailure(err)) {
    // Logged (the operator must see a full disk), but the client is told only that it may retry.
    return {
      status: 503,
      body: {
        statusCode: 503,
        error: STATUS_TEXT[503],
        message: 'Storage temporarily unavailable; nothing was stored, safe to retry',
        code: 'UNAVAILABLE',
        requestId,
      },
      unexpected: true,
      storage: true,
      headers: RETRY,
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as { validationContext?: string }).validationContext ?? 'body';
    const status = context === 'body' ? 422 : 400;
    const details = err.validation.map((v) => ({
      field: fieldOf(v.instancePath, context),
      message: v.message ?? 'is invalid',
    }));
    return {
      status,
      body: {
        statusCode: status,
        error: STATUS_TEXT[status],
        message: details.map((d) => `${d.field}: ${d.message}`).join('; '),
        code: 'VALIDATION',
        details,
      },
      unexpected: false,
    };
  }
  const e = err as Partial<FastifyError> | null;
  const status = e?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        statusCode: status,
        error: STATUS_TEXT[status] ?? 'Error',
        message:
          e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? `Unsupported Content-Type ${JSON.stringify(contentType ?? '')}: send application/json`
            : (e?.message ?? ''),
        code: e?.code,
      },
      unexpected: false,
    };
  }
  const code = status === 503 ? 503 : 500;
  return {
    status: code,
    body: {
      statusCode: code,
      error: STATUS_TEXT[code],
      message: code === 503 ? 'Service temporarily unavailable; safe to retry' : 'Internal error',
      requestId,
    },
    unexpected: true,
    ...(code === 503 ? { headers: RETRY } : {}),
  };
}

/** What the HTTP layer tells others about the answers it gives (storage failures for /health, refused keys for the throttle). */
export interface ErrorObserver {
  storageFailed?(err: unknown): void;
  /** A 401: a key or token was refused for this client address. */
  authFailed?(ip: string): void;
}

/** Fastify's error handler (`errorAnswer`) and the 404 answer. */
export function installErrorHandler(app: FastifyInstance, observer: ErrorObserver = {}): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const a = errorAnswer(err, req.id, req.headers['content-type']);
    if (a.unexpected) req.log.error({ err }, a.storage ? 'storage failure' : 'unhandled error');
    if (a.storage) observer.storageFailed?.(err);
    if (a.status === 401) observer.authFailed?.(req.ip);
    if (a.headers) reply.headers(a.headers);
    return reply.code(a.status).send(a.body);
  });
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` }),
  );
}
