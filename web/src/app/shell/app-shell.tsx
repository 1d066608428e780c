import AppLayout from '@cloudscape-design/components/app-layout';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import ptBR from '@cloudscape-design/components/i18n/messages/all.pt-BR';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { MENU, visibleMenu } from '@freguesia/shared/domain/menu';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { AbilityProvider } from '@casl/react';
import { buildAbility } from '../ability';
import { brandMarkUrl } from '../brand';
import { currentAbilities, currentUser } from '../current-user';
import { ExportJobWatchers } from '../../components/export-jobs';
import { InlineNotifications } from '../notifications/notifications';
import type { RouteHandle } from '../route-types';
import { AVAILABLE_ROUTES } from '../routes';
import { clearSession } from '../session';
import { TENANT } from '../tenant';
import { primaryColor, subscribePrimaryColor } from '../theme';
import { breadcrumbItems } from './navigation-items';
import { SideMenu } from './side-menu';
import { useFollow } from './use-follow';
import { useNarrowScreen } from './use-narrow-screen';
import './app-shell.css';

function logout() {
  clearSession();
  // A full load drops every in-memory trace of the session and rebuilds the logged-out app.
  window.location.assign('/login');
}

/** The signed-in frame: header, side menu, breadcrumbs and the current screen. */
export default function AppShell() {
  const user = currentUser();
  const abilities = currentAbilities();
  const ability = useMemo(() => buildAbility(abilities), [abilities]);
  const menu = useMemo(() => visibleMenu(MENU, abilities, AVAILABLE_ROUTES), [abilities]);

  const narrow = useNarrowScreen();
  const [navigationOpen, setNavigationOpen] = useState(!narrow);
  // Crossing the 992 px line closes (or reopens) the menu; a manual toggle wins until then.
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (narrow !== wasNarrow) {
    setWasNarrow(narrow);
    setNavigationOpen(!narrow);
  }
  const closeOnNarrow = useCallback(() => {
    if (narrow) setNavigationOpen(false);
  }, [narrow]);

  const { pathname } = useLocation();
  const params = useParams();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const crumbs = handle?.breadcrumbs ?? [];
  const follow = useFollow();
  const navigate = useNavigate();
  const logo = useSyncExternalStore(subscribePrimaryColor, primaryColor);

  // Cloudscape's pt-BR texts for every staff screen; the public pages (and the notices, which
  // get theirs as props) do without, which keeps them small.
  return (
    <I18nProvider locale="pt-BR" messages={[ptBR]}>
      <AbilityProvider value={ability}>
        <div id="app-top-navigation" className="app-top-navigation" data-testid="top-navigation">
          <TopNavigation
            identity={{
              href: '/',
              title: TENANT.toUpperCase(),
              logo: { src: brandMarkUrl(logo), alt: 'Freguesia' },
              // The identity's follow event carries no href.
              onFollow: (event) => {
                event.preventDefault();
                navigate('/');
              },
            }}
            utilities={[
              {
                type: 'menu-dropdown',
                text: user?.shortname || 'Usuário',
                description: user?.fullname || undefined,
                iconName: 'user-profile',
                ariaLabel: `Perfil de ${user?.shortname || 'usuário'}`,
                disableUtilityCollapse: true,
                items: [{ id: 'logout', text: 'Encerrar', iconName: 'unlocked' }],
                onItemClick: ({ detail }) => {
                  if (detail.id === 'logout') logout();
                },
              },
            ]}
          />
        </div>
        <AppLayout
          headerSelector="#app-top-navigation"
          navigation={<SideMenu entries={menu} crumbs={crumbs} onFollowed={closeOnNarrow} />}
          navigationOpen={navigationOpen}
          onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
          breadcrumbs={
            <BreadcrumbGroup
              items={breadcrumbItems(crumbs, params, pathname)}
              ariaLabel="Navegação estrutural"
              onFollow={follow}
              data-testid="breadcrumbs"
            />
          }
          toolsHide
          notifications={
            <>
              <InlineNotifications />
              {/* The exports being written (any screen's): their progress notices and downloads. */}
              <ExportJobWatchers />
            </>
          }
          content={<Outlet />}
        />
      </AbilityProvider>
    </I18nProvider>
  );
}
