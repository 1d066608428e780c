import { foldAccents } from '@freguesia/shared/domain/text';
import { onlyDigits } from '@freguesia/shared/domain/masks';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { citiesQuery, lookupCep, useCities, type PortalCity } from '../../api/portal';
import { queryClient } from '../../api/query-client';
import { notify } from '../../app/notifications/notify';
import { ActionButton, Field, describedBy } from './portal-fields';
import {
  CHANNELS,
  GENDER_OPTIONS,
  PORTAL_TEXT,
  UFS,
  maskPortalCellphone,
  maskPortalDate,
  maskPortalZipcode,
  type PortalFormValues,
  type PortalMode,
  type PortalOptionalField,
} from './portal-model';

/**
 * The portal's full customer form (spec part 1 §3 "Customer (public portal payload)", §5):
 * personal data, address with the postal-code lookup, interests, password, channels and the
 * rules agreement. The document is shown by the page above it. The values, their validation
 * (portal-form.ts) and the server's field errors live in the page's react-hook-form `form`;
 * the inputs are controlled because most of them are masked as the visitor types.
 */

const fold = (text: string) => foldAccents(text).toUpperCase().trim();

/** The municipalities of a UF, from the query cache when already read; [] when unavailable. */
const citiesOf = (state: string): Promise<PortalCity[]> =>
  queryClient.fetchQuery(citiesQuery(state)).catch(() => []);

export interface CustomerFormProps {
  mode: PortalMode;
  form: UseFormReturn<PortalFormValues, unknown, PortalFormValues>;
  required: ReadonlySet<PortalOptionalField>;
  /** The interest chips offered. */
  tags: readonly string[];
  busy: boolean;
  onSubmit: () => void;
  onOpenTerms: () => void;
}

