import type { Ctx } from '../../context.js';
import { BadRequest } from '../../lib/errors.js';
import { hashEmail, hashExternalId, hashPhone, IdentityError } from './identity.js';
import * as repo from './suppressions-repo.js';

/** The suppression (opt-out) list: identities stored only as hashes; their conversions are skipped at ingest. */
type SuppressionInput = { em?: string[]; ph?: string[]; external_id?: string[] };

function suppressionHashes(input: SuppressionInput): string[] {
  const out: string[] = [];
  const add = (field: string, values: string[] | undefined, fn: (v: string) => string) =>
    values?.forEach((v, i) => {
      try {
        out.push(fn(v));
      } catch (err) {
        if (err instanceof IdentityError)
          throw new BadRequest(`${field}[${i}]: ${err.message}`, [{ field: `${field}.${i}`, message: err.message }]);
        throw err;
      }
    });
  add('em', input.em, hashEmail);
  add('ph', input.ph, hashPhone);
  add('external_id', input.external_id, hashExternalId);
  return out;
}

export async function addSuppressions(ctx: Ctx, advertiserId: string, input: SuppressionInput) {
  const added = await repo.addSuppressions(ctx.db, advertiserId, suppressionHashes(input), ctx.clock.now());
  return { added, total: await repo.countSuppressions(ctx.db, advertiserId) };
}

export async function removeSuppressions(ctx: Ctx, advertiserId: string, input: SuppressionInput) {
  const removed = await repo.removeSuppressions(ctx.db, advertiserId, suppressionHashes(input));
  return { removed, total: await repo.countSuppressions(ctx.db, advertiserId) };
}

export const suppressionCount = async (ctx: Ctx, advertiserId: string) => ({
  total: await repo.countSuppressions(ctx.db, advertiserId),
});
