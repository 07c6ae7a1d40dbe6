import type OpenAI from 'openai';
import type { Config } from '../config.js';
import { lazyRequire } from './lazy.js';

/**
 * The one adapter to a language model: any OpenAI-compatible endpoint
 * (configured by ORBIT_LLM_BASE_URL / ORBIT_LLM_API_KEY / ORBIT_LLM_MODEL).
 * `createLlm` returns null when none is configured; every caller has a
 * deterministic built-in fallback. Text given to the model is data: callers
 * put user content in the user message, never in the instructions.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Llm {
  readonly model: string;
  /** One completion. Throws on timeout or error (callers fall back). */
  complete(
    messages: ChatMessage[],
    opts?: { maxTokens?: number; timeoutMs?: number; json?: boolean; temperature?: number },
  ): Promise<string>;
}

const openai = lazyRequire<typeof import('openai')>('openai');
/** The endpoint's client (the `openai` package is loaded only when an endpoint is configured). */
const clientFor = (config: Config & { llmBaseUrl: string }): OpenAI =>
  new (openai().default)({
    baseURL: config.llmBaseUrl,
    apiKey: config.llmApiKey ?? 'none',
    maxRetries: 0,
    timeout: config.llmTimeoutMs,
  });

export function createLlm(config: Config): Llm | null {
  if (!config.llmBaseUrl) return null;
  const client = clientFor({ ...config, llmBaseUrl: config.llmBaseUrl });
  return {
    model: config.llmModel,
    async complete(messages, opts = {}) {
      const res = await client.chat.completions.create(
        {
          model: config.llmModel,
          messages,
          max_tokens: opts.maxTokens ?? 400,
          temperature: opts.temperature ?? 0.2,
          ...(opts.json ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { timeout: opts.timeoutMs ?? config.llmTimeoutMs },
      );
      const text = res.choices[0]?.message?.content;
      if (typeof text !== 'string') throw new Error('LLM returned no content');
      return text;
    },
  };
}

/** Text embeddings from the same endpoint (`ORBIT_EMBEDDING_MODEL`); null when either is not configured. */
export interface Embeddings {
  readonly model: string;
  /** One vector per text, in order. Throws on timeout or error (callers fall back). */
  embed(texts: string[], opts?: { timeoutMs?: number }): Promise<number[][]>;
}

export function createEmbeddings(config: Config): Embeddings | null {
  if (!config.llmBaseUrl || !config.embeddingModel) return null;
  const model = config.embeddingModel;
  const client = clientFor({ ...config, llmBaseUrl: config.llmBaseUrl });
  return {
    model,
    async embed(texts, opts = {}) {
      if (texts.length === 0) return [];
      const res = await client.embeddings.create(
        { model, input: texts },
        { timeout: opts.timeoutMs ?? config.llmTimeoutMs },
      );
      const out = new Array<number[]>(texts.length);
      for (const d of res.data) out[d.index] = d.embedding;
      if (out.some((v) => !Array.isArray(v))) throw new Error('embedding endpoint returned too few vectors');
      return out;
    },
  };
}
