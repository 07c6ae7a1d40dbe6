import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import type { Ctx } from '../../context.js';

/**
 * Fetch a public web page for the service's own background work (pixel
 * verification, ad-unit generation): GET only, short timeout, bounded size,
 * at most 3 redirects, no cookies or credentials. Addresses are checked at
 * connect time (so a DNS answer cannot be swapped between check and use):
 * loopback, private, link-local and other non-public ranges are refused unless
 * `ORBIT_FETCH_PRIVATE_HOSTS` allows them (tests, private deployments).
 */
export class FetchRefused extends Error {}

const BLOCKED = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(a, p, 'ipv4');
}
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(a, p, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) return isPublicAddress(address.slice(7));
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const ok = list.filter((a) => allowPrivate || isPublicAddress(a.address));
      if (ok.length === 0)
        return callback(new FetchRefused(`refusing to fetch a non-public address for ${hostname}`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
      callback(null, ok[0].address, ok[0].family);
    });
  };
}

export interface FetchedPage {
  status: number;
  url: string;
  body: string;
}

export async function fetchPage(
  ctx: Ctx,
  url: string,
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const allowPrivate = ctx.config.fetchPrivateHosts;
  const deadline = Date.now() + timeoutMs;
  let current = url;
  for (let hop = 0; hop <= 3; hop++) {
    const u = new URL(current);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new FetchRefused('only http(s) pages are fetched');
    if (
      net.isIP(u.hostname.replace(/^\[|\]$/g, '')) &&
      !allowPrivate &&
      !isPublicAddress(u.hostname.replace(/^\[|\]$/g, ''))
    ) {
      throw new FetchRefused('refusing to fetch a non-public address');
    }
    const res = await new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const lib = u.protocol === 'https:' ? https : http;
      const req = lib.get(
        u,
        {
          lookup: guardedLookup(allowPrivate),
          timeout: Math.max(1, deadline - Date.now()),
          headers: { 'user-agent': 'OrbitBot/1.0 (+pixel verification)', accept: 'text/html,*/*;q=0.5' },
        },
        (r) => {
          const status = r.statusCode ?? 0;
          if (status >= 300 && status < 400 && r.headers.location) {
            r.resume();
            return resolve({ status, location: new URL(r.headers.location, u).toString(), body: '' });
          }
          const chunks: Buffer[] = [];
          let size = 0;
          r.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) {
              chunks.push(c.subarray(0, Math.max(0, c.length - (size - maxBytes))));
              r.destroy();
              return resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
            }
            chunks.push(c);
          });
          r.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
          r.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
      req.on('error', reject);
    });
    if (res.location) {
      current = res.location;
      continue;
    }
    return { status: res.status, url: current, body: res.body };
  }
  throw new Error('too many redirects');
}
