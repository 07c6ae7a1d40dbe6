/**
 * Inline styles shared by the React component and the embed script, so both
 * look alike without a stylesheet. Every colour and radius is a CSS custom
 * property with a default, so a host page themes ads with
 * `--orbit-ad-bg`, `--orbit-ad-fg`, `--orbit-ad-muted`, `--orbit-ad-border`,
 * `--orbit-ad-accent`, `--orbit-ad-accent-fg`, `--orbit-ad-radius`, `--orbit-ad-font`.
 * Values are strings (with units) so they work both as React style objects
 * and with `Object.assign(el.style, …)`.
 */
import type { AdVariant } from './core.js';

export type Style = Record<string, string>;

const fg = 'var(--orbit-ad-fg, #111827)';
const muted = 'var(--orbit-ad-muted, #6b7280)';
const border = 'var(--orbit-ad-border, #e5e7eb)';
const accent = 'var(--orbit-ad-accent, #2563eb)';
const font = 'var(--orbit-ad-font, inherit)';

export const S = {
  root(variant: AdVariant): Style {
    const base: Style = { fontFamily: font, color: fg, boxSizing: 'border-box', maxWidth: '100%', lineHeight: '1.4' };
    if (variant === 'card')
      return {
        ...base,
        display: 'block',
        background: 'var(--orbit-ad-bg, #ffffff)',
        border: `1px solid ${border}`,
        borderRadius: 'var(--orbit-ad-radius, 12px)',
        padding: '14px 16px',
      };
    if (variant === 'inline')
      return { ...base, display: 'block', borderLeft: `3px solid ${accent}`, padding: '6px 0 6px 12px' };
    if (variant === 'minimal') return { ...base, display: 'block', padding: '4px 0' };
    return { ...base, display: 'inline' };
  },
  link: { color: 'inherit', textDecoration: 'none', display: 'block' } as Style,
  textLink: { color: accent, textDecoration: 'underline' } as Style,
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    fontSize: '12px',
    color: muted,
    marginBottom: '6px',
  } as Style,
  icon: { width: '20px', height: '20px', borderRadius: '5px', flex: 'none', objectFit: 'cover' } as Style,
  initial: {
    width: '20px',
    height: '20px',
    borderRadius: '5px',
    flex: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: accent,
    color: 'var(--orbit-ad-accent-fg, #ffffff)',
    fontSize: '11px',
    fontWeight: '700',
  } as Style,
  brand: { fontWeight: '600', color: fg } as Style,
  label: {
    fontSize: '11px',
    letterSpacing: '0.02em',
    color: muted,
    border: `1px solid ${border}`,
    borderRadius: '4px',
    padding: '0 5px',
    lineHeight: '16px',
  } as Style,
  title: { fontSize: '15px', fontWeight: '600', margin: '0 0 4px' } as Style,
  text: { fontSize: '14px', color: fg, margin: '0 0 10px' } as Style,
  cta: {
    display: 'inline-block',
    background: accent,
    color: 'var(--orbit-ad-accent-fg, #ffffff)',
    borderRadius: '8px',
    padding: '6px 12px',
    fontSize: '13px',
    fontWeight: '600',
  } as Style,
  inlineCta: { color: accent, fontWeight: '600', whiteSpace: 'nowrap' } as Style,
  feedback: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '6px',
    marginTop: '10px',
    fontSize: '12px',
    color: muted,
  } as Style,
  thumb: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '28px',
    height: '24px',
    border: `1px solid ${border}`,
    borderRadius: '6px',
    background: 'transparent',
    color: muted,
    cursor: 'pointer',
    padding: '0',
  } as Style,
  chip: {
    border: `1px solid ${border}`,
    borderRadius: '999px',
    background: 'transparent',
    color: fg,
    fontSize: '12px',
    padding: '2px 10px',
    cursor: 'pointer',
    fontFamily: 'inherit',
  } as Style,
  chipOn: {
    borderColor: accent,
    color: accent,
    background: 'var(--orbit-ad-accent-soft, rgba(37,99,235,0.08))',
  } as Style,
  panel: { width: '100%', display: 'flex', flexDirection: 'column', gap: '6px', marginTop: '4px' } as Style,
  textarea: {
    width: '100%',
    boxSizing: 'border-box',
    minHeight: '52px',
    font: 'inherit',
    fontSize: '13px',
    color: fg,
    background: 'transparent',
    border: `1px solid ${border}`,
    borderRadius: '6px',
    padding: '6px 8px',
    resize: 'vertical',
  } as Style,
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' } as Style,
  send: {
    border: '0',
    borderRadius: '6px',
    background: accent,
    color: 'var(--orbit-ad-accent-fg, #ffffff)',
    fontSize: '12px',
    fontWeight: '600',
    padding: '4px 12px',
    cursor: 'pointer',
    fontFamily: 'inherit',
  } as Style,
  plain: {
    border: '0',
    background: 'transparent',
    color: muted,
    fontSize: '12px',
    cursor: 'pointer',
    fontFamily: 'inherit',
    padding: '4px 6px',
  } as Style,
};

/** Thumb icon paths (24×24 viewBox); thumbs down is the same path rotated. */
export const THUMB_PATH =
  'M2 21h4V9H2v12zm20-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L13.17 1 6.59 7.59C6.22 7.95 6 8.45 6 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z';
