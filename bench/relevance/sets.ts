import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataset, type EvalConversation, type EvalGroup } from './dataset.js';

/**
 * Labelled ad-relevance sets in the adrel format (../shared/data/adrel-dev/):
 * a folder with `advertisers.json` ({advertisers: [{id, account, campaign}]},
 * each campaign shaped like the body of POST /advertiser-dashboard/campaigns)
 * and one `conversations*.json` ({conversations: [{id, acceptable, country,
 * tags, messages, excludedTopics?}]}). The team's own set (dataset.txt) is
 * converted to the same shape, so every set runs through the same server path.
 */
export interface SetAdvertiser {
  id: string;
  account: { name: string; email?: string; payment_method?: boolean; credits?: number };
  campaign: Record<string, unknown> & { ad_groups?: Record<string, unknown>[] };
}

export interface SetConversation {
  id: string;
  acceptable: string[];
  country?: string;
  tags: string[];
  messages: { role: 'user' | 'assistant'; content: string }[];
  excludedTopics?: string[];
}

export interface LabelledSet {
  name: string;
  advertisers: SetAdvertiser[];
  conversations: SetConversation[];
}

/** Reads a set folder: advertisers.json plus the first conversations*.json. */
export function loadSetDir(dir: string): LabelledSet {
  const adv = JSON.parse(fs.readFileSync(path.join(dir, 'advertisers.json'), 'utf8')) as
    { advertisers?: SetAdvertiser[] } | SetAdvertiser[];
  const convFile = fs
    .readdirSync(dir)
    .filter((f) => /^conversations.*\.json$/.test(f))
    .sort()[0];
  if (!convFile) throw new Error(`${dir}: no conversations*.json`);
  const conv = JSON.parse(fs.readFileSync(path.join(dir, convFile), 'utf8')) as
    { conversations?: SetConversation[] } | SetConversation[];
  const advertisers = Array.isArray(adv) ? adv : (adv.advertisers ?? []);
  const conversations = (Array.isArray(conv) ? conv : (conv.conversations ?? [])).map((c) => ({
    ...c,
    tags: c.tags ?? [],
  }));
  if (advertisers.length === 0 || conversations.length === 0)
    throw new Error(`${dir}: no advertisers or no conversations`);
  const ids = new Set(advertisers.map((a) => a.id));
  for (const c of conversations)
    for (const a of c.acceptable)
      if (!ids.has(a)) throw new Error(`${dir}: conversation ${c.id} names unknown advertiser ${a}`);
  return { name: path.basename(path.resolve(dir)), advertisers, conversations };
}

/** The team's own set (dataset.txt): each ad group becomes an advertiser with one campaign. */
export function teamSet(): LabelledSet {
  const { groups, conversations } = loadDataset();
  return asSet('team (dataset.txt)', groups, conversations, (c) =>
    c.fits.length === 0 && c.vertical === 'sensitive' ? ['sensitive:team'] : [],
  );
}

/**
 * lang-dev.txt: TEAM-WRITTEN non-English development conversations (es, de,
 * fr, pt, it, nl) against the team set's advertisers, written for issue 23
 * before the code they measure changed. Not an independent set. Its V lines
 * name the language ("es", "es/sensitive", "es/off-topic").
 */
export function langDevSet(): LabelledSet {
  const team = loadDataset();
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lang-dev.txt');
  const { conversations } = loadDataset(file, team.groups);
  return asSet('lang-dev (team-written)', team.groups, conversations, (c) => {
    const [lang, kind] = c.vertical.split('/');
    return ['non-english', `lang:${lang}`, ...(kind === 'sensitive' ? ['sensitive:lang-dev'] : [])];
  });
}

/**
 * nearmiss-dev.txt: TEAM-WRITTEN development conversations that stress the
 * "no ad when none fits" decision (informational questions, word senses,
 * things no advertiser sells, complaints) beside clearly commercial ones,
 * against the team set's advertisers. Not an independent set. Its V lines are
 * "nearmiss/<kind>" (English) or "<lang>/<kind>" (es, de, fr, pt).
 */
export function nearmissDevSet(): LabelledSet {
  const team = loadDataset();
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nearmiss-dev.txt');
  const { conversations } = loadDataset(file, team.groups);
  return asSet('nearmiss-dev (team-written)', team.groups, conversations, (c) => {
    const [lang, kind] = c.vertical.split('/');
    return [...(lang === 'nearmiss' ? [] : ['non-english', `lang:${lang}`]), `nearmiss:${kind}`];
  });
}

/** A set in dataset.txt form as a labelled set: each ad group becomes an advertiser with one campaign. */
function asSet(
  name: string,
  groups: readonly EvalGroup[],
  conversations: readonly EvalConversation[],
  tagsOf: (c: EvalConversation) => string[],
): LabelledSet {
  return {
    name,
    advertisers: groups.map((g) => ({
      id: g.id,
      account: { name: g.name, payment_method: true },
      campaign: {
        name: g.name,
        landing_page: `https://${g.id}.example/`,
        daily_budget: 100,
        max_cpc: 1,
        ad_groups: [
          {
            name: g.name,
            group_type: 'manual',
            brand_name: g.name.split(' ')[0],
            context: g.context,
            ...(g.negative ? { negative_context: g.negative } : {}),
            ads: [{ headline: g.name, copy: `${g.name}: ${g.context.slice(0, 80)}`, cta: 'Learn more' }],
          },
        ],
      },
    })),
    conversations: conversations.map((c) => ({
      id: `t${c.id}`,
      acceptable: c.fits,
      country: 'US',
      tags: [...(c.messages.filter((m) => m.role === 'user').length > 1 ? ['multi-turn'] : []), ...tagsOf(c)],
      messages: c.messages,
      ...(c.excluded.length ? { excludedTopics: c.excluded } : {}),
    })),
  };
}
