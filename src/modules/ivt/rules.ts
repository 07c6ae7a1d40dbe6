/**
 * Invalid traffic (IVT), in the spirit of the IAB/MRC Invalid Traffic
 * Detection and Filtration guidelines: the reasons an impression or a click is
 * recorded but never charged nor counted as human, and the pure rules that
 * give them. Imported by the journal's writer thread: no imports here.
 *
 * General invalid traffic (GIVT), from the request alone or a lookup:
 * - `bot`            a known bot, spider or crawler user agent (isbot)
 * - `no_user_agent`  no User-Agent at all (every browser sends one)
 * - `datacenter`     an address in a configured data-centre range
 * - `prefetch`       a prefetch or link-preview request (Purpose/Sec-Purpose: prefetch, X-Moz, X-Purpose: preview)
 * - `duplicate_click` the same user clicking the same ad again within the window, or the same served ad again
 * - `no_impression`  a click on a served ad whose impression was never recorded
 * - `too_fast`       a click sooner after its impression than a person can click
 * Sophisticated invalid traffic (SIVT), a first layer from shared counters:
 * - `ip_click_velocity`     more clicks from one address per minute than people behind one address make
 * - `user_click_velocity`   more clicks from one user (address + user agent) per minute
 * - `publisher_ctr_anomaly` clicks from a publisher whose click-through over the last hour is implausible
 */
export const IVT_REASONS = [
  'bot',
  'no_user_agent',
  'datacenter',
  'prefetch',
  'duplicate_click',
  'no_impression',
  'too_fast',
  'ip_click_velocity',
  'user_click_velocity',
  'publisher_ctr_anomaly',
] as const;
export type IvtReason = (typeof IVT_REASONS)[number];

/** Which reasons are general (GIVT) and which sophisticated (SIVT), for the reports. */
export const SIVT_REASONS: ReadonlySet<string> = new Set([
  'ip_click_velocity',
  'user_click_velocity',
  'publisher_ctr_anomaly',
]);

/**
 * A click on a served ad, judged against its impression: none recorded (a
 * human impression of the same click id, before or in the same commit) is
 * `no_impression`; one less than `minDelayMs` before it is `too_fast`.
 */
export function clickVersusImpression(
  clickAt: number,
  impressionAt: number | undefined,
  minDelayMs: number,
): IvtReason | null {
  if (impressionAt === undefined) return 'no_impression';
  if (clickAt - impressionAt < minDelayMs) return 'too_fast';
  return null;
}

/** Request headers that mark a prefetch or a link preview (not a person looking at the ad). */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'];
  if (typeof purpose === 'string' && /prefetch|prerender|preview/i.test(purpose)) return true;
  const moz = headers['x-moz'];
  return typeof moz === 'string' && /prefetch/i.test(moz);
}
