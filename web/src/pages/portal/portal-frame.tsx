import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { tenantQuery } from '../../api/auth';
import { portalSettingsQuery, usePortalSettings } from '../../api/portal';
import { queryClient } from '../../api/query-client';
import { primaryColor, subscribePrimaryColor } from '../../app/theme';
import { FALLBACK_PRIMARY } from '../../app/theme-tokens';
import { useHydrated } from '../../public/hydration';
import { EMPTY_LOOK, cssUrl, lookFromSettings, portalColors, type PortalLook } from './portal-look';
import './portal.css';

/**
 * What every portal page shares: the settings (a query, re-read on demand) and the frame —
 * background image (cover or repeat), the colours as CSS variables and the card with the
 * tenant's header.
 */
export interface PortalState {
  look: PortalLook;
  loaded: boolean;
  tenantName: string;
  /** Reads the settings again (the register step does, spec §4) and returns them. Never rejects. */
  refresh: () => Promise<PortalLook>;
}

export function usePortal(): PortalState {
  const settings = usePortalSettings();
  const tenant = useQuery(tenantQuery());
  // The tenant's settings and name come after hydration: /cadastro is prerendered without them
  // (public/prerender.tsx), and the first client render must draw the same markup.
  const hydrated = useHydrated();
  const data = hydrated ? settings.data : undefined;
  // Unreadable settings leave the portal in its default look.
  const look = useMemo(() => (data ? lookFromSettings(data) : EMPTY_LOOK), [data]);
  const tenantName = hydrated && tenant.data ? tenant.data.name || tenant.data.tenant : '';

  const refresh = useCallback(
    () =>
      queryClient
        .fetchQuery({ ...portalSettingsQuery(), staleTime: 0 })
        .then(lookFromSettings, () => EMPTY_LOOK),
    [],
  );

  return { look, loaded: hydrated && !settings.isPending, tenantName, refresh };
}

export function PortalFrame({
  portal,
  children,
  testId,
  size = 'narrow',
}: {
  portal: PortalState;
  children: ReactNode;
  testId?: string;
  /** Card width: narrow (home, sign-in), form (the full form), wide (the terms). */
  size?: 'narrow' | 'form' | 'wide';
}) {
  // Prerendered (and hydrated) in the default colour; the tenant's follows at once.
  const tenantPrimary = useSyncExternalStore(subscribePrimaryColor, primaryColor, () => FALLBACK_PRIMARY);
  const { look, tenantName, loaded } = portal;
  const style = portalColors(look, tenantPrimary) as CSSProperties;
  const image = look.backgroundImage;
  // Until the settings arrive the backdrop stays neutral, so the tenant's look never flashes.
  const background = !loaded ? 'loading' : image ? look.backgroundStyle : 'none';
  return (
    <div className="portal" style={style} data-testid={testId}>
      {/* A fixed layer: 'cover' fills the screen, not the (tall) page, also on phones. */}
      <div
        className={`portal-backdrop portal-bg-${background}`}
        style={loaded && image ? { backgroundImage: cssUrl(image) } : undefined}
        data-testid="portal-backdrop"
        aria-hidden="true"
      />
      {/* The card is the page's main landmark (screen readers jump to it; Lighthouse 'landmark-one-main'). */}
      <main className={`portal-card portal-card-${size}`}>
        <header className="portal-header">
          <span className="portal-header-name" data-testid="portal-tenant">
            {tenantName ? tenantName.toUpperCase() : '\u00a0'}
          </span>
          <span className="portal-header-sub">Programa de fidelidade</span>
        </header>
        {children}
      </main>
    </div>
  );
}
