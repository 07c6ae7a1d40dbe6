import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { errorAnswer, type ErrorObserver } from './errors.js';

/**
 * The raw `node:http` fast path for the hottest URLs (the tracking pixels and
 * `POST /api/v1/ad`).
 *
 * Fastify stays the server for everything: its routes, schemas and OpenAPI
 * document still describe these URLs, and it answers every request the fast
 * path declines. A GET handler takes only the exact, well-formed request it
 * was built for (e.g. `GET /track/imp?p=<token>`); anything else — another
 * method, extra or encoded query parameters, a token that does not open, a
 * server that is shutting down — returns `false` *before any side effect* and
 * Fastify answers it with its usual validation and error bodies.
 *
 * A POST route is decided from the headers alone, before a byte of the body
 * is read: the exact path (no query), a JSON content type, a `Content-Length`
 * within the body limit, no `Transfer-Encoding` or `Content-Encoding`.
 * Anything else is Fastify's (its 413, 415, chunked bodies). A request with
 * an `Origin` header (a browser's cross-origin call) is Fastify's too: its
 * routes answer CORS (origins/service.ts). A request taken
 * is then answered here whatever happens — bad JSON (Fastify's own parser,
 * with its prototype-poisoning protection, and its `Connection: close`),
 * schema errors, keys, domain errors, 5xx — with the status, headers and body
 * Fastify would give (`errorAnswer`, the one error mapping).
 */
export interface FastRequest {
  raw: IncomingMessage;
  /** The query string after `?` (no leading `?`), '' when none. */
  query: string;
  /** The end user's address, by the same trusted-proxy rule as Fastify's `req.ip`. */
  ip(): string;
}

/** Returns a promise of the answer when it takes the request, or false to leave it to Fastify. */
export type FastHandler = (req: FastRequest) => Promise<FastAnswer> | false;

/**
 * A POST handler: given a request whose headers the fast path accepted and
 * its parsed JSON body, it answers every outcome (a rejected promise is
 * answered through `errorAnswer`, as Fastify's error handler would).
 */
export type FastBodyHandler = (req: FastRequest, body: unknown) => Promise<FastAnswer>;

/**
 * A POST route's admission check (a rate limit), run from the headers before
 * the body is parsed, as a Fastify `onRequest` hook would: its headers go on
 * whatever answer follows; a refusal is answered through `errorAnswer`.
 */
export type FastAdmit = (req: FastRequest) => Promise<{ headers: Record<string, string>; refused: unknown }>;

/** Parses a JSON body; throws Fastify's error (400 empty or invalid JSON, prototype poisoning) as Fastify's parser would. */
export type JsonBodyParser = (text: string) => unknown;

/**
 * The app's own JSON body parser (`getDefaultJsonParser`: secure-json-parse
 * with the app's `onProtoPoisoning` / `onConstructorPoisoning`), so the fast
 * path refuses exactly the bodies Fastify refuses, with the same errors.
 */
export function fastifyJsonParser(app: FastifyInstance): JsonBodyParser {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parser = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  return (text) => {
    let value: unknown;
    let failed: Error | null = null;
    // Fastify's JSON parser never reads the request; it answers synchronously through `done`.
    parser(undefined as unknown as FastifyRequest, text, (err, v) => {
      failed = err;
      value = v;
    });
    if (failed) throw failed;
    return value;
  };
}

/** The content types a fast POST takes (as sent, lower case); any other is left to Fastify's content-type parsing. */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const CONTENT_LENGTH = /^[0-9]{1,15}$/;

export interface FastAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Observe = (method: string, route: string, status: number, seconds: number) => void;

export class FastPaths {
  private readonly routes = new Map<string, { handler: FastHandler; headers: Record<string, string> }>();
  private readonly posts = new Map<
    string,
    { handler: FastBodyHandler; bodyLimit: number; parse: JsonBodyParser; admit?: FastAdmit }
  >();
  /** Set when the server starts closing: from then on Fastify answers (with `Connection: close`). */
  closing = false;
  /** Request metrics, set by the ops module so fast answers are counted like the others. */
  observe: Observe | null = null;
  onError: ((err: unknown, requestId: string) => void) | null = null;
  /** Told of storage failures and refused keys, as Fastify's error handler tells (http/errors.ts). */
  observer: ErrorObserver = {};
  /**
   * Checked for every POST taken, before its admission and its body: an error
   * to answer instead (a client whose failed authentications are throttled), or null.
   */
  refuse: ((req: FastRequest) => unknown) | null = null;

