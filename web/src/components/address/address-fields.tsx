import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import type { InputProps } from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { City, State } from '@freguesia/shared/domain/reference';
import { maskZipcode, onlyDigits } from '@freguesia/shared/domain/masks';
import type { CepAnswer } from '@freguesia/shared/schemas/catalog';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../app/notifications/notify';
import { MaskedInput } from '../masked-input/masked-input';
import { ADDRESS_NOT_FOUND, fetchCities, fetchStates, lookupCep } from '../../api/address';
import { normalizeText } from '@freguesia/shared/domain/text';

/**
 * The postal-code + address block shared by the store and customer forms (spec part 1 §5):
 *
 * - CEP input masked 00000-000. Typing the 8th digit (or pressing 'Buscar') calls
 *   GET /api/web/cep/{cep} and fills address, neighborhood, state and city, then focuses the
 *   number field. Fewer than 8 digits (on 'Buscar' or when leaving the field) or an unknown CEP
 *   shows the notice 'Endereço não encontrado!'; fewer than 8 digits are never looked up.
 * - State select from GET /api/web/states; city select from GET /api/web/cities?state=UF
 *   (changing the state clears the city).
 * - Number and complement (hide them with `hideNumber`); `onNumberBlur` is the hook for geocoding.
 *
 * It is fully controlled: it renders `value` and reports every change through `onChange` with the
 * whole next value (also after the asynchronous CEP fill, merged into the latest value).
 *
 * ```tsx
 * const [address, setAddress] = useState<AddressValue>(EMPTY_ADDRESS);
 * <AddressFields
 *   value={address}
 *   onChange={setAddress}
 *   errors={{ zipcode: 'Digite o CEP' }}
 *   required={['zipcode', 'address', 'neighborhood', 'state', 'city']}
 *   onNumberBlur={(current) => geocodeAddress(current).then(...)}
 * />
 * ```
 */
export interface AddressValue {
  /** As typed, masked '00000-000' (send `onlyDigits(zipcode)` to the API). */
  zipcode: string;
  address: string;
  number: string;
  complement: string;
  neighborhood: string;
  /** Two-letter UF, e.g. 'SP' ('' when none). */
  state: string;
  /** City name (from the CEP lookup or the city list). */
  city: string;
  /** Seven-digit IBGE code of the city, when known ('' otherwise). */
  id_city: string;
}

export type AddressField = keyof AddressValue;

export const EMPTY_ADDRESS: AddressValue = Object.freeze({
  zipcode: '',
  address: '',
  number: '',
  complement: '',
  neighborhood: '',
  state: '',
  city: '',
  id_city: '',
});

/** Default labels (pt-BR); override any of them with `labels`. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  zipcode: 'CEP',
  address: 'Endereço',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  state: 'Estado',
  city: 'Cidade',
  id_city: 'Cidade',
};

export interface AddressFieldsProps {
  /** The current address (controlled). */
  value: AddressValue;
  /** Receives the whole next value on every change, including the CEP auto-fill. */
  onChange: (next: AddressValue) => void;
  /** Error text per field (e.g. the server's `errors`), shown under the field. */
  errors?: Partial<Record<AddressField, string | undefined>>;
  /** Fields marked as required (a '*' after the label; validation stays with the form). */
  required?: readonly AddressField[];
  /** Label overrides. */
  labels?: Partial<Record<AddressField, string>>;
  /** Called after a CEP lookup filled the address. */
  onCepFound?: (found: CepAnswer, next: AddressValue) => void;
  /** Called when the number field loses focus, with the current value (geocode here). */
  onNumberBlur?: (current: AddressValue) => void;
  /** Hides number and complement (when the form places them elsewhere). */
  hideNumber?: boolean;
  disabled?: boolean;
  /** Prefix of the `data-testid`s: `${prefix}-zipcode`, `${prefix}-address`, … (default 'address'). */
  testIdPrefix?: string;
}

/** Accent- and case-insensitive comparison key ('São Paulo' = 'SAO PAULO'): the shared one. */
export const foldName = normalizeText;

/** The address after a CEP lookup (keeps number and complement). */
export function applyCep(current: AddressValue, found: CepAnswer): AddressValue {
  return {
    ...current,
    zipcode: maskZipcode(found.zipcode || current.zipcode),
    // City-wide CEPs have no street: keep what the user typed.
    address: found.address || current.address,
    neighborhood: found.neighborhood || current.neighborhood,
    state: found.state || current.state,
    city: found.city || current.city,
    id_city: found.ibge || '',
  };
}

