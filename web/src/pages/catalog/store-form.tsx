import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { maskZipcode } from '@freguesia/shared/domain/masks';
import { StoreInput, WEEK_DAYS } from '@freguesia/shared/schemas/catalog';
import { lazy, Suspense } from 'react';
import { z } from 'zod';
import { useSaveStore, type Store } from '../../api/catalog';
import { notify } from '../../app/notifications/notify';
import { AddressFields, type AddressField, type AddressValue } from '../../components/address/address-fields';
import { geocodeKey, useAutoGeocode, type GeocodeAddress } from '../../components/address/auto-geocode';
import { errorMessage, FormModal, TextField, useFormSubmit, useZodForm } from '../../components/form';

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

// The city's IBGE code only drives the city select; the schema's messages are the spec's (part 1 §5 "Store").
const storeFormSchema = StoreInput.extend({ id_city: z.string().optional() });
type StoreFormValues = z.input<typeof storeFormSchema>;

const ADDRESS_FIELDS = [
  'zipcode',
  'address',
  'number',
  'complement',
  'neighborhood',
  'state',
  'city',
  'id_city',
] as const;

const text = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/** '-23,56' or '-23.56' → number; undefined when empty or not a number. */
function coordinate(value: unknown): number | undefined {
  const typed = text(value).trim();
  if (!typed) return undefined;
  const n = Number(typed.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

function defaultsOf(store: Store | null): StoreFormValues {
  return {
    name: store?.name ?? '',
    reference_code: store?.reference_code ?? '',
    zipcode: maskZipcode(store?.zipcode ?? ''),
    address: store?.address ?? '',
    number: store?.number ?? '',
    complement: store?.complement ?? '',
    neighborhood: store?.neighborhood ?? '',
    state: store?.state ?? '',
    city: store?.city ?? '',
    id_city: '',
    url: store?.url ?? '',
    latitude: store?.latitude === null || store?.latitude === undefined ? '' : String(store.latitude),
    longitude: store?.longitude === null || store?.longitude === undefined ? '' : String(store.longitude),
    business_hours: Object.fromEntries(
      WEEK_DAYS.map((day) => [day, store?.business_hours[day] ?? '']),
    ) as Store['business_hours'],
  };
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
  const form = useZodForm(storeFormSchema, { defaultValues: defaultsOf(store) });
  const save = useSaveStore();
  const { submit, saving } = useFormSubmit(
    form,
    async ({ id_city: _city, ...values }) => {
      const body = { ...values, reference_code: values.reference_code || undefined };
      if (store) return save.mutateAsync({ ...body, id: store.id });
      const created = await save.mutateAsync(body);
      // Spec part 1 §7: creation succeeded when the answer's id is above 0.
      if (!(created.id > 0)) throw new Error('A loja não foi criada.');
      return created;
    },
    {
      success: store ? STORE_UPDATED : STORE_CREATED,
      failureHeader: store ? 'Erro ao alterar loja' : 'Erro ao cadastrar loja',
    },
    onSaved,
  );

  const [name, latitude, longitude, ...addressParts] = form.watch([
    'name',
    'latitude',
    'longitude',
    ...ADDRESS_FIELDS,
  ]);
  const address = Object.fromEntries(
    ADDRESS_FIELDS.map((field, i) => [field, text(addressParts[i])]),
  ) as unknown as AddressValue;
  const { errors, isSubmitted } = form.formState;
  const addressErrors = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, errorMessage(errors[field])]),
  ) as Partial<Record<AddressField, string>>;

  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  const point: [number, number] | null =
    lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lat, lon] : null;

  function setAddress(next: AddressValue) {
    for (const field of ADDRESS_FIELDS) {
      if (next[field] !== address[field])
        form.setValue(field, next[field], { shouldDirty: true, shouldValidate: isSubmitted });
    }
  }

  // The map follows the address: geocoded once street, city and state are filled, in any order,
  // after a pause in typing (editing: only when the saved address changes).
  const geocoding = useAutoGeocode(address, {
    initialKey: store ? geocodeKey(defaultsOf(store) as GeocodeAddress) : undefined,
    onFound: (found) => {
      form.setValue('latitude', String(found.lat), { shouldDirty: true, shouldValidate: isSubmitted });
      form.setValue('longitude', String(found.lon), { shouldDirty: true, shouldValidate: isSubmitted });
    },
    onMissing: () => notify({ type: 'warning', content: LOCATION_NOT_FOUND }),
    onFailed: (error) =>
      notify({
        type: 'error',
        header: 'Erro ao localizar o endereço',
        content: error instanceof Error && error.message ? error.message : 'Tente novamente.',
      }),
  });

  const { control } = form;
  return (
    <FormModal
      visible
      title={store ? `Alterando loja ${store.name}` : 'Nova Loja'}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="store-form"
      dirty={form.formState.isDirty}
    >
      <SpaceBetween size="l">
        <Grid gridDefinition={[{ colspan: { default: 12, xxs: 8 } }, { colspan: { default: 12, xxs: 4 } }]}>
          <TextField control={control} name="name" label="Nome *" stretch testId="store-name" />
          <TextField
            control={control}
            name="reference_code"
            label="Código interno"
            constraintText={store ? undefined : 'Vazio: usa o id da loja.'}
            testId="store-reference"
          />
        </Grid>
        <Container header={<Header variant="h3">Endereço</Header>}>
          <SpaceBetween size="m">
            <AddressFields
              value={address}
              onChange={setAddress}
              errors={addressErrors}
              required={['zipcode', 'address']}
              testIdPrefix="store"
            />
            <Grid
              gridDefinition={[
                { colspan: { default: 6, xxs: 3 } },
                { colspan: { default: 6, xxs: 3 } },
                { colspan: { default: 12, xxs: 6 } },
              ]}
            >
              <TextField
                control={control}
                name="latitude"
                label="Latitude"
                testId="store-latitude"
                input={{ inputMode: 'decimal' }}
              />
              <TextField
                control={control}
                name="longitude"
                label="Longitude"
                testId="store-longitude"
                input={{ inputMode: 'decimal' }}
              />
              <Box padding={{ top: 'xl' }} data-testid="store-geocode-status">
                {geocoding === 'running' ? (
                  <StatusIndicator type="loading">Localizando endereço…</StatusIndicator>
                ) : geocoding === 'found' ? (
                  <StatusIndicator type="success">Endereço localizado no mapa</StatusIndicator>
                ) : geocoding === 'missing' || geocoding === 'failed' ? (
                  <StatusIndicator type="warning">
                    Endereço não localizado: informe latitude e longitude
                  </StatusIndicator>
                ) : (
                  <StatusIndicator type="info">
                    Preenchidos rua, cidade e estado, o endereço é localizado no mapa
                  </StatusIndicator>
                )}
              </Box>
            </Grid>
            <Suspense fallback={<Box textAlign="center">Carregando mapa…</Box>}>
              <MapPreview
                height={280}
                center={point ?? undefined}
                zoom={point ? ADDRESS_ZOOM : undefined}
                markers={point ? [{ position: point, label: text(name) || 'Loja' }] : []}
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
              <TextField
                key={key}
                control={control}
                name={`business_hours.${key}`}
                label={label}
                testId={`store-hours-${key}`}
                input={{ placeholder: '08:00 às 22:00' }}
              />
            ))}
          </ColumnLayout>
        </Container>
        <TextField
          control={control}
          name="url"
          label="URL da imagem"
          testId="store-url"
          input={{ type: 'url', placeholder: 'https://' }}
        />
      </SpaceBetween>
    </FormModal>
  );
}
