import type { ReactNode } from 'react';

/** A page of a dashboard: its path pattern, its menu label (none: not in the menu) and how to render it. */
export interface Route {
  path: string;
  label?: string;
  render: (params: Record<string, string>) => ReactNode;
}
