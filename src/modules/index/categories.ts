/** The 22 developer-service categories of the index (spec 3 names Database, Auth and AI as examples). */
export const SERVICE_CATEGORIES = [
  'AI',
  'Analytics',
  'Auth',
  'CI/CD',
  'CMS',
  'Communication',
  'Database',
  'Email',
  'Feature Flags',
  'Hosting',
  'Logging',
  'Maps',
  'Media',
  'Monitoring',
  'Notifications',
  'Payments',
  'Queues',
  'Realtime',
  'Search',
  'Security',
  'Storage',
  'Testing',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

const BY_KEY = new Map<string, ServiceCategory>(
  SERVICE_CATEGORIES.map((c) => [c.toLowerCase().replace(/[^a-z]/g, ''), c]),
);
const ALIASES: Record<string, ServiceCategory> = {
  ml: 'AI',
  llm: 'AI',
  authentication: 'Auth',
  identity: 'Auth',
  ci: 'CI/CD',
  cd: 'CI/CD',
  db: 'Database',
  databases: 'Database',
  sms: 'Communication',
  messaging: 'Communication',
  mail: 'Email',
  flags: 'Feature Flags',
  featureflag: 'Feature Flags',
  deploy: 'Hosting',
  deployment: 'Hosting',
  logs: 'Logging',
  maps: 'Maps',
  location: 'Maps',
  video: 'Media',
  images: 'Media',
  observability: 'Monitoring',
  push: 'Notifications',
  billing: 'Payments',
  jobs: 'Queues',
  queue: 'Queues',
  websockets: 'Realtime',
  secrets: 'Security',
  files: 'Storage',
  tests: 'Testing',
};

const NAMED: Record<string, ServiceCategory> = {
  login: 'Auth',
  signin: 'Auth',
  signup: 'Auth',
  sso: 'Auth',
  oauth: 'Auth',
  passwordless: 'Auth',
  passkeys: 'Auth',
  payment: 'Payments',
  payments: 'Payments',
  subscriptions: 'Payments',
  checkout: 'Payments',
  invoices: 'Payments',
  test: 'Testing',
  testing: 'Testing',
  e2e: 'Testing',
  email: 'Email',
  emails: 'Email',
  newsletter: 'Email',
  sms: 'Communication',
  voice: 'Communication',
  video: 'Media',
  llm: 'AI',
  gpt: 'AI',
  ai: 'AI',
  cms: 'CMS',
  content: 'CMS',
  logs: 'Logging',
  logging: 'Logging',
  uptime: 'Monitoring',
  errors: 'Monitoring',
  apm: 'Monitoring',
  deploy: 'Hosting',
  hosting: 'Hosting',
  host: 'Hosting',
  database: 'Database',
  postgres: 'Database',
  sql: 'Database',
  flags: 'Feature Flags',
  storage: 'Storage',
  uploads: 'Media',
  images: 'Media',
  queue: 'Queues',
  jobs: 'Queues',
  cron: 'Queues',
  realtime: 'Realtime',
  websockets: 'Realtime',
  analytics: 'Analytics',
  secrets: 'Security',
  notifications: 'Notifications',
  push: 'Notifications',
  maps: 'Maps',
  geocoding: 'Maps',
  ci: 'CI/CD',
  pipelines: 'CI/CD',
};

/** Categories a text names outright ("a database for…", "feature flags", "login") — evidence of the kind of service wanted. */
export function categoriesNamed(text: string): Set<ServiceCategory> {
  const out = new Set<ServiceCategory>();
  const words = text.toLowerCase().match(/[a-z0-9/]+/g) ?? [];
  words.forEach((w, i) => {
    const two = i + 1 < words.length ? canonicalCategory(`${w} ${words[i + 1]}`) : null;
    // 'search' alone is too often part of another need ("vector search", "search my logs") to name the category.
    const c = NAMED[w] ?? two ?? (w === 'search' ? undefined : BY_KEY.get(w.replace(/[^a-z]/g, '')));
    if (c) out.add(c);
  });
  return out;
}

/** The canonical category for a name in any case ("feature flags", "ci/cd", "db"), or null. */
export function canonicalCategory(s: string): ServiceCategory | null {
  const k = s.toLowerCase().replace(/[^a-z]/g, '');
  return BY_KEY.get(k) ?? ALIASES[k] ?? null;
}
