import type { Config } from '../../config.js';

/**
 * Exchange rates for shop filters and displayed prices: units of a currency
 * per 1 USD. A built-in table (reference rates; the operator overrides any of
 * them with ORBIT_FX_RATES=`EUR=0.92,GBP=0.79`). A currency outside the table
 * is not accepted (422), never guessed.
 */
const BUILT_IN: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.37,
  AUD: 1.52,
  NZD: 1.66,
  JPY: 151.0,
  CHF: 0.89,
  SEK: 10.6,
  NOK: 10.8,
  DKK: 6.86,
  PLN: 3.98,
  CZK: 23.1,
  HUF: 362,
  INR: 83.3,
  SGD: 1.35,
  HKD: 7.82,
  CNY: 7.24,
  KRW: 1370,
  MXN: 17.1,
  BRL: 5.1,
  ZAR: 18.6,
  AED: 3.67,
  ILS: 3.7,
  TRY: 32.4,
};

export type FxTable = Readonly<Record<string, number>>;

const cache = new WeakMap<Config, FxTable>();

export function fxTable(config: Config): FxTable {
  const hit = cache.get(config);
  if (hit) return hit;
  const table: Record<string, number> = { ...BUILT_IN };
  for (const part of (config.fxRates ?? '').split(',')) {
    const m = /^\s*([A-Za-z]{3})\s*=\s*([0-9]*\.?[0-9]+)\s*$/.exec(part);
    if (m && Number(m[2]) > 0) table[m[1].toUpperCase()] = Number(m[2]);
  }
  cache.set(config, table);
  return table;
}

/** Convert an amount between currencies of the table (throws on an unknown currency: callers validate first). */
export function convert(table: FxTable, amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const f = table[from];
  const t = table[to];
  if (!f || !t) throw new RangeError(`no exchange rate for ${!f ? from : to}`);
  return (amount / f) * t;
}

/** Round to the currency's minor unit for display (0 decimals for JPY/KRW/HUF, 2 otherwise). */
export function roundMoney(amount: number, currency: string): number {
  const d = ['JPY', 'KRW', 'HUF'].includes(currency) ? 0 : 2;
  const f = 10 ** d;
  return Math.round(amount * f) / f;
}
