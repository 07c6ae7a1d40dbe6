/**
 * The conversions module's entry point: other modules and the routes call it
 * here. The work is split by operation:
 * - ingest.ts: the gateway batch (`ingestEvents`), webhook receipts without a conversion;
 * - prepare.ts: one event validated and hashed; attribution.ts: the join to its click;
 * - dedup.ts: the 48 h dedup (in the batch; the window; the purge), caps.ts: per-click caps;
 * - pixel.ts: browser pixel events; suppressions.ts: the opt-out list;
 * - reports.ts: conversion reports and the gateway status.
 * SQL: repo.ts (the batch commit), suppressions-repo.ts, reports-repo.ts.
 */
export { DEDUP_WINDOW_MS } from './dedup.js';
export { ATTRIBUTION_WINDOW_MS } from './attribution.js';
export type { ConversionSource } from './caps.js';
export { ingestEvents, recordIgnoredDelivery, type IngestOptions } from './ingest.js';
export { recordPixelEvents } from './pixel.js';
export { addSuppressions, removeSuppressions, suppressionCount } from './suppressions.js';
export { conversionStats, eventsAnalytics, gatewayStatus, listConversions } from './reports.js';
