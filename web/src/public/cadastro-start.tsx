// First: settings every later module depends on (no eval under the Content-Security-Policy).
import '../app/csp';
import { fetchTenant, tenantQuery } from '../api/auth';
import { fetchPortalSettings, portalSettingsQuery } from '../api/portal';
import { queryClient } from '../api/query-client';
import { earlyAnswers, earlyPainted, markReactStarted } from '../pages/portal/portal-early';
import RegisterPage from '../pages/portal/register-page';
import { startPublicPage } from './public-entry';

/**
 * The code of the prerendered /cadastro, loaded by cadastro-entry.ts at the visitor's first
 * interaction. The settings and tenant the entry already read go into the query cache (no
 * second request, and the first render shows them); when the entry painted them into the
 * welcome view, React renders the page afresh over that markup (it no longer is the prerendered
 * one that hydration expects), else it hydrates the prerendered markup.
 */
export function startCadastro(): void {
  markReactStarted();
  const { ready, pending } = earlyAnswers();
  if (ready) {
    queryClient.setQueryData(portalSettingsQuery().queryKey, ready.settings);
    queryClient.setQueryData(tenantQuery().queryKey, ready.tenant);
  } else if (pending) {
    // Still on their way (or failed): the page's queries wait for the same answers, and ask
    // again only if these failed (an unknown tenant's 404 then reaches the page as before).
    void queryClient.prefetchQuery({
      ...portalSettingsQuery(),
      queryFn: ({ signal }) => pending.then((a) => a?.settings ?? fetchPortalSettings(signal)),
    });
    void queryClient.prefetchQuery({
      ...tenantQuery(),
      queryFn: ({ signal }) => pending.then((a) => a?.tenant ?? fetchTenant(signal)),
    });
  }
  startPublicPage(<RegisterPage />, { fresh: earlyPainted() });
}
