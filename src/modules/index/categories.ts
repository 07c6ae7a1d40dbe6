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

const BY_KEY = new Map<string, ServiceCategory>(SERVICE_CATEGORIES.map((c) => [c.toLowerCase().replace(/[^a-z]/g, ''), c]));
const ALIASES: Record<string, ServiceCategory> = {
  ml: 'AI', llm: 'AI', authentication: 'Auth', identity: 'Auth', ci: 'CI/CD', cd: 'CI/CD', db: 'Database', databases: 'Database',
  sms: 'Communication', messaging: 'Communication', mail: 'Email', flags: 'Feature Flags', featureflag: 'Feature Flags',
  deploy: 'Hosting', deployment: 'Hosting', logs: 'Logging', maps: 'Maps', location: 'Maps', video: 'Media', images: 'Media',
  observability: 'Monitoring', push: 'Notifications', billing: 'Payments', jobs: 'Queues', queue: 'Queues', websockets: 'Realtime',
  secrets: 'Security', files: 'Storage', tests: 'Testing',
};

/** The canonical category for a name in any case ("feature flags", "ci/cd", "db"), or null. */
export function canonicalCategory(s: string): ServiceCategory | null {
  const k = s.toLowerCase().replace(/[^a-z]/g, '');
  return BY_KEY.get(k) ?? ALIASES[k] ?? null;
}
