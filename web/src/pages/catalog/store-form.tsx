import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { maskZipcode, onlyDigits } from '@freguesia/shared/domain/masks';
import { lazy, Suspense, useState } from 'react';
import {
  createStore,
  errorText,
  fieldErrors,
  updateStore,
  type Store,
  type StoreBody,
} from '../../api/catalog';
import { notify } from '../../app/notifications/notify';
import { AddressFields, type AddressValue } from '../../components/address/address-fields';
import { geocodeAddress } from '../../components/address/lookups';
import { FormModal } from '../../components/form';

const MapPreview = lazy(() => import('../../components/map/map-preview'));

export const STORE_CREATED = 'Loja incluída com sucesso';
export const STORE_UPDATED = 'Loja alterada com sucesso';
export const LOCATION_NOT_FOUND =
  'Nenhuma localização encontrada, melhore a busca ou tente novamente mais tarde.';
const ADDRESS_ZOOM = 17;

export const WEEK_DAY_LABELS: { key: keyof Store['business_hours']; label: string }[] = [
  { key: 'sunday', label: 'Domingo' },
  { key: 'monday', label: 'Segunda-feira' },
  { key: 'tuesday', label: 'Terça-feira' },
  { key: 'wednesday', label: 'Quarta-feira' },
  { key: 'thursday', label: 'Quinta-feira' },
  { key: 'friday', label: 'Sexta-feira' },
  { key: 'saturday', label: 'Sábado' },
];

interface StoreDraft {
  name: string;
  reference_code: string;
  address: AddressValue;
  url: string;
  latitude: string;
  longitude: string;
  business_hours: Store['business_hours'];
}

const NO_HOURS: Store['business_hours'] = {
  sunday: '',
  monday: '',
  tuesday: '',
  wednesday: '',
  thursday: '',
  friday: '',
  saturday: '',
};

function draftOf(store: Store | null): StoreDraft {
  return {
    name: store?.name ?? '',
    reference_code: store?.reference_code ?? '',
    address: {
      zipcode: maskZipcode(store?.zipcode ?? ''),
      address: store?.address ?? '',
      number: store?.number ?? '',
      complement: store?.complement ?? '',
      neighborhood: store?.neighborhood ?? '',
      state: store?.state ?? '',
      city: store?.city ?? '',
      id_city: '',
    },
    url: store?.url ?? '',
    latitude: store?.latitude === null || store?.latitude === undefined ? '' : String(store.latitude),
    longitude: store?.longitude === null || store?.longitude === undefined ? '' : String(store.longitude),
    business_hours: { ...NO_HOURS, ...store?.business_hours },
  };
}

