import { z } from 'zod';
import { SHOP_CATEGORIES } from './taxonomy.js';

/** POST /shop/search — every field, default and limit of spec 3. Optional fields also accept null. */
const Message = z.object({
  role: z.string().max(40),
  content: z.string().max(20_000),
});

export const ShopContext = z
  .object({
    style: z.string().max(1000).nullish(),
    vibe: z.string().max(1000).nullish(),
    messages: z.array(Message).max(200).nullish(),
  })
  .catchall(z.unknown());

export const ShopSearchBody = z
  .object({
    query: z.string().max(1000, 'query must be at most 1000 characters').nullish(),
    context: ShopContext.nullish(),
    max_results: z
      .number()
      .int()
      .min(1, 'max_results must be between 1 and 25')
      .max(25, 'max_results must be between 1 and 25')
      .nullish(),
    rerank: z.boolean().nullish(),
    price_min: z.number().min(0, 'price_min must not be negative').max(1e9).nullish(),
    price_max: z.number().min(0, 'price_max must not be negative').max(1e9).nullish(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'currency must be an ISO 4217 code such as USD')
      .nullish(),
    brands: z.array(z.string().max(200)).max(20, 'at most 20 brands').nullish(),
    merchants: z.array(z.string().max(200)).max(20, 'at most 20 merchants').nullish(),
    on_sale_only: z.boolean().nullish(),
    colors: z.array(z.string().max(50)).max(10, 'at most 10 colors').nullish(),
    sizes: z.array(z.string().max(50)).max(10, 'at most 10 sizes').nullish(),
    gender: z.enum(['men', 'women', 'kids']).nullish(),
    categories: z.array(z.enum(SHOP_CATEGORIES)).max(10, 'at most 10 categories').nullish(),
    external_session_id: z.string().max(200, 'external_session_id must be at most 200 characters').nullish(),
    external_user_id: z.string().max(500).nullish(),
    external_user_id_hash: z.string().max(200).nullish(),
    hashed_email: z.string().max(200).nullish(),
    email_hash: z.string().max(200).nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    platform_api_key: z.string().max(200).nullish(),
  })
  .superRefine((b, ctx) => {
    const hasQuery = typeof b.query === 'string' && b.query.trim().length > 0;
    const hasMessages = (b.context?.messages ?? []).some((m) => m.content.trim().length > 0);
    if (!hasQuery && !hasMessages) {
      ctx.addIssue({ code: 'custom', path: ['query'], message: 'query is required unless context.messages is sent' });
    }
    if (b.price_min != null && b.price_max != null && b.price_min > b.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'price_min must not be greater than price_max' });
    }
  });
export type ShopSearchInput = z.output<typeof ShopSearchBody>;
