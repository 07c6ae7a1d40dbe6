import type { Route } from '../routes';
import { Activity } from './Activity';
import { Audience } from './Audience';
import { Feedback } from './Feedback';
import { Overview } from './Overview';
import { Placements } from './Placements';
import { Setup } from './Setup';

export const routes: Route[] = [
  { path: '/', label: 'Overview', render: () => <Overview /> },
  { path: '/activity', label: 'Activity', render: () => <Activity /> },
  { path: '/placements', label: 'Placements', render: () => <Placements /> },
  { path: '/audience', label: 'Devices & geography', render: () => <Audience /> },
  { path: '/feedback', label: 'Ad feedback', render: () => <Feedback /> },
  { path: '/setup', label: 'API key & snippets', render: () => <Setup /> },
];
