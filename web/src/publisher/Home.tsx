import { GetStarted, type Onboarding } from './GetStarted';
import { Overview } from './Overview';
import { Loading, useApi } from '../ui';

/**
 * A publisher's first screen: the three onboarding steps (with their live
 * check) until Orbit has seen a request and an impression; the overview after.
 */
export function Home() {
  const check = useApi<Onboarding>('/publisher-dashboard/onboarding');
  if (check.error) return <Overview />;
  if (!check.data) return <Loading />;
  return check.data.complete ? <Overview /> : <GetStarted />;
}
