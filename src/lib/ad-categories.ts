/**
 * Ad categories: what an advertiser states a campaign is about, and what a
 * publisher can block in its app (publisher blocks, serving). A broad,
 * IAB-like first tier plus the sensitive categories publishers most often
 * exclude (the ones ad platforms list separately: alcohol, dating,
 * gambling, politics…). One home: the API schemas, the serving filter and
 * the dashboard (which imports this file) use this list.
 */
export const AD_CATEGORIES = [
  ['arts_entertainment', 'Arts & entertainment'],
  ['automotive', 'Automotive'],
  ['beauty_fashion', 'Beauty & fashion'],
  ['business_services', 'Business services'],
  ['careers', 'Careers & jobs'],
  ['education', 'Education'],
  ['finance', 'Finance & insurance'],
  ['food_drink', 'Food & drink'],
  ['games', 'Games'],
  ['health_wellness', 'Health & wellness'],
  ['home_garden', 'Home & garden'],
  ['legal', 'Legal services'],
  ['news_media', 'News & media'],
  ['pets', 'Pets'],
  ['real_estate', 'Real estate'],
  ['shopping', 'Shopping & retail'],
  ['software_technology', 'Software & technology'],
  ['sports_fitness', 'Sports & fitness'],
  ['travel', 'Travel'],
  // Sensitive categories.
  ['alcohol', 'Alcohol'],
  ['crypto', 'Cryptocurrency'],
  ['dating', 'Dating'],
  ['gambling', 'Gambling & betting'],
  ['politics', 'Politics & advocacy'],
  ['religion', 'Religion & spirituality'],
  ['tobacco_vaping', 'Tobacco & vaping'],
  ['weight_loss', 'Weight loss'],
] as const;

export type AdCategory = (typeof AD_CATEGORIES)[number][0];
export const AD_CATEGORY_IDS = AD_CATEGORIES.map(([id]) => id) as [AdCategory, ...AdCategory[]];
export const SENSITIVE_AD_CATEGORIES: ReadonlySet<string> = new Set([
  'alcohol',
  'crypto',
  'dating',
  'gambling',
  'politics',
  'religion',
  'tobacco_vaping',
  'weight_loss',
]);

const LABELS = new Map<string, string>(AD_CATEGORIES);

/** The readable name of a category id (the id itself when unknown; "Uncategorised" for none). */
export const adCategoryLabel = (id: string | null | undefined): string =>
  id ? (LABELS.get(id) ?? id) : 'Uncategorised';
