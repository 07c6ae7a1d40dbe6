/**
 * Colour scheme: the system's (prefers-color-scheme) unless the user picked
 * light or dark, remembered in this browser. The choice is the `data-theme`
 * attribute of <html>; styles.css holds both palettes.
 */
export type Theme = 'system' | 'light' | 'dark';
const KEY = 'orbit.theme';

export function getTheme(): Theme {
  try {
    const t = localStorage.getItem(KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(t: Theme = getTheme()): void {
  const root = document.documentElement;
  if (t === 'system') delete root.dataset.theme;
  else root.dataset.theme = t;
}

export function setTheme(t: Theme): void {
  try {
    if (t === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, t);
  } catch {
    /* not remembered */
  }
  applyTheme(t);
}
