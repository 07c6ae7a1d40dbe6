import { UAParser } from 'ua-parser-js';
import { isbot } from 'isbot';
import geoip from 'geoip-country';
import { compile as compileTrust } from '@fastify/proxy-addr';
import type { DeviceType } from './placement-types.js';

/** Facts about the end user's request, from maintained libraries: device class from the UA, bots from isbot, country from geoip-country. */
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

/**
 * The end user's country (ISO 3166-1 alpha-2) from their IP, by the embedded
 * database of `geoip-country` (IPv4, IPv6 and IPv4-mapped IPv6); '' when the
 * address is private, reserved, malformed or unknown. This is the fallback
 * wherever a request does not state the country itself.
 */
export function countryOf(ip: string | undefined): string {
  if (!ip || ip.length > 64) return '';
  try {
    return normaliseCountry(geoip.lookup(ip)?.country);
  } catch {
    return '';
  }
}

/**
 * Fastify's `trustProxy` for the spec's proxy rule: the end user is the
 * *first* address of `X-Forwarded-For`, believed only when the connecting peer
 * is a configured trusted proxy (IPs, CIDRs, or proxy-addr's names such as
 * `loopback`; `none` trusts no one). From any other peer the header is ignored and the peer is the
 * client. Fastify walks hops from the peer outwards: hop 0 is the peer, and
 * once it is trusted every further hop is taken so the walk ends at the first
 * address.
 */
export function forwardedForTrust(trusted: string[]): (addr: string, hop: number) => boolean {
  const list = trusted.filter((t) => t !== 'none');
  if (list.length === 0) return () => false;
  const peerTrusted = compileTrust(list);
  return (addr, hop) => (hop === 0 ? peerTrusted(addr, 0) : true);
}
