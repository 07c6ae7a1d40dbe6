/**
 * The one error taxonomy. Services throw these; each transport maps them in
 * one place (the Fastify error handler in src/app.ts, the MCP mapping later).
 */
export interface FieldIssue {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The base of an error kind: its status code and code, with a message (and field issues) per instance. */
function kind(statusCode: number, code: string) {
  return class extends DomainError {
    constructor(message: string, details?: FieldIssue[]) {
      super(statusCode, code, message, details);
    }
  };
}

export class BadRequest extends kind(400, 'BAD_REQUEST') {}
export class Unauthorized extends kind(401, 'UNAUTHORIZED') {
  constructor(message = 'Missing or invalid API key') {
    super(message);
  }
}
export class Forbidden extends kind(403, 'FORBIDDEN') {}
export class NotFound extends kind(404, 'NOT_FOUND') {
  constructor(what: string) {
    super(`${what} not found`);
  }
}
export class Conflict extends kind(409, 'CONFLICT') {}
export class Validation extends kind(422, 'VALIDATION') {
  static field(field: string, message: string): Validation {
    return new Validation(`${field}: ${message}`, [{ field, message }]);
  }
}
export class PaymentRequired extends kind(402, 'PAYMENT_REQUIRED') {}
export class RateLimited extends kind(429, 'RATE_LIMITED') {
  constructor(message = 'Rate limit exceeded') {
    super(message);
  }
}
export class Gone extends kind(410, 'GONE') {}
export class Unavailable extends kind(503, 'UNAVAILABLE') {}
