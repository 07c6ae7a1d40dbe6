import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { DomainError } from '../lib/errors.js';
import { domainErrorBody } from './errors.js';

/**
 * The raw `node:http` fast path for the hottest URLs (the tracking pixels).
 *
 * Fastify stays the server for everything: its routes, schemas and OpenAPI
 * document still describe these URLs, and it answers every request the fast
 * path declines. A fast handler takes only the exact, well-formed request it
 * was built for (e.g. `GET /track/imp?p=<token>`); anything else — another
 * method, extra or encoded query parameters, a token that does not open, a
 * server that is shutting down — returns `false` *before any side effect* and
 * Fastify answers it with its usual validation and error bodies.
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

export interface FastAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Observe = (method: string, route: string, status: number, seconds: number) => void;

export class FastPaths {
  private readonly routes = new Map<string, { handler: FastHandler; headers: Record<string, string> }>();
  /** Set when the server starts closing: from then on Fastify answers (with `Connection: close`). */
  closing = false;
  /** Request metrics, set by the ops module so fast answers are counted like the others. */
  observe: Observe | null = null;
  onError: ((err: unknown) => void) | null = null;

  constructor(private readonly trust: (addr: string, hop: number) => boolean) {}

  /** Serve `GET <path>` on the fast path; `headers` go on every answer of the route, errors included. */
  get(path: string, handler: FastHandler, headers: Record<string, string> = {}): void {
    this.routes.set(path, { handler, headers });
  }

  /** True when the request was taken (and will be answered here). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || req.method !== 'GET' || this.routes.size === 0) return false;
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
      (answer) => this.send(res, route, started, answer),
      (err: unknown) => {
        const a = this.errorAnswer(err);
        this.send(res, route, started, { ...a, headers: { ...entry.headers, ...a.headers } });
      },
    );
    return true;
  }

  private errorAnswer(err: unknown): FastAnswer {
    if (err instanceof DomainError) {
      return { status: err.statusCode, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(domainErrorBody(err)) };
    }
    this.onError?.(err);
    return {
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Internal error' }),
    };
  }

  /** Final headers per answer object: a route's constant answer is measured once. */
  private readonly headerCache = new WeakMap<FastAnswer, Record<string, string | number>>();

  private send(res: ServerResponse, route: string, started: number, a: FastAnswer): void {
    if (res.destroyed) return;
    let headers = this.headerCache.get(a);
    if (!headers) this.headerCache.set(a, (headers = { ...a.headers, 'content-length': Buffer.byteLength(a.body) }));
    // An answer finishing while the server closes ends its connection, so draining does not wait for keep-alive.
    if (this.closing) headers = { ...headers, connection: 'close' };
    res.writeHead(a.status, headers);
    res.end(a.body);
    this.observe?.('GET', route, a.status, (performance.now() - started) / 1000);
  }
}

/**
 * Fastify's `serverFactory`: the same HTTP/1 server Fastify would create (its
 * timeouts and limits), with the fast path in front of Fastify's handler.
 */
export function fastServerFactory(fast: FastPaths) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, opts: FastifyServerOptions): http.Server => {
    const server = http.createServer((req, res) => {
      if (!fast.handle(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
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
