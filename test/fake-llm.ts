import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests: answers
 * POST /v1/chat/completions with whatever `reply` returns for the request,
 * and records every request it saw.
 */
export interface FakeLlm {
  baseUrl: string; // e.g. http://127.0.0.1:1234/v1
  requests: { model: string; messages: { role: string; content: string }[] }[];
  close(): Promise<void>;
}

export async function startFakeLlm(
  reply: (req: { model: string; messages: { role: string; content: string }[] }) => string | Promise<string>,
  opts: { delayMs?: number } = {},
): Promise<FakeLlm> {
  const requests: FakeLlm['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as FakeLlm['requests'][number];
      requests.push(parsed);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const content = await reply(parsed);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
