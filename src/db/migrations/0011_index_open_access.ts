import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Index access is open by default (issue 24, spec 3 §5: "any production-approved
 * publisher key works; no separate index entitlement"): `index_approved` becomes
 * the operator's per-publisher switch, on unless turned off. Until now nothing
 * could turn it on, so every existing publisher gets it.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`UPDATE publishers SET index_approved = 1`.execute(db);
}
