import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { LatLngTuple } from 'leaflet';
import { useFormState, useWatch } from 'react-hook-form';
import {
  AddressFields,
  type AddressField,
  type AddressValue,
  type GeocodeStatus,
} from '../../../components/address';
import { GEOGRAPHIC_CENTER, MAP_ZOOM, MapPreview } from '../../../components/map';
import { STEP_FIELDS, type CustomerFormValues } from '../form-model';
import type { StepProps } from './step-props';

const ADDRESS_FIELDS = STEP_FIELDS[1];

export interface LocationStepProps extends StepProps {
  /** Where the address lookup stands (the wizard geocodes as the address is filled). */
  geocoding: GeocodeStatus;
  /** Writes the changed address fields into the form. */
  onAddressChange: (next: AddressValue) => void;
}

/** The eight address fields of the form as the value of `AddressFields`. */
export function toAddress(values: Pick<CustomerFormValues, AddressField>): AddressValue {
  return {
    zipcode: values.zipcode,
    address: values.address,
    number: values.number,
    complement: values.complement,
    neighborhood: values.neighborhood,
    state: values.state,
    city: values.city,
    id_city: values.id_city,
  };
}

/**
 * 'Localizacao'. The address is one controlled `AddressFields` over eight flat form fields (the
 * wire format and the server's field errors are flat: `zipcode`, `city`, …), so it is bound by
 * watching those fields and writing back what changed, with each field's message under it.
 */
/** The feedback under 'Mapa': what the marker shows, or why there is none. */
export function geocodeStatusText(
  status: GeocodeStatus,
  placed: boolean,
): { type: StatusIndicatorProps.Type; text: string } {
  switch (status) {
    case 'running':
      return { type: 'loading', text: 'Localizando o endereço…' };
    case 'missing':
      return {
        type: 'warning',
        text: 'Endereço não localizado no mapa. Confira rua, número, cidade e estado; o cadastro pode seguir sem o marcador.',
      };
    case 'failed':
      return {
        type: 'warning',
        text: 'Não foi possível localizar o endereço agora; o cadastro pode seguir sem o marcador.',
      };
    default:
      return placed
        ? { type: 'success', text: 'Marcador posicionado pelo endereço informado.' }
        : { type: 'info', text: 'Informe endereço, cidade e estado para posicionar o marcador.' };
  }
}

export function LocationStep({ control, geocoding, onAddressChange }: LocationStepProps) {
  const watched = useWatch({ control, name: ADDRESS_FIELDS });
  const address = toAddress(
    Object.fromEntries(ADDRESS_FIELDS.map((name, i) => [name, watched[i] ?? ''])) as Pick<
      CustomerFormValues,
      AddressField
    >,
  );
  const { errors } = useFormState({ control, name: ADDRESS_FIELDS });
  const addressErrors = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, errors[name]?.message]));
  const [latitude, longitude, fullname] = useWatch({ control, name: ['latitude', 'longitude', 'fullname'] });
  const point: LatLngTuple | undefined =
    latitude !== null && longitude !== null ? [latitude, longitude] : undefined;
  const status = geocodeStatusText(geocoding, point !== undefined);
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Endereço</Header>}>
        <AddressFields
          testIdPrefix="customer"
          value={address}
          errors={addressErrors}
          required={['zipcode', 'address', 'neighborhood', 'state', 'city']}
          onChange={onAddressChange}
        />
      </Container>
      <Container
        header={
          <Header
            variant="h2"
            description={
              <span data-testid="customer-geocode-status">
                <StatusIndicator type={status.type}>{status.text}</StatusIndicator>
              </span>
            }
          >
            Mapa
          </Header>
        }
      >
        <MapPreview
          testId="customer-form-map"
          ariaLabel="Mapa do endereço do cliente"
          height={400}
          center={point ?? GEOGRAPHIC_CENTER}
          zoom={point ? MAP_ZOOM.address : MAP_ZOOM.default}
          markers={point ? [{ position: point, label: fullname || 'Cliente' }] : []}
        />
      </Container>
    </SpaceBetween>
  );
}
