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

export class BadRequest extends DomainError {
  constructor(message: string, details?: FieldIssue[]) {
    super(400, 'BAD_REQUEST', message, details);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Missing or invalid API key') {
    super(401, 'UNAUTHORIZED', message);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, 'FORBIDDEN', message);
  }
}
export class NotFound extends DomainError {
  constructor(what: string) {
    super(404, 'NOT_FOUND', `${what} not found`);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}
export class Validation extends DomainError {
  constructor(message: string, details?: FieldIssue[]) {
    super(422, 'VALIDATION', message, details);
  }
  static field(field: string, message: string): Validation {
    return new Validation(`${field}: ${message}`, [{ field, message }]);
  }
}
export class PaymentRequired extends DomainError {
  constructor(message: string) {
    super(402, 'PAYMENT_REQUIRED', message);
  }
}
export class RateLimited extends DomainError {
  constructor(message = 'Rate limit exceeded') {
    super(429, 'RATE_LIMITED', message);
  }
}
export class Gone extends DomainError {
  constructor(message: string) {
    super(410, 'GONE', message);
  }
}
export class Unavailable extends DomainError {
  constructor(message: string) {
    super(503, 'UNAVAILABLE', message);
  }
}
