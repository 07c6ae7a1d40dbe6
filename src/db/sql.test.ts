import { describe, expect, it } from 'vitest';
import { byDialect } from './sql.js';

describe('byDialect', () => {
  it('runs only the variant of the given dialect, from a database or a dialect name', () => {
    const ran: string[] = [];
    const variants = {
      sqlite: () => (ran.push('sqlite'), 1),
      postgres: () => (ran.push('postgres'), 2),
    };
    expect(byDialect('sqlite', variants)).toBe(1);
    expect(byDialect({ dialect: 'postgres' }, variants)).toBe(2);
    expect(ran).toEqual(['sqlite', 'postgres']);
  });
});
