import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/errors.js';

/**
 * The index's own error shape (spec 3): a 422 body is `{detail: [{type, loc,
 * msg}]}`; other errors are `{detail: "<message>"}` (the same family of
 * shapes), plus the `statusCode`/`error`/`message` trio used by the rest of
 * Orbit so generic clients still read them. Installed on the index route
 * scope only; the rest of Orbit keeps src/http/errors.ts.
 */
export interface DetailEntry {
  type: string;
  loc: (string | number)[];
  msg: string;
}

const TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

function typeOf(p: Record<string, unknown>, code: string): string {
  const origin = p.origin as string | undefined;
  if (code === 'too_big')
    return origin === 'string' ? 'string_too_long' : origin === 'array' ? 'too_long' : 'less_than_equal';
  if (code === 'too_small')
    return origin === 'string' ? 'string_too_short' : origin === 'array' ? 'too_short' : 'greater_than_equal';
  if (code === 'invalid_type') return p.input === undefined ? 'missing' : `${String(p.expected ?? 'value')}_type`;
  if (code === 'invalid_value') return 'enum';
  if (code === 'invalid_format') return 'string_pattern_mismatch';
  return 'value_error';
}

export function installIndexErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const detail: DetailEntry[] = err.validation.map((v) => {
        const loc: (string | number)[] = [where === 'querystring' ? 'query' : where === 'params' ? 'path' : where];
        for (const part of v.instancePath.split('/').filter(Boolean))
          loc.push(/^\d+$/.test(part) ? Number(part) : part);
        return { type: typeOf(v.params as Record<string, unknown>, v.keyword), loc, msg: v.message ?? 'invalid value' };
      });
      return reply.code(422).send({ detail });
    }
    if (err instanceof DomainError) {
      if (err.statusCode === 422) {
        const detail: DetailEntry[] = (err.details ?? [{ field: '', message: err.message }]).map((d) => ({
          type: 'value_error',
          loc: ['body', ...d.field.split('.').filter(Boolean)],
          msg: d.message,
        }));
        return reply.code(422).send({ detail });
      }
      return reply.code(err.statusCode).send({
        detail: err.message,
        statusCode: err.statusCode,
        error: TEXT[err.statusCode] ?? 'Error',
        message: err.message,
      });
    }
    const status = err.statusCode ?? 500;
    if (
      status === 400 &&
      (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError || /JSON/i.test(err.message))
    ) {
      return reply.code(422).send({
        detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error: the body is not valid JSON' }],
      });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ detail: err.message, statusCode: status, error: TEXT[status] ?? 'Error', message: err.message });
    }
    req.log.error({ err }, 'unhandled error in the index');
    return reply.code(500).send({
      detail: 'Internal error',
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal error',
      requestId: req.id,
    });
  });
}