/** '-23,56' or '-23.56' → number; undefined when empty or not a number. */
function coordinate(text: string): number | undefined {
  if (!text.trim()) return undefined;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** Spec part 1 §5 "Store": name required, zip code required (same message), address required. */
function validate(draft: StoreDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = 'Digite o nome da loja';
  const zip = onlyDigits(draft.address.zipcode);
  if (!zip) errors.zipcode = 'Digite o nome da loja';
  else if (zip.length !== 8) errors.zipcode = 'CEP inválido: use o formato 00000-000.';
  if (!draft.address.address.trim()) errors.address = 'Digite o endereço da loja';
  const lat = coordinate(draft.latitude);
  const lon = coordinate(draft.longitude);
  if (draft.latitude.trim() && (lat === undefined || Math.abs(lat) > 90))
    errors.latitude = 'Latitude inválida.';
  if (draft.longitude.trim() && (lon === undefined || Math.abs(lon) > 180))
    errors.longitude = 'Longitude inválida.';
  return errors;
}

/** The store drawer ('Nova Loja' or editing a store). */
export function StoreForm({
  store,
  onClose,
  onSaved,
}: {
  store: Store | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<StoreDraft>(() => draftOf(store));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [geocoding, setGeocoding] = useState<'idle' | 'running' | 'found' | 'missing'>('idle');
  const set = (patch: Partial<StoreDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const lat = coordinate(draft.latitude);
  const lon = coordinate(draft.longitude);
  const point: [number, number] | null =
    lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lat, lon] : null;

  async function locate(address: AddressValue) {
    if (!address.address.trim() || !address.city.trim() || !address.state.trim()) return;
    setGeocoding('running');
    try {
      const found = await geocodeAddress({
        address: address.address,
        number: address.number,
        city: address.city,
        state: address.state,
      });
      if (!found) {
        setGeocoding('missing');
        notify({ type: 'warning', content: LOCATION_NOT_FOUND });
        return;
      }
      setGeocoding('found');
      setDraft((d) => ({ ...d, latitude: String(found.lat), longitude: String(found.lon) }));
    } catch (error) {
      setGeocoding('missing');
      notify({ type: 'error', header: 'Erro ao localizar o endereço', content: errorText(error) });
    }
  }

  async function save() {
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const a = draft.address;
    const body: StoreBody = {
      name: draft.name.trim(),
      reference_code: draft.reference_code.trim() || undefined,
      zipcode: onlyDigits(a.zipcode),
      address: a.address.trim(),
      number: a.number.trim(),
      complement: a.complement.trim(),
      neighborhood: a.neighborhood.trim(),
      city: a.city.trim(),
      state: a.state,
      latitude: lat ?? null,
      longitude: lon ?? null,
      url: draft.url.trim(),
      business_hours: draft.business_hours,
    };
    setSaving(true);
    try {
      if (store) {
        await updateStore({ ...body, id: store.id });
        notify({ type: 'success', content: STORE_UPDATED });
      } else {
        const created = await createStore(body);
        // Spec part 1 §7: creation succeeded when the answer's id is above 0.
        if (!(created.id > 0)) throw new Error('A loja não foi criada.');
        notify({ type: 'success', content: STORE_CREATED });
      }
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify({
        type: 'error',
        header: store ? 'Erro ao alterar loja' : 'Erro ao cadastrar loja',
        content: errorText(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      visible
      title={store ? `Alterando loja ${store.name}` : 'Nova Loja'}
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="store-form"
    >
      <SpaceBetween size="l">
        <Grid gridDefinition={[{ colspan: { default: 12, xxs: 8 } }, { colspan: { default: 12, xxs: 4 } }]}>
          <FormField label="Nome *" errorText={errors.name} stretch>
            <Input
              value={draft.name}
              data-testid="store-name"
              onChange={({ detail }) => set({ name: detail.value })}
            />
          </FormField>
          <FormField
            label="Código interno"
            errorText={errors.reference_code}
            constraintText={store ? undefined : 'Vazio: usa o id da loja.'}
          >
            <Input
              value={draft.reference_code}
              data-testid="store-reference"
              onChange={({ detail }) => set({ reference_code: detail.value })}
            />
          </FormField>
        </Grid>
        <Container header={<Header variant="h3">Endereço</Header>}>
          <SpaceBetween size="m">
            <AddressFields
              value={draft.address}
              onChange={(address) => set({ address })}
              errors={errors}
              required={['zipcode', 'address']}
              testIdPrefix="store"
              onNumberBlur={(address) => void locate(address)}
            />
            <Grid
              gridDefinition={[
                { colspan: { default: 6, xxs: 3 } },
                { colspan: { default: 6, xxs: 3 } },
                { colspan: { default: 12, xxs: 6 } },
              ]}
            >
              <FormField label="Latitude" errorText={errors.latitude}>
                <Input
                  value={draft.latitude}
                  inputMode="decimal"
                  data-testid="store-latitude"
                  onChange={({ detail }) => set({ latitude: detail.value })}
                />
              </FormField>
              <FormField label="Longitude" errorText={errors.longitude}>
                <Input
                  value={draft.longitude}
                  inputMode="decimal"
                  data-testid="store-longitude"
                  onChange={({ detail }) => set({ longitude: detail.value })}
                />
              </FormField>
              <Box padding={{ top: 'xl' }} data-testid="store-geocode-status">
                {geocoding === 'running' ? (
                  <StatusIndicator type="loading">Localizando endereço…</StatusIndicator>
                ) : geocoding === 'found' ? (
                  <StatusIndicator type="success">Endereço localizado no mapa</StatusIndicator>
                ) : geocoding === 'missing' ? (
                  <StatusIndicator type="warning">
                    Endereço não localizado: informe latitude e longitude
                  </StatusIndicator>
                ) : (
                  <StatusIndicator type="info">
                    Ao sair do campo Número o endereço é localizado no mapa
                  </StatusIndicator>
                )}
              </Box>
            </Grid>
            <Suspense fallback={<Box textAlign="center">Carregando mapa…</Box>}>
              <MapPreview
                height={280}
                center={point ?? undefined}
                zoom={point ? ADDRESS_ZOOM : undefined}
                markers={point ? [{ position: point, label: draft.name || 'Loja' }] : []}
                testId="store-map"
                ariaLabel="Mapa da loja"
              />
            </Suspense>
          </SpaceBetween>
        </Container>
        <Container
          header={
            <Header variant="h3" description="Texto livre, ex.: 08:00 às 22:00">
              Horário de funcionamento
            </Header>
          }
        >
          <ColumnLayout columns={4} minColumnWidth={160}>
            {WEEK_DAY_LABELS.map(({ key, label }) => (
              <FormField key={key} label={label} errorText={errors[`business_hours.${key}`]}>
                <Input
                  value={draft.business_hours[key]}
                  placeholder="08:00 às 22:00"
                  data-testid={`store-hours-${key}`}
                  onChange={({ detail }) =>
                    set({ business_hours: { ...draft.business_hours, [key]: detail.value } })
                  }
                />
              </FormField>
            ))}
          </ColumnLayout>
        </Container>
        <FormField label="URL da imagem" errorText={errors.url}>
          <Input
            value={draft.url}
            type="url"
            placeholder="https://"
            data-testid="store-url"
            onChange={({ detail }) => set({ url: detail.value })}
          />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
