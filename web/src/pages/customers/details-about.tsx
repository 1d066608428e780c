import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { LatLngTuple } from 'leaflet';
import { CircleMarker, Tooltip } from 'react-leaflet';
import type { CustomerDetails, StoreOption, StorePoint } from '../../api/customers';
import { GEOGRAPHIC_CENTER, MAP_ZOOM, MapPreview } from '../../components/map';
import { EMPTY, formatAmount, formatDate, formatDateTime } from '../../components/format';
import { CustomerTags } from './details-tags';
import { displayDocument, displayPhone } from './format';
import { GENDER_OPTIONS, MARITAL_OPTIONS } from './form-model';

interface AboutTabProps {
  customer: CustomerDetails;
  stores: readonly StoreOption[];
  storePoints: readonly StorePoint[];
}

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-l" fontWeight="bold">
        {value}
      </Box>
    </div>
  );
}

const allowed = (optout: string | undefined) =>
  optout === 'Y' ? (
    <StatusIndicator type="stopped">Não permite</StatusIndicator>
  ) : (
    <StatusIndicator type="success">Permite</StatusIndicator>
  );

/** 'Sobre o cliente': map (customer and stores), KPI cards, profile and tags. */
export function AboutTab({ customer, stores, storePoints }: AboutTabProps) {
  const hasPoint = typeof customer.latitude === 'number' && typeof customer.longitude === 'number';
  const point: LatLngTuple | undefined = hasPoint ? [customer.latitude!, customer.longitude!] : undefined;
  const favorite = customer.favorite_store ? stores.find((s) => s.id === customer.favorite_store) : undefined;
  const favoriteName =
    favorite?.name ?? (customer.favorite_store ? `Loja ${customer.favorite_store}` : EMPTY);
  const address = [
    [customer.address, customer.number].filter(Boolean).join(', '),
    customer.complement,
    customer.neighborhood,
    [customer.city, customer.state].filter(Boolean).join('/'),
    customer.zipcode ? `CEP ${customer.zipcode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : '',
  ]
    .filter((part) => part && String(part).trim())
    .join(' · ');

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description={
              point
                ? 'Localização do cliente (marcador) e lojas (círculos).'
                : 'O cliente não tem coordenadas; as lojas aparecem como círculos.'
            }
          >
            Mapa
          </Header>
        }
      >
        <MapPreview
          testId="customer-details-map"
          ariaLabel="Mapa do cliente e das lojas"
          height={400}
          center={point ?? GEOGRAPHIC_CENTER}
          zoom={point ? MAP_ZOOM.address : MAP_ZOOM.default}
          markers={point ? [{ id: 'customer', position: point, label: customer.fullname }] : []}
        >
          {storePoints.map((store) => (
            <CircleMarker
              key={store.id}
              center={[store.latitude, store.longitude]}
              radius={7}
              pathOptions={{ color: '#0f6cbd', fillColor: '#0f6cbd', fillOpacity: 0.7, weight: 2 }}
            >
              <Tooltip>{store.name}</Tooltip>
            </CircleMarker>
          ))}
        </MapPreview>
      </Container>
      <Container header={<Header variant="h2">Indicadores</Header>}>
        <ColumnLayout columns={3} variant="text-grid" minColumnWidth={170}>
          <Kpi
            testId="kpi-average-basket"
            label="Ticket médio"
            value={formatAmount(customer.average_basket)}
          />
          <Kpi testId="kpi-last-purchase" label="Última compra" value={formatDate(customer.dt_last_basket)} />
          <Kpi testId="kpi-purchases" label="Número de compras" value={String(customer.basket_count ?? 0)} />
          <Kpi testId="kpi-channel" label="Canal" value={customer.channel || EMPTY} />
          <Kpi testId="kpi-favorite-store" label="Loja favorita" value={favoriteName} />
          <Kpi testId="kpi-created" label="Data de cadastro" value={formatDate(customer.created_at)} />
        </ColumnLayout>
      </Container>

      <ColumnLayout columns={2} minColumnWidth={320}>
        <Container header={<Header variant="h2">Dados do cliente</Header>}>
          <KeyValuePairs
            columns={2}
            items={[
              { label: customer.type === 'J' ? 'CNPJ' : 'CPF', value: displayDocument(customer.document) },
              { label: 'Código de referência', value: customer.reference_code || EMPTY },
              { label: 'E-mail', value: customer.email || EMPTY },
              { label: 'Celular', value: displayPhone(customer.cellphone) },
              { label: 'Telefone', value: displayPhone(customer.telephone) },
              { label: 'Data de nascimento', value: formatDate(customer.date_birth) },
              {
                label: 'Sexo',
                value: GENDER_OPTIONS.find((g) => g.value === customer.gender)?.label ?? EMPTY,
              },
              {
                label: 'Estado civil',
                value: MARITAL_OPTIONS.find((m) => m.value === customer.maritial)?.label ?? EMPTY,
              },
              { label: 'Endereço', value: address || EMPTY },
              { label: 'Última alteração', value: formatDateTime(customer.updated_at) },
            ]}
          />
        </Container>
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">Comunicação e consentimento</Header>}>
            <KeyValuePairs
              columns={2}
              items={[
                {
                  label: 'Regulamento (LGPD)',
                  value:
                    customer.gdpr_agreement === 'Y' ? (
                      <StatusIndicator type="success">Aceito</StatusIndicator>
                    ) : (
                      <StatusIndicator type="pending">Não aceito</StatusIndicator>
                    ),
                },
                { label: 'SMS', value: allowed(customer.cellphone_optout) },
                { label: 'WhatsApp', value: allowed(customer.whatsapp_optout) },
                { label: 'E-mail', value: allowed(customer.email_optout) },
                { label: 'Aplicativo', value: allowed(customer.app_optout) },
                { label: 'Origem da última compra', value: customer.last_basket_origin || EMPTY },
              ]}
            />
          </Container>
          <CustomerTags customer={customer} />
        </SpaceBetween>
      </ColumnLayout>
    </SpaceBetween>
  );
}
