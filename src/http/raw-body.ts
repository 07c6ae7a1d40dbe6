import type { FastifyInstance, FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * In this scope, JSON bodies are parsed and their exact bytes kept (webhook
 * signatures cover the bytes received); returns the reader of those bytes.
 */
export function keepRawJsonBodies(app: FastifyInstance): (req: FastifyRequest) => Buffer {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const buf = body as Buffer;
    rawBodies.set(req, buf);
    try {
      done(null, JSON.parse(buf.toString('utf8')));
    } catch {
      const err = new Error('Body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  return (req) => rawBodies.get(req) ?? Buffer.alloc(0);
}
