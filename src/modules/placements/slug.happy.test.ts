import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slugify } from './service.js';

describe('placement slug (spec 1)', () => {
  it('turns runs of other characters into one hyphen and keeps case', () => {
    expect(slugify('Chat Below')).toBe('Chat-Below');
    expect(slugify('Sidebar   Ad')).toBe('Sidebar-Ad');
    expect(slugify('  Below / Response!! ')).toBe('Below-Response');
    expect(slugify('Ünïcode Café 2')).toBe('Ünïcode-Café-2');
    expect(slugify('MixedCase')).toBe('MixedCase');
  });

  it('never yields leading, trailing or doubled hyphens', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const slug = slugify(name);
        expect(slug).not.toMatch(/^-|-$|--/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