export function CustomerForm({ mode, form, required, tags, busy, onSubmit, onOpenTerms }: CustomerFormProps) {
  const value = form.watch();
  const { errors: fieldErrors, isSubmitted } = useFormState({ control: form.control });
  // 'communications' is a rule over the four channel boxes, not a field of its own.
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, error]) => [
      field,
      (error as { message?: string } | undefined)?.message,
    ]),
  ) as Partial<Record<keyof PortalFormValues | 'communications', string>>;
  const { setValue } = form;

  /** Sets fields as the visitor changes them; after a failed submit each change is checked again. */
  const onChange = useCallback(
    (patch: Partial<PortalFormValues>) => {
      for (const [field, next] of Object.entries(patch) as [keyof PortalFormValues, never][]) {
        setValue(field, next, { shouldDirty: true, shouldValidate: isSubmitted });
      }
    },
    [setValue, isSubmitted],
  );

  const numberRef = useRef<HTMLInputElement>(null);
  // The city list follows the chosen state (spec §5); a failed read leaves it empty.
  const cityList = useCities(value.state);
  const cities = useMemo(() => (cityList.isError ? [] : cityList.data), [cityList.isError, cityList.data]);
  const [searching, setSearching] = useState(false);
  const lastZip = useRef(onlyDigits(value.zipcode));
  const isRequired = (field: PortalOptionalField) => required.has(field);

  // A record loaded without id_city: pick the list entry with the same name.
  useEffect(() => {
    if (!cities || value.id_city || !value.city) return;
    const match = cities.find((c) => fold(c.city) === fold(value.city));
    if (match) onChange({ id_city: match.ibge, city: match.city });
  }, [cities, value.id_city, value.city, onChange]);

  async function searchAddress(zipcode: string) {
    const digits = onlyDigits(zipcode);
    if (digits.length < 8) {
      notify({ type: 'warning', content: PORTAL_TEXT.addressNotFound });
      return;
    }
    setSearching(true);
    try {
      const found = await lookupCep(digits).catch(() => undefined);
      // The visitor typed another CEP meanwhile: this answer is stale.
      if (lastZip.current !== digits) return;
      if (!found) {
        notify({ type: 'warning', content: PORTAL_TEXT.addressNotFound });
        return;
      }
      const state = (UFS as readonly string[]).includes(found.state) ? found.state : value.state;
      const list = await citiesOf(state);
      const city =
        list.find((c) => c.ibge === found.ibge) ?? list.find((c) => fold(c.city) === fold(found.city));
      onChange({
        state,
        id_city: city?.ibge ?? found.ibge ?? '',
        city: city?.city ?? found.city.toUpperCase(),
        address: found.address || value.address,
        neighborhood: found.neighborhood || value.neighborhood,
      });
      // After the render that fills the address, the visitor types the number.
      requestAnimationFrame(() => numberRef.current?.focus());
    } finally {
      setSearching(false);
    }
  }

  function onZipcode(text: string) {
    const masked = maskPortalZipcode(text);
    const digits = onlyDigits(masked);
    const changed = digits !== lastZip.current;
    lastZip.current = digits;
    onChange({ zipcode: masked });
    if (changed && digits.length === 8) void searchAddress(digits);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  const cityOptions = cities ?? [];
  const cityKnown = value.id_city !== '' && cityOptions.some((c) => c.ibge === value.id_city);
  const alwaysRequired = (field: keyof PortalFormValues) =>
    field === 'fullname' ||
    (mode === 'register' && (field === 'password' || field === 'password_confirmation'));
  const text = (field: keyof PortalFormValues) => ({
    id: `portal-${field}`,
    name: field,
    'data-testid': `portal-${field}`,
    value: value[field] as string,
    'aria-required': alwaysRequired(field) || required.has(field as PortalOptionalField) || undefined,
    ...describedBy(`portal-${field}`, errors[field]),
  });

  return (
    <form className="portal-form" onSubmit={submit} noValidate data-testid="portal-form">
      <fieldset className="portal-section">
        <legend>Dados pessoais</legend>
        <div className="portal-grid">
          <Field
            id="portal-fullname"
            label="Nome completo"
            required
            error={errors.fullname}
            className="portal-span-2"
          >
            <input
              {...text('fullname')}
              type="text"
              autoComplete="name"
              autoCapitalize="characters"
              maxLength={120}
              onChange={(e) => onChange({ fullname: e.target.value.toUpperCase() })}
            />
          </Field>
          <Field id="portal-gender" label="Sexo" required={isRequired('gender')} error={errors.gender}>
            <select {...text('gender')} onChange={(e) => onChange({ gender: e.target.value })}>
              <option value="">Selecione</option>
              {GENDER_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="portal-date_birth"
            label="Data de nascimento"
            required={isRequired('date_birth')}
            error={errors.date_birth}
          >
            <input
              {...text('date_birth')}
              type="text"
              inputMode="numeric"
              autoComplete="bday"
              placeholder="DD/MM/AAAA"
              onChange={(e) => onChange({ date_birth: maskPortalDate(e.target.value) })}
            />
          </Field>
          <Field
            id="portal-cellphone"
            label="Celular"
            required={isRequired('cellphone')}
            error={errors.cellphone}
          >
            <input
              {...text('cellphone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="(99) 9.9999-9999"
              onChange={(e) => onChange({ cellphone: maskPortalCellphone(e.target.value) })}
            />
          </Field>
          <Field id="portal-email" label="E-mail" required={isRequired('email')} error={errors.email}>
            <input
              {...text('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={120}
              onChange={(e) => onChange({ email: e.target.value.trim() })}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset className="portal-section">
        <legend>Endereço</legend>
        <div className="portal-grid">
          <Field id="portal-zipcode" label="CEP" required={isRequired('zipcode')} error={errors.zipcode}>
            <div className="portal-inline">
              <input
                {...text('zipcode')}
                type="text"
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="99999-999"
                onChange={(e) => onZipcode(e.target.value)}
              />
              <ActionButton
                variant="secondary"
                busy={searching}
                testId="portal-zipcode-search"
                onClick={() => {
                  lastZip.current = onlyDigits(value.zipcode);
                  void searchAddress(value.zipcode);
                }}
              >
                {PORTAL_TEXT.search}
              </ActionButton>
            </div>
          </Field>
          <Field id="portal-state" label="Estado" required={isRequired('state')} error={errors.state}>
            <select
              {...text('state')}
              autoComplete="address-level1"
              onChange={(e) => onChange({ state: e.target.value, id_city: '', city: '' })}
            >
              {UFS.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="portal-city"
            label="Cidade"
            required={isRequired('city')}
            error={errors.city}
            className="portal-span-2"
          >
            <select
              {...text('city')}
              value={value.id_city || (value.city ? `name:${value.city}` : '')}
              autoComplete="address-level2"
              onChange={(e) => {
                const city = cityOptions.find((c) => c.ibge === e.target.value);
                onChange({ id_city: city?.ibge ?? '', city: city?.city ?? '' });
              }}
            >
              <option value="">{cities ? 'Selecione a cidade' : 'Carregando cidades…'}</option>
              {!cityKnown && value.city && (
                <option value={value.id_city || `name:${value.city}`}>{value.city}</option>
              )}
              {cityOptions.map((c) => (
                <option key={c.ibge} value={c.ibge}>
                  {c.city}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="portal-neighborhood"
            label="Bairro"
            required={isRequired('neighborhood')}
            error={errors.neighborhood}
            className="portal-span-2"
          >
            <input
              {...text('neighborhood')}
              type="text"
              maxLength={120}
              onChange={(e) => onChange({ neighborhood: e.target.value })}
            />
          </Field>
          <Field
            id="portal-address"
            label="Endereço"
            required={isRequired('address')}
            error={errors.address}
            className="portal-span-2"
          >
            <input
              {...text('address')}
              type="text"
              autoComplete="address-line1"
              maxLength={200}
              onChange={(e) => onChange({ address: e.target.value })}
            />
          </Field>
          <Field id="portal-number" label="Número" required={isRequired('number')} error={errors.number}>
            <input
              {...text('number')}
              ref={numberRef}
              type="text"
              inputMode="numeric"
              maxLength={20}
              onChange={(e) => onChange({ number: e.target.value })}
            />
          </Field>
          <Field
            id="portal-complement"
            label="Complemento"
            required={isRequired('complement')}
            error={errors.complement}
          >
            <input
              {...text('complement')}
              type="text"
              autoComplete="address-line2"
              maxLength={120}
              onChange={(e) => onChange({ complement: e.target.value })}
            />
          </Field>
        </div>
      </fieldset>

      {tags.length > 0 && (
        <fieldset className="portal-section" aria-describedby={errors.tags ? 'portal-tags-error' : undefined}>
          <legend>
            Interesses
            {isRequired('tags') && (
              <span className="portal-required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </legend>
          <p className="portal-section-hint">Escolha os assuntos que mais combinam com você.</p>
          <div className="portal-chips" data-testid="portal-tags">
            {tags.map((tag) => {
              const checked = value.tags.includes(tag);
              return (
                <label key={tag} className={`portal-chip${checked ? ' portal-chip-on' : ''}`}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() =>
                      onChange({ tags: checked ? value.tags.filter((t) => t !== tag) : [...value.tags, tag] })
                    }
                  />
                  <span>{tag}</span>
                </label>
              );
            })}
          </div>
          {errors.tags && (
            <small className="portal-error" id="portal-tags-error">
              {errors.tags}
            </small>
          )}
        </fieldset>
      )}

      <fieldset className="portal-section">
        <legend>{mode === 'register' ? 'Senha de acesso' : 'Alterar senha'}</legend>
        <div className="portal-grid">
          <Field
            id="portal-password"
            label="Senha"
            required={mode === 'register'}
            error={errors.password}
            hint={
              mode === 'update' ? 'Deixe em branco para manter a senha atual.' : 'Mínimo de 6 caracteres.'
            }
          >
            <input
              {...text('password')}
              aria-describedby={errors.password ? 'portal-password-error' : 'portal-password-hint'}
              type="password"
              autoComplete="new-password"
              maxLength={72}
              onChange={(e) => onChange({ password: e.target.value })}
            />
          </Field>
          <Field
            id="portal-password_confirmation"
            label="Confirme a senha"
            required={mode === 'register'}
            error={errors.password_confirmation}
          >
            <input
              {...text('password_confirmation')}
              type="password"
              autoComplete="new-password"
              maxLength={72}
              onChange={(e) => onChange({ password_confirmation: e.target.value })}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset
        className="portal-section"
        aria-describedby={errors.communications ? 'portal-communications-error' : undefined}
      >
        <legend>
          Comunicações
          {isRequired('communications') && (
            <span className="portal-required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </legend>
        <p className="portal-section-hint">Quero receber novidades e ofertas por:</p>
        <div className="portal-checks" data-testid="portal-channels">
          {CHANNELS.map((channel) => (
            <label key={channel.key} className="portal-check">
              <input
                type="checkbox"
                checked={value[channel.key]}
                data-testid={`portal-${channel.key}`}
                onChange={(e) => onChange({ [channel.key]: e.target.checked })}
              />
              <span>{channel.label}</span>
            </label>
          ))}
        </div>
        {errors.communications && (
          <small className="portal-error" id="portal-communications-error">
            {errors.communications}
          </small>
        )}
      </fieldset>

      <div className="portal-agreement">
        {/* The 'Regulamento' button is interactive content: clicking it does not tick the box. */}
        <label className="portal-check">
          <input
            type="checkbox"
            checked={value.agreement}
            data-testid="portal-agreement"
            onChange={(e) => onChange({ agreement: e.target.checked })}
          />
          <span>
            Li e concordo com o{' '}
            <button
              type="button"
              className="portal-link"
              onClick={onOpenTerms}
              data-testid="portal-terms-link"
            >
              {PORTAL_TEXT.terms}
            </button>{' '}
            do programa.
          </span>
        </label>
      </div>

      <div className="portal-actions">
        {mode === 'update' ? (
          <ActionButton type="submit" busy={busy} testId="portal-submit" className="portal-button-wide">
            {PORTAL_TEXT.update}
          </ActionButton>
        ) : (
          value.agreement && (
            <ActionButton type="submit" busy={busy} testId="portal-submit" className="portal-button-wide">
              {PORTAL_TEXT.register}
            </ActionButton>
          )
        )}
      </div>
    </form>
  );
}
