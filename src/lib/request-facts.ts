import { UAParser } from 'ua-parser-js';
import { isbot } from 'isbot';
import type { DeviceType } from './placement-types.js';

/** Facts about the end user's request, from maintained libraries: device class from the UA, bots from isbot. */
const deviceCache = new Map<string, DeviceType>();

export function deviceType(ua: string | undefined): DeviceType {
  if (!ua) return 'desktop';
  const hit = deviceCache.get(ua);
  if (hit) return hit;
  const t = new UAParser(ua).getDevice().type;
  const d: DeviceType = t === 'mobile' || t === 'wearable' ? 'mobile' : t === 'tablet' ? 'tablet' : 'desktop';
  if (deviceCache.size > 5000) deviceCache.clear();
  deviceCache.set(ua, d);
  return d;
}

const botCache = new Map<string, boolean>();

export function isBot(ua: string | undefined): boolean {
  if (!ua) return true; // real browsers always send a User-Agent
  const hit = botCache.get(ua);
  if (hit !== undefined) return hit;
  const b = isbot(ua);
  if (botCache.size > 5000) botCache.clear();
  botCache.set(ua, b);
  return b;
}

/** ISO 3166-1 alpha-2, upper case, or '' when unknown. */
export function normaliseCountry(c: unknown): string {
  return typeof c === 'string' && /^[A-Za-z]{2}$/.test(c) ? c.toUpperCase() : '';
}
