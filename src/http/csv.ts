import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { csvFileName, csvText } from '../lib/csv.js';

/** `format` on the report endpoints: json (default) or csv (the same rows, as a download). */
export const FormatParam = z
  .enum(['json', 'csv'])
  .optional()
  .describe('json (default) or csv: the same rows as a CSV download');

/** Send report rows as a CSV attachment. */
export const sendCsv = (reply: FastifyReply, report: string, rows: readonly object[]) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(report)}"`)
    .header('cache-control', 'no-store')
    .send(csvText(rows));
