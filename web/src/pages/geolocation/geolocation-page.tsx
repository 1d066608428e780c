import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { LeadFromList, LEAD_MESSAGES, MAX_LEAD_ROWS } from '@freguesia/shared/schemas/segmentation';
import { divIcon } from 'leaflet';
import { useEffect, useState, type FormEvent } from 'react';
import { Marker, Tooltip, useMap } from 'react-leaflet';
import { failureMessage } from '../../api/client';
import { useStorePoints } from '../../api/customers';
import { findLocation, useCreateListLead, usePolygonCount } from '../../api/geolocation';
import { notify } from '../../app/notifications/notify';
import { useFollow } from '../../app/shell/use-follow';
import { FormModal, TextField, useFormSubmit, useZodForm } from '../../components/form';
import { formatCount } from '../../components/format';
import { GEOGRAPHIC_CENTER, MAP_ZOOM, MapPreview } from '../../components/map';
import {
  geographicLeadDescription,
  LOCATION_NOT_FOUND,
  LOCATION_NOT_FOUND_MS,
  parseLocationSearch,
  populationText,
  type PolygonPayload,
} from './geo-model';
import { PolygonDrawing } from './polygon-drawing';
import './geolocation.css';

/** A store on the map: a small building badge (HTML, so it needs no image file). */
const STORE_ICON = divIcon({
  className: 'geo-store-icon',
  html:
    '<svg xmlns="http://www.w3.org/2000/svg" width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">' +
    '<circle cx="13" cy="13" r="12" fill="#0f6cbd" stroke="#fff" stroke-width="2"/>' +
    '<path d="M7 11h12l-1.2-3.5H8.2zM8 12v6h10v-6h-1.5v4h-7v-4z" fill="#fff"/></svg>',
  iconSize: [26, 26],
  iconAnchor: [13, 13],
  tooltipAnchor: [0, -12],
});

/** Flies to the searched place (zoom 15, spec part 1 §9). */
function FlyTo({ target }: { target: { lat: number; lng: number; key: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (target) map.flyTo([target.lat, target.lng], MAP_ZOOM.search);
  }, [map, target]);
  return null;
}

const LeadDescription = LeadFromList.pick({ description: true });

/** 'Criar lead': the description (prefilled 'Lead Geográfico DD/MM/YYYY'), then POST /web/lead/new/list. */
function CreateLeadModal({
  customers,
  onClose,
  onCreated,
}: {
  customers: number[];
  onClose: () => void;
  onCreated: (lead: { id: number; description: string; population: number }) => void;
}) {
  const form = useZodForm(LeadDescription, { defaultValues: { description: geographicLeadDescription() } });
  const create = useCreateListLead();
  const { submit, saving } = useFormSubmit(
    form,
    async ({ description }) => {
      const id = await create.mutateAsync({ description, customers });
      onCreated({ id, description, population: customers.length });
    },
    { success: LEAD_MESSAGES.saved, failureHeader: 'Erro ao criar o lead' },
    onClose,
  );
  return (
    <FormModal
      visible
      size="medium"
      title="Criar lead"
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      submitLabel="Criar lead"
      testId="geo-lead-form"
    >
      <SpaceBetween size="m">
        <Box>O lead terá os {formatCount(customers.length)} cliente(s) da área desenhada.</Box>
        <TextField
          control={form.control}
          name="description"
          label="Descrição *"
          testId="geo-lead-description"
          input={{ autoFocus: true }}
        />
      </SpaceBetween>
    </FormModal>
  );
}

/**
 * /geolocation 'Geográfica' (write Leads; spec part 1 §2, §5, §9): a map at -22.99, -44.96 zoom 8
 * with the stores, where the user draws one polygon (polygon only); the server counts the
 * customers inside it, and 'Criar lead' (disabled while nobody is inside) makes a manual lead of
 * them. The location search flies to zoom 15, or says it found nothing for 10 s.
 */
