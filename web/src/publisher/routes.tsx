import type { Route } from '../routes';
import { Activity } from './Activity';
import { Audience } from './Audience';
import { Feedback } from './Feedback';
import { Placements } from './Placements';
import { Setup } from './Setup';
import { Home } from './Home';
import { GetStarted } from './GetStarted';
import { AllowedOrigins } from './Origins';

export const routes: Route[] = [
  { path: '/', label: 'Overview', render: () => <Home /> },
  { path: '/start', label: 'Get started', render: () => <GetStarted /> },
  { path: '/activity', label: 'Activity', render: () => <Activity /> },
  { path: '/placements', label: 'Placements', render: () => <Placements /> },
  { path: '/audience', label: 'Devices & geography', render: () => <Audience /> },
  { path: '/feedback', label: 'Ad feedback', render: () => <Feedback /> },
  { path: '/setup', label: 'API key & snippets', render: () => <Setup /> },
  { path: '/origins', label: 'Allowed origins', render: () => <AllowedOrigins /> },
];
