import { z } from 'zod';

/** POST /search (spec 3). Optional fields also accept null. */
export const Monetization = z
  .object({
    mode: z.string().max(40).nullish(),
    type: z.string().max(40).nullish(),
    strategy: z.string().max(40).nullish(),
  })
  .catchall(z.unknown());

export const SearchBody = z.object({
  query: z.string().min(1, 'query must not be empty').max(4000, 'query must be at most 4000 characters'),
  search_id: z.string().max(100).nullish(),
  context: z.record(z.string(), z.unknown()).nullish(),
  platform_api_key: z.string().max(200).nullish(),
  external_session_id: z.string().max(500).nullish(),
  external_user_id_hash: z.string().max(200).nullish(),
  external_user_id: z.string().max(500).nullish(),
  hashed_email: z.string().max(200).nullish(),
  email_hash: z.string().max(200).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  monetization: z.union([Monetization, z.string().max(40)]).nullish(),
});
export type SearchInput = z.output<typeof SearchBody>;

export const BrowseQuery = z.object({
  category: z.string().max(100).optional(),
  tag: z.string().max(100).optional(),
  q: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type BrowseInput = z.output<typeof BrowseQuery>;

export const SlugParams = z.object({ slug: z.string().min(1).max(100) });
export const GoParams = z.object({ id: z.string().min(1).max(100) });

export const ConversionBody = z.object({
  grclid: z.string().min(8).max(64),
  order_id: z.string().max(200).nullish(),
  kind: z.string().max(40).nullish(),
  value: z.number().min(0).max(1e9).nullish(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullish(),
});
