import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FastPaths } from './fast-path.js';

/**
 * Fast POSTs whose bodies complete during one I/O turn start together once it
 * ends (`FastPaths.startAfterTurn`), in arrival order, and a request that
 * throws while starting does not keep the others of its turn unanswered.
 * Driven with stand-in requests so "the same turn" is exact.
 */
class FakeReq extends EventEmitter {
  readonly method = 'POST';
  readonly url = '/x';
  readonly headers = { 'content-type': 'application/json', 'content-length': '2' };
  readonly socket = { remoteAddress: '127.0.0.1' };
}
class FakeRes {
  destroyed = false;
  status = 0;
  body: string | null = null;
  failWrite = false;
  writeHead(status: number): void {
    if (this.failWrite) throw new Error('socket gone');
    this.status = status;
  }
  end(body: string): void {
    this.body = body;
  }
}

const turnEnds = () => new Promise((r) => setImmediate(r));

function setup() {
  const fast = new FastPaths(() => false);
  const started: string[] = [];
  const errors: unknown[] = [];
  fast.onError = (err) => errors.push(err);
  fast.post(
    '/x',
    async (_req, body) => {
      started.push(JSON.stringify(body));
      return { status: 200, headers: {}, body: 'ok' };
    },
    { bodyLimit: 100, parse: (t) => JSON.parse(t) as unknown },
  );
  const send = (body: string) => {
    const req = new FakeReq();
    const res = new FakeRes();
    expect(fast.handle(req as unknown as IncomingMessage, res as unknown as ServerResponse)).toBe(true);
    return { req, res, arrive: () => (req.emit('data', Buffer.from(body)), req.emit('end')) };
  };
  return { send, started, errors };
}

describe('fast POSTs start after the I/O turn their bodies completed in', () => {
  it('starts the requests of one turn together, in arrival order, once the turn ends', async () => {
    const { send, started } = setup();
    const a = send('{}');
    const b = send('[]');
    a.arrive();
    b.arrive();
    expect(started).toEqual([]); // not during the turn
    await turnEnds();
    for (let i = 0; i < 10 && (a.res.body === null || b.res.body === null); i++) await turnEnds();
    expect(started).toEqual(['{}', '[]']);
    expect([a.res.status, a.res.body, b.res.status, b.res.body]).toEqual([200, 'ok', 200, 'ok']);
  });

  it('a request that throws while starting does not leave the rest of its turn unanswered', async () => {
    const { send, started, errors } = setup();
    const bad = send('{x'); // a body that does not parse: answered at once, and its socket throws
    bad.res.failWrite = true;
    const good = send('[]');
    bad.arrive();
    good.arrive();
    await turnEnds();
    for (let i = 0; i < 10 && good.res.body === null; i++) await turnEnds();
    expect(errors.map((e) => (e as Error).message)).toContain('socket gone');
    expect(started).toEqual(['[]']);
    expect([good.res.status, good.res.body]).toEqual([200, 'ok']);
  });
});
