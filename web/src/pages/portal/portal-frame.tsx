import { useCallback, useEffect, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { fetchTenant } from '../../api/auth';
import { fetchPortalSettings } from '../../api/portal';
import { primaryColor, subscribePrimaryColor } from '../../app/theme';
import { EMPTY_LOOK, cssUrl, lookFromSettings, portalColors, type PortalLook } from './portal-model';
import './portal.css';

/**
 * What every portal page shares: the settings (read once per page load, re-read on demand)
 * and the frame — background image (cover or repeat), the colours as CSS variables and the
 * card with the tenant's header.
 */
let lookRequest: Promise<PortalLook> | undefined;

/** GET /api/customer/settings, cached; `fresh` asks the server again. Never rejects. */
export function loadLook(fresh = false): Promise<PortalLook> {
  if (!lookRequest || fresh) {
    lookRequest = fetchPortalSettings()
      .then(lookFromSettings)
      .catch(() => {
        lookRequest = undefined;
        return EMPTY_LOOK;
      });
  }
  return lookRequest;
}

let tenantRequest: Promise<string> | undefined;
function loadTenantName(): Promise<string> {
  tenantRequest ??= fetchTenant().then(
    (tenant) => tenant.name || tenant.tenant,
    () => '',
  );
  return tenantRequest;
}

export interface PortalState {
  look: PortalLook;
  loaded: boolean;
  tenantName: string;
  /** Reads the settings again (the register step does, spec §4) and returns them. */
  refresh: () => Promise<PortalLook>;
}

export function usePortal(): PortalState {
  const [look, setLook] = useState<PortalLook>(EMPTY_LOOK);
  const [loaded, setLoaded] = useState(false);
  const [tenantName, setTenantName] = useState('');

  useEffect(() => {
    let alive = true;
    void loadLook().then((value) => {
      if (!alive) return;
      setLook(value);
      setLoaded(true);
    });
    void loadTenantName().then((name) => alive && setTenantName(name));
    return () => {
      alive = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    const value = await loadLook(true);
    setLook(value);
    setLoaded(true);
    return value;
  }, []);

  return { look, loaded, tenantName, refresh };
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
  const tenantPrimary = useSyncExternalStore(subscribePrimaryColor, primaryColor);
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
      <div className={`portal-card portal-card-${size}`}>
        <header className="portal-header">
          <span className="portal-header-name" data-testid="portal-tenant">
            {tenantName ? tenantName.toUpperCase() : '\u00a0'}
          </span>
          <span className="portal-header-sub">Programa de fidelidade</span>
        </header>
        {children}
      </div>
    </div>
  );
}