const EMPTY_CITIES: readonly City[] = [];

export function AddressFields({
  value,
  onChange,
  errors = {},
  required = [],
  labels: labelOverrides,
  onCepFound,
  onNumberBlur,
  hideNumber = false,
  disabled = false,
  testIdPrefix = 'address',
}: AddressFieldsProps) {
  const labels = { ...ADDRESS_LABELS, ...labelOverrides };
  const label = (field: AddressField) => (required.includes(field) ? `${labels[field]} *` : labels[field]);
  const testId = (field: string) => `${testIdPrefix}-${field}`;

  // The latest value and callbacks, for the asynchronous CEP fill.
  const latest = useRef({ value, onChange, onCepFound });
  useLayoutEffect(() => {
    latest.current = { value, onChange, onCepFound };
  });
  const numberRef = useRef<InputProps.Ref>(null);
  const lookupSeq = useRef(0);
  const [searching, setSearching] = useState(false);

  const [states, setStates] = useState<readonly State[]>([]);
  const [statesError, setStatesError] = useState(false);
  useEffect(() => {
    let alive = true;
    fetchStates().then(
      (list) => alive && setStates(list),
      () => alive && setStatesError(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  const [cities, setCities] = useState<{ state: string; list: readonly City[] }>({ state: '', list: [] });
  useEffect(() => {
    if (!value.state) return;
    let alive = true;
    fetchCities(value.state).then(
      (list) => alive && setCities({ state: value.state, list }),
      () => alive && setCities({ state: value.state, list: [] }),
    );
    return () => {
      alive = false;
    };
  }, [value.state]);

  async function search(zipcode: string) {
    const digits = onlyDigits(zipcode);
    if (digits.length < 8) {
      notify({ type: 'warning', content: ADDRESS_NOT_FOUND });
      return;
    }
    const seq = ++lookupSeq.current;
    setSearching(true);
    try {
      const found = await lookupCep(digits);
      if (seq !== lookupSeq.current) return;
      const { value: current, onChange: change, onCepFound: foundHook } = latest.current;
      // The user kept typing another CEP meanwhile: drop this answer.
      if (onlyDigits(current.zipcode) !== digits) return;
      if (!found) {
        notify({ type: 'warning', content: ADDRESS_NOT_FOUND });
        return;
      }
      const next = applyCep(current, found);
      change(next);
      foundHook?.(found, next);
      if (!hideNumber) numberRef.current?.focus();
    } catch (error) {
      if (seq === lookupSeq.current) {
        notify({
          type: 'error',
          header: ADDRESS_NOT_FOUND,
          content: error instanceof Error ? error.message : undefined,
        });
      }
    } finally {
      if (seq === lookupSeq.current) setSearching(false);
    }
  }

  const set = (patch: Partial<AddressValue>) => onChange({ ...value, ...patch });

  const stateOptions: SelectProps.Option[] = useMemo(
    () => states.map((s) => ({ value: s.uf, label: s.uf, description: s.name })),
    [states],
  );
  const selectedState: SelectProps.Option | null = value.state
    ? (stateOptions.find((o) => o.value === value.state) ?? { value: value.state, label: value.state })
    : null;

  const citiesLoading = value.state !== '' && cities.state !== value.state;
  const cityList = cities.state === value.state ? cities.list : EMPTY_CITIES;
  const cityOptions: SelectProps.Option[] = useMemo(
    () => cityList.map((c) => ({ value: c.ibge, label: c.city })),
    [cityList],
  );
  const selectedCity: SelectProps.Option | null = useMemo(() => {
    if (!value.city && !value.id_city) return null;
    const byId = value.id_city ? cityOptions.find((o) => o.value === value.id_city) : undefined;
    const key = foldName(value.city);
    const byName = byId ?? cityOptions.find((o) => foldName(o.label ?? '') === key);
    return byName ?? { value: value.id_city || `name:${value.city}`, label: value.city };
  }, [cityOptions, value.city, value.id_city]);

  return (
    <SpaceBetween size="m">
      <Grid gridDefinition={[{ colspan: { default: 12, xxs: 4 } }, { colspan: { default: 12, xxs: 8 } }]}>
        <FormField label={label('zipcode')} errorText={errors.zipcode} constraintText="00000-000">
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <MaskedInput
                mask="zipcode"
                value={value.zipcode}
                placeholder="00000-000"
                disabled={disabled}
                data-testid={testId('zipcode')}
                ariaLabel={labels.zipcode}
                onChange={(masked) => {
                  const before = onlyDigits(value.zipcode);
                  const digits = onlyDigits(masked);
                  set({ zipcode: masked });
                  if (digits.length === 8 && digits !== before) void search(masked);
                }}
                onBlur={() => {
                  const digits = onlyDigits(value.zipcode);
                  if (digits.length > 0 && digits.length < 8)
                    notify({ type: 'warning', content: ADDRESS_NOT_FOUND });
                }}
              />
            </div>
            <Button
              formAction="none"
              iconName="search"
              loading={searching}
              disabled={disabled}
              data-testid={testId('zipcode-search')}
              onClick={() => void search(value.zipcode)}
            >
              Buscar
            </Button>
          </div>
        </FormField>
        <FormField label={label('address')} errorText={errors.address} stretch>
          <Input
            value={value.address}
            disabled={disabled}
            data-testid={testId('address')}
            onChange={({ detail }) => set({ address: detail.value })}
          />
        </FormField>
      </Grid>
      {hideNumber ? null : (
        <Grid gridDefinition={[{ colspan: { default: 12, xxs: 4 } }, { colspan: { default: 12, xxs: 8 } }]}>
          <FormField label={label('number')} errorText={errors.number}>
            <Input
              ref={numberRef}
              value={value.number}
              disabled={disabled}
              data-testid={testId('number')}
              onChange={({ detail }) => set({ number: detail.value })}
              onBlur={() => onNumberBlur?.(latest.current.value)}
            />
          </FormField>
          <FormField label={label('complement')} errorText={errors.complement}>
            <Input
              value={value.complement}
              disabled={disabled}
              data-testid={testId('complement')}
              onChange={({ detail }) => set({ complement: detail.value })}
            />
          </FormField>
        </Grid>
      )}
      <Grid
        gridDefinition={[
          { colspan: { default: 12, xxs: 4 } },
          { colspan: { default: 12, xxs: 3 } },
          { colspan: { default: 12, xxs: 5 } },
        ]}
      >
        <FormField label={label('neighborhood')} errorText={errors.neighborhood}>
          <Input
            value={value.neighborhood}
            disabled={disabled}
            data-testid={testId('neighborhood')}
            onChange={({ detail }) => set({ neighborhood: detail.value })}
          />
        </FormField>
        <FormField
          label={label('state')}
          errorText={errors.state ?? (statesError ? 'Não foi possível carregar os estados.' : undefined)}
        >
          <Select
            selectedOption={selectedState}
            options={stateOptions}
            placeholder="UF"
            filteringType="auto"
            filteringPlaceholder="Buscar estado"
            empty="Nenhum estado"
            disabled={disabled}
            statusType={states.length === 0 && !statesError ? 'loading' : 'finished'}
            loadingText="Carregando estados"
            data-testid={testId('state')}
            ariaLabel={labels.state}
            onChange={({ detail }) => {
              const uf = detail.selectedOption.value ?? '';
              if (uf !== value.state) set({ state: uf, city: '', id_city: '' });
            }}
          />
        </FormField>
        <FormField label={label('city')} errorText={errors.city ?? errors.id_city}>
          <Select
            selectedOption={selectedCity}
            options={cityOptions}
            placeholder={value.state ? 'Escolha a cidade' : 'Escolha o estado primeiro'}
            filteringType="auto"
            filteringPlaceholder="Buscar cidade"
            empty="Nenhuma cidade"
            disabled={disabled || !value.state}
            statusType={citiesLoading ? 'loading' : 'finished'}
            loadingText="Carregando cidades"
            virtualScroll
            data-testid={testId('city')}
            ariaLabel={labels.city}
            onChange={({ detail }) =>
              set({ city: detail.selectedOption.label ?? '', id_city: detail.selectedOption.value ?? '' })
            }
          />
        </FormField>
      </Grid>
    </SpaceBetween>
  );
}

export default AddressFields;
