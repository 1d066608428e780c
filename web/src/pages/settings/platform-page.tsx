import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../api/client';
import { useSettings } from '../../api/settings';
import { ChannelsTab } from './platform/channels-tab';
import { CommunicationTab } from './platform/communication-tab';
import { DashboardTab } from './platform/dashboard-tab';
import { IntegrationTab } from './platform/integration-tab';
import { LabelsTab } from './platform/labels-tab';
import { NpsTab } from './platform/nps-tab';
import { PortalTab } from './platform/portal-tab';
import './settings.css';

/** The tabs, in the spec's order (part 3 §2 'Settings'), plus the POS integration. */
export const PLATFORM_TABS = [
  { id: 'painel', label: 'Painel de controle' },
  { id: 'atendimentos', label: 'Central de Atendimentos' },
  { id: 'portal', label: 'Portal de cadastro' },
  { id: 'comunicacao', label: 'Comunicação' },
  { id: 'etiquetas', label: 'Etiquetas de Descontos' },
  { id: 'nps', label: 'NPS' },
  { id: 'integracao', label: 'Integração' },
] as const;
type TabId = (typeof PLATFORM_TABS)[number]['id'];

/** /settings/platform (write Settings): platform settings in left tabs, one upsert per key. */
export default function PlatformPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = PLATFORM_TABS.find((t) => t.id === params.get('tab'))?.id ?? 'painel';
  const saved = useSettings();

  function content() {
    if (tab === 'integracao') return <IntegrationTab />;
    // Service channels are records of their own (/web/customer-service/channel).
    if (tab === 'atendimentos') return <ChannelsTab />;
    // Label layouts are records of their own, not key/value settings.
    if (tab === 'etiquetas') return <LabelsTab />;
    // The NPS settings are a record of their own (GET/PUT /web/settings/nps).
    if (tab === 'nps') return <NpsTab />;
    if (saved.error) {
      return (
        <Alert type="error" header="Não foi possível carregar as configurações">
          {failureMessage(saved.error)}
        </Alert>
      );
    }
    if (!saved.data) {
      return (
        <Container>
          <Spinner size="large" />
        </Container>
      );
    }
    // Each tab's form starts from the settings as loaded and keeps its own saved state after.
    if (tab === 'comunicacao') return <CommunicationTab saved={saved.data} />;
    return tab === 'portal' ? <PortalTab saved={saved.data} /> : <DashboardTab saved={saved.data} />;
  }

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description="Aparência da plataforma, portal de cadastro de clientes, comunicação, NPS e integração com o PDV."
      >
        Plataforma
      </Header>
      <Grid gridDefinition={[{ colspan: { default: 12, s: 3 } }, { colspan: { default: 12, s: 9 } }]}>
        <nav className="settings-tabs" aria-label="Seções da plataforma" data-testid="platform-tabs">
          <Container disableContentPaddings>
            <SideNavigation
              activeHref={`#${tab}`}
              items={PLATFORM_TABS.map((t) => ({ type: 'link', text: t.label, href: `#${t.id}` }))}
              onFollow={(event) => {
                event.preventDefault();
                setParams({ tab: event.detail.href.slice(1) }, { replace: true });
              }}
            />
          </Container>
        </nav>
        <div data-testid={`platform-tab-${tab}`}>{content()}</div>
      </Grid>
    </SpaceBetween>
  );
}
