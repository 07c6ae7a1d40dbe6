import { describe, expect, it } from 'vitest';
import { AdPack } from './inventory.js';

describe('AdPack (the ads of a group, packed off the heap)', () => {
  const rows = [
    {
      id: '0190aaaa-0000-7000-8000-000000000001',
      headline: 'Café — crème brûlée',
      copy: 'Ünïcödé copy 🎉 with emoji',
      cta: null,
      landing_page: null,
    },
    {
      id: '0190aaaa-0000-7000-8000-000000000002',
      headline: null,
      copy: null,
      cta: 'Buy now',
      landing_page: 'https://own.example.com/x',
    },
    { id: 'unit-3', headline: '', copy: '日本語のコピー', cta: 'Go', landing_page: 'https://group.example.com/' },
  ];
  const pack = AdPack.of(rows, 'https://group.example.com/');

  it('gives back every field of every ad as it went in, with the defaults applied', () => {
    expect(pack.size).toBe(3);
    expect(pack.at(0)).toEqual({
      id: rows[0].id,
      headline: 'Café — crème brûlée',
      copy: 'Ünïcödé copy 🎉 with emoji',
      cta: 'Learn more',
      landingPage: 'https://group.example.com/',
    });
    expect(pack.at(1)).toEqual({
      id: rows[1].id,
      headline: null,
      copy: '',
      cta: 'Buy now',
      landingPage: 'https://own.example.com/x',
    });
    expect(pack.at(2)).toEqual({
      id: 'unit-3',
      headline: null,
      copy: '日本語のコピー',
      cta: 'Go',
      landingPage: 'https://group.example.com/',
    });
  });

  it('keeps copy lengths in characters as string.length counts them (the slot limit)', () => {
    expect([...pack.copyLength]).toEqual(rows.map((r) => (r.copy ?? '').length));
  });

  it('stays aligned after text that is not valid UTF-16 (a lone surrogate becomes U+FFFD)', () => {
    const odd = AdPack.of(
      [
        { id: 'a', headline: 'x\ud800y', copy: 'c1', cta: 'k', landing_page: null },
        { id: 'b', headline: 'h2', copy: 'c2', cta: 'k2', landing_page: null },
      ],
      'https://l.example/',
    );
    expect(odd.at(0).headline).toBe('x\ufffdy');
    expect(odd.at(1)).toEqual({ id: 'b', headline: 'h2', copy: 'c2', cta: 'k2', landingPage: 'https://l.example/' });
  });
});
