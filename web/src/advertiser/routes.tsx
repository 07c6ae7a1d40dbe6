import type { Route } from '../routes';
import { Billing } from './Billing';
import { CampaignDetail } from './CampaignDetail';
import { CampaignForm } from './CampaignForm';
import { Campaigns } from './Campaigns';
import { Conversions } from './Conversions';
import { Integrations } from './Integrations';
import { Pixels } from './Pixels';

export const routes: Route[] = [
  { path: '/', label: 'Campaigns', render: () => <Campaigns /> },
  { path: '/campaigns/new', render: () => <CampaignForm /> },
  { path: '/campaigns/:id', render: (p) => <CampaignDetail id={p.id} /> },
  { path: '/campaigns/:id/edit', render: (p) => <CampaignForm id={p.id} /> },
  { path: '/conversions', label: 'Conversions', render: () => <Conversions /> },
  { path: '/billing', label: 'Billing', render: () => <Billing /> },
  { path: '/pixels', label: 'Pixels', render: () => <Pixels /> },
  { path: '/integrations', label: 'Integrations & gateway', render: () => <Integrations /> },
];