  constructor(private readonly trust: (addr: string, hop: number) => boolean) {}

  /** Serve `GET <path>` on the fast path; `headers` go on every answer of the route, errors included. */
  get(path: string, handler: FastHandler, headers: Record<string, string> = {}): void {
    this.routes.set(path, { handler, headers });
  }

  /**
   * Serve `POST <path>` with a JSON body on the fast path. `parse` is the
   * app's JSON parser (Fastify's, so proto-poisoning is refused the same way);
   * `bodyLimit` the route's body limit (larger bodies are Fastify's 413);
   * `admit` the route's `onRequest` check, if it has one.
   */
  post(
    path: string,
    handler: FastBodyHandler,
    opts: { bodyLimit: number; parse: JsonBodyParser; admit?: FastAdmit },
  ): void {
    this.posts.set(path, { handler, ...opts });
  }

  /** True when the request was taken (and will be answered here). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing) return false;
    if (req.method === 'POST') return this.posts.size > 0 && this.handlePost(req, res);
    if (req.method !== 'GET' || this.routes.size === 0 || req.headers.origin !== undefined) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const route = q < 0 ? url : url.slice(0, q);
    const entry = this.routes.get(route);
    if (!entry) return false;
    const started = performance.now();
    let ip: string | undefined;
    const taken = entry.handler({
      raw: req,
      query: q < 0 ? '' : url.slice(q + 1),
      ip: () => (ip ??= proxyAddr(req, this.trust)),
    });
    if (taken === false) return false;
    taken.then(
      (answer) => this.send(res, 'GET', route, started, answer, true),
      (err: unknown) => this.send(res, 'GET', route, started, this.errorAnswer(err, req, entry.headers)),
    );
    return true;
  }

  private handlePost(req: IncomingMessage, res: ServerResponse): boolean {
    // The exact path: a query string (or anything else) is Fastify's.
    const route = req.url ?? '';
    const entry = this.posts.get(route);
    if (!entry) return false;
    const h = req.headers;
    if (h.origin !== undefined) return false;
    const type = h['content-type'];
    if (type === undefined || !JSON_TYPES.has(type.toLowerCase())) return false;
    if (h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) return false;
    const cl = h['content-length'];
    if (cl === undefined || !CONTENT_LENGTH.test(cl) || Number(cl) > entry.bodyLimit) return false;
    const started = performance.now();
    const fastReq = new PostRequest(req, this.trust);
    const refused = this.refuse?.(fastReq);
    if (refused) {
      // Answered at once; the body is not read (the connection closes behind the answer).
      const a = this.errorAnswer(refused, req, {});
      req.resume();
      this.send(res, 'POST', route, started, { ...a, headers: { ...a.headers, connection: 'close' } });
      return true;
    }
    // The admission check starts now, as Fastify's onRequest would, while the body arrives
    // (settled into a value at once: an upload aborted meanwhile must not leave a rejection unhandled).
    const admitted = entry.admit?.(fastReq).then(
      (r) => ({ ok: true as const, ...r }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      received += c.length;
    });
    // An aborted upload: nothing was done, and there is no one to answer.
    req.on('error', ignore);
    const answer = (a: FastAnswer, extra: Record<string, string> | null) =>
      this.send(res, 'POST', route, started, extra ? { ...a, headers: { ...a.headers, ...extra } } : a);
    const run = (extra: Record<string, string> | null) => {
      // Node's parser has delivered exactly Content-Length bytes (it ends a request only then).
      const text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
      let parsed: unknown;
      try {
        parsed = entry.parse(text);
      } catch (err) {
        // As Fastify after a body it could not parse: the connection is closed behind the answer.
        const a = this.errorAnswer(err, req, {});
        answer({ ...a, headers: { ...a.headers, connection: 'close' } }, extra);
        return;
      }
      let pending: Promise<FastAnswer>;
      try {
        pending = entry.handler(fastReq, parsed);
      } catch (err) {
        pending = Promise.reject(err);
      }
      pending.then(
        (a) => answer(a, extra),
        (err: unknown) => answer(this.errorAnswer(err, req, {}), extra),
      );
    };
    const start = () => {
      if (!admitted) return run(null);
      void admitted.then((r) => {
        if (!r.ok) answer(this.errorAnswer(r.err, req, {}), null);
        else if (r.refused) answer(this.errorAnswer(r.refused, req, {}), r.headers);
        else run(r.headers);
      });
    };
    req.on('end', () => this.startAfterTurn(start));
    return true;
  }

  /** POST requests whose bodies completed during this I/O turn, started together when it ends. */
  private turn: (() => void)[] = [];
  private readonly startTurn = (): void => {
    const batch = this.turn;
    this.turn = [];
    for (const start of batch) {
      try {
        start();
      } catch (err) {
        this.onError?.(err, 'fast-path');
      }
    }
  };

