import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../lib/errors.js';

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
}

/**
 * The one place HTTP maps errors, for Fastify's handler and the raw fast
 * path alike: domain errors keep their status; schema failures are 422 for
 * bodies and 400 for query and path parameters, naming each field; Fastify's
 * own 4xx (bad JSON, too large, wrong content type) pass through with their
 * message; anything else is a 500 that shows only the request id (details go
 * to the log).
 */
export function errorAnswer(err: unknown, requestId: string, contentType: string | undefined): ErrorAnswer {
  if (err instanceof DomainError) return { status: err.statusCode, body: domainErrorBody(err), unexpected: false };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as { validationContext?: string }).validationContext ?? 'body';
    const status = context === 'body' ? 422 : 400;
    const details = err.validation.map((v) => ({ field: fieldOf(v.instancePath, context), message: v.message ?? 'is invalid' }));
    return {
      status,
      body: { statusCode: status, error: STATUS_TEXT[status], message: details.map((d) => `${d.field}: ${d.message}`).join('; '), code: 'VALIDATION', details },
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
  };
}

/** Fastify's error handler (`errorAnswer`) and the 404 answer. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const a = errorAnswer(err, req.id, req.headers['content-type']);
    if (a.unexpected) req.log.error({ err }, 'unhandled error');
    return reply.code(a.status).send(a.body);
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` }),
  );
}
