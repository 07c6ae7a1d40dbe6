/**
 * Sensitive-topic categories: conversations next to which no brand should
 * appear. Every category blocks by default (the platform's floor); a
 * publisher's `excludedTopics` that names a category (or one of its aliases)
 * blocks it at a lower confidence too — the publisher asked to stay further
 * away from it.
 */
export const SAFETY_CATEGORIES = [
  'self-harm',
  'death-grief',
  'medical-crisis',
  'pregnancy-loss',
  'abuse-violence',
  'minors',
  'eating-disorder',
  'addiction',
  'legal-trouble',
  'financial-distress',
  'adult',
  'hate',
] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

/**
 * Categories the model may name only when the conversation mentions what the
 * category is about (a concept of concepts.ts). Hate speech targets a group:
 * without a group word its head fires on generic wording ("all", "are",
 * "people") — a shopping question carrying a prompt injection read as hate.
 * Lexicon hits are not gated. Record 0036 (round 4).
 */
export const REQUIRED_CONCEPT: Partial<Record<SafetyCategory, string>> = { hate: 'GROUP_HATE' };

/** Words a publisher may write in `excludedTopics` for each category (the category's own name included). */
const ALIASES: Record<SafetyCategory, string[]> = {
  'self-harm': ['self-harm', 'self harm', 'suicide', 'suicidal'],
  'death-grief': ['death-grief', 'death', 'grief', 'bereavement', 'tragedy', 'mourning'],
  'medical-crisis': [
    'medical-crisis',
    'medical',
    'illness',
    'serious illness',
    'medical emergency',
    'health crisis',
    'cancer',
  ],
  'pregnancy-loss': ['pregnancy-loss', 'pregnancy loss', 'miscarriage', 'stillbirth'],
  'abuse-violence': ['abuse-violence', 'abuse', 'violence', 'domestic violence', 'assault', 'crime'],
  minors: ['minors', 'children', 'kids', 'child safety', 'minor'],
  'eating-disorder': ['eating-disorder', 'eating disorder', 'eating disorders', 'anorexia', 'bulimia'],
  addiction: ['addiction', 'substance abuse', 'drugs', 'alcoholism', 'problem gambling'],
  'legal-trouble': ['legal-trouble', 'legal', 'legal trouble', 'immigration', 'arrest', 'criminal'],
  'financial-distress': ['financial-distress', 'financial distress', 'debt', 'poverty', 'bankruptcy', 'eviction'],
  adult: ['adult', 'sexual', 'sex', 'porn', 'nsfw', 'explicit'],
  hate: ['hate', 'hate speech', 'racism', 'extremism', 'discrimination'],
};

const BY_ALIAS = new Map<string, SafetyCategory>();
for (const c of SAFETY_CATEGORIES) for (const a of ALIASES[c]) BY_ALIAS.set(a, c);

/** The safety categories a request's `excludedTopics` names (other topics stay phrase exclusions). */
export function categoriesOfTopics(topics: readonly string[] | undefined): Set<SafetyCategory> {
  const out = new Set<SafetyCategory>();
  for (const t of topics ?? []) {
    const c =
      BY_ALIAS.get(t.trim().toLowerCase().replace(/_/g, '-')) ??
      BY_ALIAS.get(t.trim().toLowerCase().replace(/[-_]/g, ' '));
    if (c) out.add(c);
  }
  return out;
}

export const isSafetyCategory = (s: string): s is SafetyCategory =>
  (SAFETY_CATEGORIES as readonly string[]).includes(s);