export default function GeolocationPage() {
  const follow = useFollow();
  const stores = useStorePoints();
  const [polygon, setPolygon] = useState<PolygonPayload | undefined>();
  const count = usePolygonCount(polygon);
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const [target, setTarget] = useState<{ lat: number; lng: number; key: number } | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: number; description: string; population: number } | null>(
    null,
  );

  const population = polygon && count.data ? count.data.population : 0;
  const customers = polygon && count.data ? count.data.customers : [];

  const onSearch = async (event?: FormEvent) => {
    event?.preventDefault();
    const query = parseLocationSearch(search);
    const notFound = () =>
      notify({ type: 'warning', content: LOCATION_NOT_FOUND, timeout: LOCATION_NOT_FOUND_MS });
    if (!query) {
      notFound();
      return;
    }
    setSearching(true);
    try {
      const found = await findLocation(query);
      if (found) setTarget({ lat: found.lat, lng: found.lon, key: Date.now() });
      else notFound();
    } catch {
      // The geocoding service failing is also 'try again later'.
      notFound();
    } finally {
      setSearching(false);
    }
  };

  const countStatus = !polygon ? (
    <Box color="text-body-secondary">Desenhe uma área no mapa para contar os clientes.</Box>
  ) : count.isFetching ? (
    <StatusIndicator type="loading">Contando clientes…</StatusIndicator>
  ) : count.error ? (
    <StatusIndicator type="error">
      {failureMessage(count.error, 'Não foi possível contar os clientes da área.')}
    </StatusIndicator>
  ) : (
    <Box fontWeight="bold" fontSize="heading-s">
      {populationText(population)}
    </Box>
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Desenhe um polígono no mapa para contar os clientes que moram na área e criar um lead com eles."
        >
          Geográfica
        </Header>
      }
    >
      <SpaceBetween size="l">
        {created ? (
          <Alert
            type="success"
            dismissible
            onDismiss={() => setCreated(null)}
            header={`Lead "${created.description}" criado`}
            data-testid="geo-lead-created"
          >
            {formatCount(created.population)} cliente(s) no lead.{' '}
            <Link href="/leads" onFollow={follow}>
              Ver leads
            </Link>
          </Alert>
        ) : null}
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="m" alignItems="center">
                  <div data-testid="geo-count" aria-live="polite">
                    {countStatus}
                  </div>
                  <Button
                    variant="primary"
                    data-testid="geo-create-lead"
                    disabled={population === 0 || count.isFetching}
                    disabledReason={
                      polygon ? 'Nenhum cliente na área desenhada.' : 'Desenhe uma área no mapa.'
                    }
                    onClick={() => setCreating(true)}
                  >
                    Criar lead
                  </Button>
                </SpaceBetween>
              }
            >
              Mapa
            </Header>
          }
        >
          <SpaceBetween size="s">
            <form onSubmit={(event) => void onSearch(event)} className="geo-search" role="search">
              <div className="geo-search__input">
                <Input
                  type="search"
                  value={search}
                  onChange={({ detail }) => setSearch(detail.value)}
                  placeholder="Endereço, cidade, UF (ex.: Avenida Paulista, 1000, São Paulo, SP)"
                  ariaLabel="Buscar localização"
                  data-testid="geo-search"
                />
              </div>
              <Button
                formAction="submit"
                loading={searching}
                iconName="search"
                data-testid="geo-search-submit"
              >
                Buscar
              </Button>
            </form>
            <MapPreview
              testId="geo-map"
              ariaLabel="Mapa para desenhar a área"
              height={560}
              center={GEOGRAPHIC_CENTER}
              zoom={MAP_ZOOM.geographic}
              scrollWheelZoom
            >
              {(stores.data ?? []).map((store) => (
                <Marker
                  key={store.id}
                  position={[store.latitude, store.longitude]}
                  icon={STORE_ICON}
                  title={store.name}
                  alt={`Loja ${store.name}`}
                >
                  <Tooltip>{store.name}</Tooltip>
                </Marker>
              ))}
              <PolygonDrawing
                onChange={(next) => {
                  setPolygon(next);
                  setCreated(null);
                }}
              />
              <FlyTo target={target} />
            </MapPreview>
            <Box variant="small" color="text-body-secondary">
              Use o botão de polígono no canto do mapa: clique para marcar cada vértice e no primeiro para
              fechar a área. As lojas aparecem em azul.
              {customers.length > 0 && population > customers.length
                ? ` A área tem mais de ${formatCount(MAX_LEAD_ROWS)} clientes: o lead terá os ${formatCount(customers.length)} primeiros.`
                : ''}
            </Box>
          </SpaceBetween>
        </Container>
      </SpaceBetween>
      {creating && customers.length > 0 ? (
        <CreateLeadModal
          customers={customers.slice(0, MAX_LEAD_ROWS)}
          onClose={() => setCreating(false)}
          onCreated={setCreated}
        />
      ) : null}
    </ContentLayout>
  );
}