  /**
   * Starts a complete POST once the current I/O turn has read every socket
   * that was ready (`setImmediate` runs right after it). The requests of one
   * turn then run side by side — each step of each, in turn, and their answers
   * written together at the end — instead of each request's whole decision
   * between two socket reads; with the decision's data and the socket code
   * each staying in cache, an ad request costs ~15 % less CPU at 8 busy
   * connections (docs/decisions/0026). A lone request waits one
   * `setImmediate` hop.
   */
  private startAfterTurn(start: () => void): void {
    if (this.turn.push(start) === 1) setImmediate(this.startTurn);
  }

  /** The answer Fastify's error handler gives (`errorAnswer`); unexpected errors are logged with the request id shown. */
  private errorAnswer(err: unknown, req: IncomingMessage, headers: Record<string, string>): FastAnswer {
    const requestId = crypto.randomUUID();
    const a = errorAnswer(err, requestId, req.headers['content-type']);
    if (a.unexpected) this.onError?.(err, requestId);
    if (a.storage) this.observer.storageFailed?.(err);
    if (a.status === 401) this.observer.authFailed?.(proxyAddr(req, this.trust));
    return {
      status: a.status,
      headers: { ...headers, ...a.headers, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(a.body),
    };
  }

  /** Final headers per answer object: a route's constant answer is measured once. */
  private readonly headerCache = new WeakMap<FastAnswer, Record<string, string | number>>();

  /** Sends an answer; `constant` when the same answer object is sent again and again (its headers are kept). */
  private send(
    res: ServerResponse,
    method: string,
    route: string,
    started: number,
    a: FastAnswer,
    constant = false,
  ): void {
    if (res.destroyed) return;
    let headers = constant ? this.headerCache.get(a) : undefined;
    if (!headers) {
      // No Content-Length on a 204 (RFC 9110 §8.6), as Fastify. Copied key by key: a spread takes V8's slow path.
      headers = {};
      for (const k in a.headers) headers[k] = a.headers[k];
      if (a.status !== 204) headers['content-length'] = Buffer.byteLength(a.body);
      if (constant) this.headerCache.set(a, headers);
    }
    // An answer finishing while the server closes ends its connection, so draining does not wait for keep-alive.
    if (this.closing) headers = { ...headers, connection: 'close' };
    res.writeHead(a.status, headers);
    res.end(a.body);
    this.observe?.(method, route, a.status, (performance.now() - started) / 1000);
  }
}

const ignore = (): void => undefined;

/** A taken POST request as its handler sees it (the end user's IP resolved on first use). */
class PostRequest implements FastRequest {
  readonly query = '';
  private resolvedIp: string | undefined;

  constructor(
    readonly raw: IncomingMessage,
    private readonly trust: (addr: string, hop: number) => boolean,
  ) {}

  ip(): string {
    return (this.resolvedIp ??= proxyAddr(this.raw, this.trust));
  }
}

/**
 * Fastify's `serverFactory`: the same HTTP/1 server Fastify would create (its
 * timeouts and limits), with the fast path in front of Fastify's handler.
 */
export function fastServerFactory(fast: FastPaths) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, opts: FastifyServerOptions): http.Server => {
    const requestTimeout = opts.requestTimeout ?? 0;
    const server = http.createServer(
      {
        // Every request, on either path, must arrive (headers and body) within requestTimeout or is answered 408 and
        // closed: a slow body cannot hold a connection open. Checked often enough that the limit is kept closely.
        requestTimeout,
        headersTimeout: requestTimeout > 0 ? Math.min(requestTimeout, 60_000) : 60_000,
        connectionsCheckingInterval:
          requestTimeout > 0 ? Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 4))) : 30_000,
      },
      (req, res) => {
        if (!fast.handle(req, res)) handler(req, res);
      },
    );
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };
}

/**
 * The value of the only query parameter `name`, or null when the query is
 * anything else (encoded, repeated, extra, or longer than the route's schema
 * allows): those are Fastify's to answer.
 */
export function soleParam(query: string, name: string, maxLength: number): string | null {
  const prefix = `${name}=`;
  if (!query.startsWith(prefix) || query.length - prefix.length > maxLength) return null;
  const v = query.slice(prefix.length);
  return /^[A-Za-z0-9_-]+$/.test(v) ? v : null;
}
