// First: settings every later module depends on (no eval under the Content-Security-Policy).
import '../app/csp';
import { fetchTenant, tenantQuery } from '../api/auth';
import { queryClient } from '../api/query-client';
import { earlyTenant, markLoginReactStarted } from '../pages/login/login-early';
import LoginPage from '../pages/login/login-page';
import { startPublicPage } from './public-entry';

/**
 * The code of the prerendered /login, loaded by login-entry.ts at the visitor's first interaction.
 * The tenant the entry already read goes into the query cache (the theme asks no second time);
 * a failed read is asked again, so an unknown tenant's 404 reaches the page as before.
 */
export function startLogin(): void {
  markLoginReactStarted();
  const { ready, pending } = earlyTenant();
  if (ready) queryClient.setQueryData(tenantQuery().queryKey, ready);
  else if (pending) {
    void queryClient.prefetchQuery({
      ...tenantQuery(),
      queryFn: ({ signal }) => pending.then((tenant) => tenant ?? fetchTenant(signal)),
    });
  }
  startPublicPage(<LoginPage />);
}
