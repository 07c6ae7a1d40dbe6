import type { Ctx } from '../../context.js';
import type { IndexLinkTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { terms } from '../../lib/text.js';
import { createLlm } from '../../lib/llm.js';
import { loadServable } from '../campaigns/service.js';
import * as catalog from './catalog.js';
import { categoriesNamed } from './categories.js';
import * as core from './core.js';
import type { SearchInput } from './schemas.js';
import { valueCache } from '../../caches.js';
import { isShoppingQuery } from './shopping-query.js';
import { explain, flattenContext, PICK_SYSTEM } from './reasoning.js';

/**
 * POST /search (spec 3): retrieval over the services catalog (BM25 over the
 * query, weighed context, the earlier search of a follow-up and the private
 * session summary), then one pick with reasoning — the configured LLM, or the
 * deterministic explainer — plus setup details and tracked links.
 */
export interface Recommendation {
  name: string;
  slug: string;
  category: string;
  description: string;
  website_url: string;
  docs_url?: string;
}

export interface SearchResponse {
  search_id: string;
  recommendation: Recommendation | null;
  reasoning: string;
  install?: catalog.Install;
  credential_request?: {
    setup_url: string;
    required_env_vars: string[];
    user_message: string;
    agent_instruction: string;
    grclid: string;
  };
  click_url?: string;
  grclid?: string;
}

/* ---------- monetization ---------- */

/** Campaigns that are live now and buy acquisitions (src/caches.ts `cpaCampaigns`: 30 s, campaign changes invalidate it). */
function activeCpaCampaigns(ctx: Ctx): Promise<Set<string>> {
  return valueCache<Set<string>>(ctx, 'cpaCampaigns').get(ctx.clock.now(), async () => {
    const rows = await loadServable(ctx);
    return new Set(
      rows.campaigns
        .filter(
          (c) =>
            (c.billing_model ?? '').toLowerCase().includes('cpa') ||
            (c.max_cpa_micros ?? 0) > 0 ||
            (c.conversion_type ?? '') !== '',
        )
        .map((c) => c.id),
    );
  });
}

/** The boost a CPA service may get: 8% of its score, and only when it is already within 10% of the best match. */
export const CPA_BOOST = 0.08;
export const CPA_WINDOW = 0.9;

function monetizationMode(m: SearchInput['monetization']): 'boost_cpa' | 'off' {
  if (!m) return 'off';
  const v = typeof m === 'string' ? m : (m.mode ?? m.type ?? m.strategy ?? '');
  return v.toLowerCase() === 'boost_cpa' ? 'boost_cpa' : 'off';
}

/* ---------- the search ---------- */

const FOLLOW_UP_EXCLUDE = /\b(alternative|alternatives|instead|other|another|else|different|besides|not that)\b/i;

export async function searchServices(
  ctx: Ctx,
  input: SearchInput & { apiKey?: string | null },
): Promise<SearchResponse> {
  const caller = await core.authorizeCaller(ctx, input.apiKey ?? input.platform_api_key);
  const ids = core.identity(input);
  const query = core.cleanText(input.query).replace(/\s+/g, ' ').trim();
  const parent = input.search_id ? await core.ownSearch(ctx, caller.publisherId, input.search_id) : null;
  const summary = await core.sessionSummary(ctx, caller.publisherId, ids.session_hash);
  const contextText = flattenContext(input.context);
  const searchId = newId();
  const now = ctx.clock.now();
  const mode = monetizationMode(input.monetization);
  const base = {
    id: searchId,
    vertical: 'services',
    publisher_id: caller.publisherId,
    parent_id: parent?.id ?? null,
    query,
    context_json: input.context ? JSON.stringify(input.context).slice(0, 20_000) : null,
    metadata_json: input.metadata ? JSON.stringify(input.metadata).slice(0, 8000) : null,
    ...ids,
    created_at: now,
  };

  if (isShoppingQuery(query)) {
    await core.saveSearch(ctx, { ...base, result_json: JSON.stringify({ shopping: true }), boosted: 0 }, []);
    return {
      search_id: searchId,
      recommendation: null,
      reasoning: `"${query.slice(0, 120)}" is a request for a physical product, not a developer service: send it to POST /shop/search for in-stock products with prices and tracked buy links.`,
    };
  }

  // Retrieval: the query weighs most; the follow-up's earlier ask, the project context and the session notes add evidence.
  const weights = new Map<string, number>();
  const add = (text: string, w: number) => {
    for (const t of terms(text, 4000)) weights.set(t, Math.max(weights.get(t) ?? 0, w));
  };
  add(summary ?? '', 0.15);
  add(contextText, 0.3);
  if (parent) add(parent.query, 0.5);
  add(query, 1);
  const snap = await catalog.snapshot(ctx);
  const previous = parent?.result_json ? (JSON.parse(parent.result_json) as { slug?: string }).slug : undefined;
  let ranked = catalog.rankServices(snap, weights, { categories: categoriesNamed(query), prior: true });
  if (previous && FOLLOW_UP_EXCLUDE.test(query)) ranked = ranked.filter((r) => r.service.slug !== previous);
  // The best match must be evidenced by the query itself, not only by context.
  const queryTerms = new Set(terms(query));
  const evidenced = ranked.filter(
    (r) =>
      [...queryTerms].some((t) => snap.docs.find((d) => d.service === r.service)?.tf.has(t)) || (parent && r.score > 0),
  );
  let candidates = evidenced.slice(0, 8);
  let boosted = 0;
  if (mode === 'boost_cpa' && candidates.length) {
    const cpa = await activeCpaCampaigns(ctx);
    const best = candidates[0].score;
    candidates = candidates
      .map((c) => {
        const eligible =
          c.service.cpa_campaign_id && cpa.has(c.service.cpa_campaign_id) && c.score >= CPA_WINDOW * best;
        return eligible ? { ...c, score: c.score * (1 + CPA_BOOST), boosted: true } : { ...c, boosted: false };
      })
      .sort((a, b) => b.score - a.score);
    if ((candidates[0] as { boosted?: boolean }).boosted) boosted = 1;
  }

  let pick: catalog.Service | null = candidates[0]?.service ?? null;
  let reasoning: string | null = null;
  const llm = createLlm(ctx.config);
  if (llm && candidates.length) {
    try {
      const text = await llm.complete(
        [
          { role: 'system', content: PICK_SYSTEM },
          {
            role: 'user',
            content: JSON.stringify({
              need: query,
              project_context: input.context ?? null,
              earlier_in_this_conversation: [parent?.query, summary].filter(Boolean).join('\n').slice(0, 1500) || null,
              candidates: candidates.map((c) => ({
                slug: c.service.slug,
                name: c.service.name,
                category: c.service.category,
                description: c.service.description,
                tags: c.service.tags,
              })),
            }),
          },
        ],
        { json: true, maxTokens: 400, temperature: 0 },
      );
      const out = JSON.parse(text.replace(/^```(json)?|```$/g, '').trim()) as { slug?: unknown; reasoning?: unknown };
      const chosen = candidates.find((c) => c.service.slug === out.slug);
      if (out.slug === null) {
        pick = null;
        reasoning = typeof out.reasoning === 'string' ? out.reasoning.trim().slice(0, 800) : null;
      } else if (chosen && typeof out.reasoning === 'string' && out.reasoning.trim()) {
        pick = chosen.service;
        reasoning = out.reasoning.replace(/\s+/g, ' ').trim().slice(0, 800);
      }
    } catch (err) {
      ctx.log.warn({ err }, 'index reasoning model failed; using the built-in explainer');
    }
  }

  const links: IndexLinkTable[] = [];
  let response: SearchResponse;
  if (!pick) {
    response = {
      search_id: searchId,
      recommendation: null,
      reasoning:
        reasoning ??
        `No developer service in the catalog matches "${query.slice(0, 120)}". Try naming the capability you need (for example "transactional email API" or "managed Postgres").`,
    };
  } else {
    const grclid = newId();
    links.push({
      id: grclid,
      grclid,
      search_id: searchId,
      publisher_id: caller.publisherId,
      kind: 'service',
      target_id: pick.slug,
      destination: pick.website_url,
      title: pick.name,
      image_url: null,
      price_label: null,
      commission_bps: 0,
      created_at: now,
    });
    response = {
      search_id: searchId,
      recommendation: {
        name: pick.name,
        slug: pick.slug,
        category: pick.category,
        description: pick.description,
        website_url: pick.website_url,
        ...(pick.docs_url ? { docs_url: pick.docs_url } : {}),
      },
      reasoning: reasoning ?? explain(query, pick, contextText, !!parent),
      ...(pick.install ? { install: pick.install } : {}),
      click_url: core.clickUrl(ctx, grclid),
      grclid,
    };
    if (pick.env_vars.length) {
      const setupId = newId();
      links.push({
        id: setupId,
        grclid,
        search_id: searchId,
        publisher_id: caller.publisherId,
        kind: 'setup',
        target_id: pick.slug,
        destination: pick.credential_setup_url ?? pick.website_url,
        title: `${pick.name} credentials`,
        image_url: null,
        price_label: null,
        commission_bps: 0,
        created_at: now,
      });
      const setupUrl = core.clickUrl(ctx, setupId);
      response.credential_request = {
        setup_url: setupUrl,
        required_env_vars: pick.env_vars,
        user_message: `To finish setting up ${pick.name}, open ${setupUrl}, create the credentials, and paste ${pick.env_vars.join(', ')} back here.`,
        agent_instruction: `Show user_message to the user verbatim and wait for the values. Store ${pick.env_vars.join(', ')} as environment variables (for example in .env, which must not be committed); never print them back or put them in source code.`,
        grclid,
      };
    }
  }
  await core.saveSearch(ctx, { ...base, result_json: JSON.stringify({ slug: pick?.slug ?? null }), boosted }, links);
  await core.noteSession(ctx, caller.publisherId, ids.session_hash, query);
  return response;
}
