import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from './llm.js';
import { loadConfig } from '../config.js';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.js';

describe('LLM adapter', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm((r) => `echo:${r.messages.at(-1)?.content}`);
  });
  afterAll(() => fake.close());

  it('is absent when no endpoint is configured', () => {
    expect(createLlm(loadConfig({}, {}))).toBeNull();
  });

  it('talks to an OpenAI-compatible endpoint', async () => {
    const llm = createLlm(loadConfig({ llmBaseUrl: fake.baseUrl, llmModel: 'test-model' }, {}))!;
    const out = await llm.complete([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hello' },
    ]);
    expect(out).toBe('echo:hello');
    expect(fake.requests.at(-1)?.model).toBe('test-model');
  });
});
