import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashIdentity, identityJson, IdentityError } from './identity.js';

/** identity_json is written by concatenation: it must be exactly JSON.stringify of the hashed identity. */
describe('identityJson', () => {
  const hex = fc.stringMatching(/^[0-9a-fA-F]{64}$/);
  const value = fc.oneof(
    fc.emailAddress(),
    fc.string({ maxLength: 20 }),
    hex,
    fc.constantFrom('+1 (555) 123-4567', '0044 20 7946 0000', '  A@B.co '),
  );
  const field = fc.oneof(fc.constant(undefined), fc.constant(null), value, fc.array(value, { maxLength: 3 }));
  it('equals JSON.stringify of hashIdentity for any user_data', () => {
    fc.assert(
      fc.property(fc.record({ em: field, ph: field, fn: field, ln: field, external_id: field }), (u) => {
        let id;
        try {
          id = hashIdentity(u);
        } catch (err) {
          if (err instanceof IdentityError) return;
          throw err;
        }
        expect(identityJson(id)).toBe(JSON.stringify(id));
      }),
      { numRuns: 500 },
    );
  });
});
