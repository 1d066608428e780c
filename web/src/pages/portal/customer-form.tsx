import { foldAccents } from '@freguesia/shared/domain/text';
import { onlyDigits } from '@freguesia/shared/domain/masks';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { citiesQuery, lookupCep, useCities, type PortalCity } from '../../api/portal';
import { queryClient } from '../../api/query-client';
import { notify } from '../../app/notifications/notify';
import { ActionButton, PortalField } from './portal-fields';
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
  /** The bound value, the required mark and the message of a field. */
  const field = (
    name: keyof PortalFormValues,
    isFieldRequired = isRequired(name as PortalOptionalField),
  ) => ({
    name,
    value: value[name] as string,
    required: isFieldRequired,
    error: errors[name],
  });

  return (
    <form className="portal-form" onSubmit={submit} noValidate data-testid="portal-form">
      <fieldset className="portal-section">
        <legend>Dados pessoais</legend>
        <div className="portal-grid">
          <PortalField
            {...field('fullname', true)}
            label="Nome completo"
            className="portal-span-2"
            type="text"
            autoComplete="name"
            autoCapitalize="characters"
            maxLength={120}
            onValue={(typed) => onChange({ fullname: typed.toUpperCase() })}
          />
          <PortalField
            {...field('gender')}
            label="Sexo"
            onValue={(gender) => onChange({ gender })}
            options={
              <>
                <option value="">Selecione</option>
                {GENDER_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </>
            }
          />
          <PortalField
            {...field('date_birth')}
            label="Data de nascimento"
            type="text"
            inputMode="numeric"
            autoComplete="bday"
            placeholder="DD/MM/AAAA"
            onValue={(typed) => onChange({ date_birth: maskPortalDate(typed) })}
          />
          <PortalField
            {...field('cellphone')}
            label="Celular"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(99) 9.9999-9999"
            onValue={(typed) => onChange({ cellphone: maskPortalCellphone(typed) })}
          />
          <PortalField
            {...field('email')}
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={120}
            onValue={(typed) => onChange({ email: typed.trim() })}
          />
        </div>
      </fieldset>

      <fieldset className="portal-section">
        <legend>Endereço</legend>
        <div className="portal-grid">
          <PortalField
            {...field('zipcode')}
            label="CEP"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="99999-999"
            onValue={onZipcode}
            action={
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
            }
          />
          <PortalField
            {...field('state')}
            label="Estado"
            autoComplete="address-level1"
            onValue={(state) => onChange({ state, id_city: '', city: '' })}
            options={UFS.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          />
          <PortalField
            {...field('city')}
            label="Cidade"
            className="portal-span-2"
            value={value.id_city || (value.city ? `name:${value.city}` : '')}
            autoComplete="address-level2"
            onValue={(ibge) => {
              const city = cityOptions.find((c) => c.ibge === ibge);
              onChange({ id_city: city?.ibge ?? '', city: city?.city ?? '' });
            }}
            options={
              <>
                <option value="">{cities ? 'Selecione a cidade' : 'Carregando cidades…'}</option>
                {!cityKnown && value.city && (
                  <option value={value.id_city || `name:${value.city}`}>{value.city}</option>
                )}
                {cityOptions.map((c) => (
                  <option key={c.ibge} value={c.ibge}>
                    {c.city}
                  </option>
                ))}
              </>
            }
          />
          <PortalField
            {...field('neighborhood')}
            label="Bairro"
            className="portal-span-2"
            type="text"
            maxLength={120}
            onValue={(neighborhood) => onChange({ neighborhood })}
          />
          <PortalField
            {...field('address')}
            label="Endereço"
            className="portal-span-2"
            type="text"
            autoComplete="address-line1"
            maxLength={200}
            onValue={(address) => onChange({ address })}
          />
          <PortalField
            {...field('number')}
            label="Número"
            inputRef={numberRef}
            type="text"
            inputMode="numeric"
            maxLength={20}
            onValue={(number) => onChange({ number })}
          />
          <PortalField
            {...field('complement')}
            label="Complemento"
            type="text"
            autoComplete="address-line2"
            maxLength={120}
            onValue={(complement) => onChange({ complement })}
          />
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
          <PortalField
            {...field('password', mode === 'register')}
            label="Senha"
            hint={
              mode === 'update' ? 'Deixe em branco para manter a senha atual.' : 'Mínimo de 6 caracteres.'
            }
            type="password"
            autoComplete="new-password"
            maxLength={72}
            onValue={(password) => onChange({ password })}
          />
          <PortalField
            {...field('password_confirmation', mode === 'register')}
            label="Confirme a senha"
            type="password"
            autoComplete="new-password"
            maxLength={72}
            onValue={(password_confirmation) => onChange({ password_confirmation })}
          />
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
