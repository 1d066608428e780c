import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { maskBirth, maskCellphone, maskPhone } from '@freguesia/shared/domain/masks';
import type { LatLngTuple } from 'leaflet';
import type { ReactNode } from 'react';
import {
  useController,
  useFieldArray,
  useFormState,
  useWatch,
  type Control,
  type FieldPath,
} from 'react-hook-form';
import type { Bank, StoreOption } from '../../api/customers';
import { AddressFields, type AddressField, type AddressValue } from '../../components/address';
import { Field } from '../../components/form';
import { GEOGRAPHIC_CENTER, MAP_ZOOM, MapPreview } from '../../components/map';
import { MaskedInput } from '../../components/masked-input/masked-input';
import {
  CONTACT_TYPE_OPTIONS,
  GENDER_OPTIONS,
  HOME_OWNER_OPTIONS,
  MARITAL_OPTIONS,
  STEP_FIELDS,
  TIMER_OPTIONS,
  TYPE_OPTIONS,
  newContact,
  type CustomerFormValues,
} from './form-model';

type FormControl = Control<CustomerFormValues, unknown, CustomerFormValues>;
type TextName = Exclude<
  FieldPath<CustomerFormValues>,
  'allow_sms' | 'allow_email' | 'latitude' | 'longitude' | 'contacts' | `contacts.${number}`
>;

/** What every step receives: the wizard's form control (react-hook-form over `customerFormSchema`). */
export interface StepProps {
  control: FormControl;
}

/** The selected option of a Select among `options` ('' → none). */
function selected(options: readonly SelectProps.Option[], value: string): SelectProps.Option | null {
  if (!value) return null;
  return options.find((o) => o.value === value) ?? { value, label: value };
}

function Required({ children }: { children: ReactNode }) {
  return <>{children} *</>;
}

/** A text Input bound to a field; `clean` rewrites what is typed (digits only, upper case, …). */
function TextField({
  control,
  name,
  label,
  testId,
  clean = (v) => v,
  constraintText,
  description,
  stretch,
  ...input
}: {
  control: FormControl;
  name: TextName;
  label: ReactNode;
  testId?: string;
  clean?: (value: string) => string;
  constraintText?: string;
  description?: string;
  stretch?: boolean;
} & Pick<InputProps, 'type' | 'inputMode' | 'placeholder' | 'ariaLabel' | 'autoComplete'>) {
  return (
    <Field
      control={control}
      name={name}
      label={label}
      constraintText={constraintText}
      description={description}
      stretch={stretch}
    >
      {(field) => (
        <Input
          data-testid={testId}
          {...input}
          value={String(field.value ?? '')}
          onChange={({ detail }) => field.onChange(clean(detail.value))}
        />
      )}
    </Field>
  );
}

/** A Select bound to a text field ('' = none). */
function SelectField({
  control,
  name,
  label,
  testId,
  options,
  ...select
}: {
  control: FormControl;
  name: TextName;
  label: ReactNode;
  testId: string;
  options: readonly SelectProps.Option[];
} & Omit<SelectProps, 'selectedOption' | 'options' | 'onChange'>) {
  return (
    <Field control={control} name={name} label={label}>
      {(field) => (
        <Select
          data-testid={testId}
          {...select}
          selectedOption={selected(options, String(field.value ?? ''))}
          options={options}
          onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
        />
      )}
    </Field>
  );
}

// ---------------------------------------------------------------- 1. Dados Pessoais

export interface PersonalStepProps extends StepProps {
  stores: readonly StoreOption[];
  storesLoading: boolean;
  checkingDocument: boolean;
  onDocumentBlur: () => void;
}

export function PersonalStep({
  control,
  stores,
  storesLoading,
  checkingDocument,
  onDocumentBlur,
}: PersonalStepProps) {
  const storeOptions: SelectProps.Option[] = [
    { value: '', label: 'Nenhuma' },
    ...stores.map((s) => ({
      value: String(s.id),
      label: s.name,
      description: [s.reference_code, s.city].filter(Boolean).join(' · ') || undefined,
    })),
  ];
  const isCompany = useWatch({ control, name: 'type' }) === 'J';
  const allowSms = useController({ control, name: 'allow_sms' }).field;
  const allowEmail = useController({ control, name: 'allow_email' }).field;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Identificação</Header>}>
        <SpaceBetween size="m">
          <Grid gridDefinition={[{ colspan: { default: 12, xs: 4 } }, { colspan: { default: 12, xs: 8 } }]}>
            <SelectField
              control={control}
              name="type"
              label={<Required>Tipo</Required>}
              testId="customer-type"
              options={TYPE_OPTIONS as unknown as SelectProps.Option[]}
              placeholder="Escolha o tipo do cliente"
            />
            <Field
              control={control}
              name="document"
              label={<Required>{isCompany ? 'CNPJ' : 'CPF'}</Required>}
              constraintText={isCompany ? '00.000.000/0000-00' : '000.000.000-00'}
              stretch
            >
              {(field) => (
                <MaskedInput
                  data-testid="customer-document"
                  mask={isCompany ? 'cnpj' : 'cpf'}
                  value={field.value}
                  placeholder={isCompany ? '00.000.000/0000-00' : '000.000.000-00'}
                  ariaLabel={isCompany ? 'CNPJ' : 'CPF'}
                  onChange={field.onChange}
                  onBlur={onDocumentBlur}
                  disabled={checkingDocument}
                />
              )}
            </Field>
          </Grid>
          <Grid gridDefinition={[{ colspan: { default: 12, xs: 8 } }, { colspan: { default: 12, xs: 4 } }]}>
            <TextField
              control={control}
              name="fullname"
              label={<Required>{isCompany ? 'Razão social' : 'Nome completo'}</Required>}
              testId="customer-fullname"
              clean={(v) => v.toUpperCase()}
              stretch
            />
            <TextField
              control={control}
              name="identity"
              label={isCompany ? 'Inscrição estadual' : 'RG'}
              stretch
            />
          </Grid>
          <ColumnLayout columns={4} minColumnWidth={160}>
            <Field
              control={control}
              name="date_birth"
              label={isCompany ? 'Data de abertura' : 'Data de nascimento'}
              constraintText="DD/MM/AAAA"
            >
              {(field) => (
                <MaskedInput
                  data-testid="customer-date-birth"
                  mask={maskBirth}
                  value={field.value}
                  placeholder="00/00/0000"
                  onChange={field.onChange}
                />
              )}
            </Field>
            <SelectField
              control={control}
              name="gender"
              label={<Required>Sexo</Required>}
              testId="customer-gender"
              options={GENDER_OPTIONS}
              placeholder="Escolha o Sexo do cliente"
            />
            <SelectField
              control={control}
              name="maritial"
              label="Estado civil"
              testId="customer-marital"
              options={MARITAL_OPTIONS}
              placeholder="Escolha o estado civil"
            />
            <SelectField
              control={control}
              name="favorite_store"
              label="Loja favorita"
              testId="customer-favorite-store"
              options={storeOptions}
              placeholder="Escolha a loja"
              filteringType="auto"
              empty="Nenhuma loja"
              statusType={storesLoading ? 'loading' : 'finished'}
              loadingText="Carregando lojas"
            />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Contato</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={3} minColumnWidth={180}>
            <TextField
              control={control}
              name="email"
              label="E-mail"
              testId="customer-email"
              type="email"
              inputMode="email"
            />
            <Field control={control} name="telephone" label="Telefone" constraintText="(00) 0000-0000">
              {(field) => (
                <MaskedInput
                  data-testid="customer-telephone"
                  mask={maskPhone}
                  value={field.value}
                  placeholder="(00) 0000-0000"
                  onChange={field.onChange}
                />
              )}
            </Field>
            <Field control={control} name="cellphone" label="Celular" constraintText="(00) 0.0000-0000">
              {(field) => (
                <MaskedInput
                  data-testid="customer-cellphone"
                  mask={maskCellphone}
                  value={field.value}
                  placeholder="(00) 0.0000-0000"
                  onChange={field.onChange}
                />
              )}
            </Field>
          </ColumnLayout>
          <ColumnLayout columns={3} minColumnWidth={180}>
            <Toggle
              data-testid="customer-allow-sms"
              checked={allowSms.value}
              onChange={({ detail }) => allowSms.onChange(detail.checked)}
            >
              Permite comunicação por SMS/WhatsApp
            </Toggle>
            <Toggle
              data-testid="customer-allow-email"
              checked={allowEmail.value}
              onChange={({ detail }) => allowEmail.onChange(detail.checked)}
            >
              Permite comunicação por e-mail
            </Toggle>
            <TextField
              control={control}
              name="password"
              label="Senha do aplicativo"
              description="Deixe em branco para não alterar."
              testId="customer-password"
              type="password"
              autoComplete={false}
            />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}

// ---------------------------------------------------------------- 2. Localizacao

const ADDRESS_FIELDS = STEP_FIELDS[1];

export interface LocationStepProps extends StepProps {
  geocoding: boolean;
  /** Geocodes the given address (number blur, CEP found). */
  onLocate: (address: AddressValue) => void;
  /** Writes the changed address fields into the form. */
  onAddressChange: (next: AddressValue) => void;
}

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
export function LocationStep({ control, geocoding, onLocate, onAddressChange }: LocationStepProps) {
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
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Endereço</Header>}>
        <AddressFields
          testIdPrefix="customer"
          value={address}
          errors={addressErrors}
          required={['zipcode', 'address', 'neighborhood', 'state', 'city']}
          onChange={onAddressChange}
          onCepFound={(_found, next) => onLocate(next)}
          onNumberBlur={(current) => onLocate(current)}
        />
      </Container>
      <Container
        header={
          <Header
            variant="h2"
            description={
              geocoding
                ? 'Localizando o endereço…'
                : point
                  ? 'Marcador posicionado pelo endereço informado.'
                  : 'Informe o endereço e o número para posicionar o marcador.'
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

// ---------------------------------------------------------------- 3. Analise de Credito

export interface CreditStepProps extends StepProps {
  banks: readonly Bank[];
  banksLoading: boolean;
}

const digits = (max: number) => (v: string) => v.replace(/\D/g, '').slice(0, max);
const checkDigit = (v: string) => v.replace(/[^\dxX]/g, '').slice(0, 2);

export function CreditStep({ control, banks, banksLoading }: CreditStepProps) {
  const bankOptions: SelectProps.Option[] = [
    { value: '', label: 'Nenhum' },
    ...banks.map((b) => ({ value: b.code, label: `${b.code} - ${b.name}` })),
  ];
  const { errors } = useFormState({ control, name: ['time', 'timer'] });
  const time = useController({ control, name: 'time' }).field;
  const timer = useController({ control, name: 'timer' }).field;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Renda e ocupação</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={2} minColumnWidth={220}>
            <TextField
              control={control}
              name="employer"
              label="Empresa onde trabalha"
              testId="customer-employer"
            />
            <TextField control={control} name="occupation" label="Profissão" testId="customer-occupation" />
          </ColumnLayout>
          <ColumnLayout columns={4} minColumnWidth={150}>
            <FormField label="Tempo de serviço" errorText={errors.time?.message ?? errors.timer?.message}>
              <Grid gridDefinition={[{ colspan: 5 }, { colspan: 7 }]}>
                <Input
                  data-testid="customer-time"
                  inputMode="numeric"
                  value={time.value}
                  ariaLabel="Tempo de serviço"
                  onChange={({ detail }) => time.onChange(detail.value.replace(/\D/g, ''))}
                />
                <Select
                  data-testid="customer-timer"
                  ariaLabel="Unidade do tempo"
                  selectedOption={selected(TIMER_OPTIONS as unknown as SelectProps.Option[], timer.value)}
                  options={TIMER_OPTIONS as unknown as SelectProps.Option[]}
                  onChange={({ detail }) => timer.onChange(detail.selectedOption.value === 'M' ? 'M' : 'A')}
                />
              </Grid>
            </FormField>
            <SelectField
              control={control}
              name="home_owner"
              label="Residência"
              testId="customer-home-owner"
              options={HOME_OWNER_OPTIONS as unknown as SelectProps.Option[]}
              placeholder="Própria ou alugada"
            />
            <TextField
              control={control}
              name="income"
              label="Renda (R$)"
              testId="customer-income"
              constraintText="Ex.: 3.500,00"
              inputMode="decimal"
              placeholder="0,00"
              clean={(v) => v.replace(/[^\d.,]/g, '')}
            />
            <TextField
              control={control}
              name="limit"
              label="Limite (%)"
              testId="customer-limit"
              constraintText="De 0 a 100"
              inputMode="decimal"
              clean={(v) => v.replace(/[^\d,.]/g, '')}
            />
          </ColumnLayout>
          <ColumnLayout columns={2} minColumnWidth={220}>
            <TextField
              control={control}
              name="log"
              label="Código do bureau de crédito"
              testId="customer-log"
            />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Dados bancários</Header>}>
        <SpaceBetween size="m">
          <SelectField
            control={control}
            name="bank"
            label="Banco"
            testId="customer-bank"
            options={bankOptions}
            placeholder="Escolha o banco"
            filteringType="auto"
            filteringPlaceholder="Buscar banco"
            empty="Nenhum banco"
            statusType={banksLoading ? 'loading' : 'finished'}
            loadingText="Carregando bancos"
            virtualScroll
          />
          <ColumnLayout columns={4} minColumnWidth={120}>
            <TextField
              control={control}
              name="ag"
              label="Agência"
              testId="customer-ag"
              inputMode="numeric"
              clean={digits(10)}
            />
            <TextField control={control} name="agdigit" label="Dígito da agência" clean={checkDigit} />
            <TextField
              control={control}
              name="acc"
              label="Conta"
              testId="customer-acc"
              inputMode="numeric"
              clean={digits(20)}
            />
            <TextField control={control} name="accdigit" label="Dígito da conta" clean={checkDigit} />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}

// ---------------------------------------------------------------- 4. Contatos

/** One control of a contact row, bound to `contacts.{index}.{field}`. */
function ContactControl({
  control,
  index,
  field,
}: {
  control: FormControl;
  index: number;
  field: 'name' | 'email' | 'telephone' | 'cellphone' | 'type';
}) {
  const { field: bound } = useController({ control, name: `contacts.${index}.${field}` });
  const testId = `contact-${index}-${field}`;
  if (field === 'telephone' || field === 'cellphone') {
    const cell = field === 'cellphone';
    return (
      <MaskedInput
        data-testid={testId}
        mask={cell ? maskCellphone : maskPhone}
        value={bound.value}
        placeholder={cell ? '(00) 0.0000-0000' : '(00) 0000-0000'}
        onChange={bound.onChange}
      />
    );
  }
  if (field === 'type') {
    return (
      <Select
        data-testid={testId}
        selectedOption={selected(CONTACT_TYPE_OPTIONS, bound.value)}
        options={CONTACT_TYPE_OPTIONS}
        placeholder="Escolha o tipo"
        onChange={({ detail }) => bound.onChange(detail.selectedOption.value ?? '')}
      />
    );
  }
  return (
    <Input
      data-testid={testId}
      type={field === 'email' ? 'email' : undefined}
      value={bound.value}
      onChange={({ detail }) => bound.onChange(detail.value)}
    />
  );
}

export function ContactsStep({ control }: StepProps) {
  const contacts = useFieldArray({ control, name: 'contacts' });
  const { errors } = useFormState({ control, name: 'contacts' });
  const error = (index: number, field: 'name' | 'email' | 'telephone' | 'cellphone' | 'type') =>
    errors.contacts?.[index]?.[field]?.message;
  const column = (label: string, field: 'name' | 'email' | 'telephone' | 'cellphone' | 'type') => ({
    label,
    control: (_c: unknown, i: number) => <ContactControl control={control} index={i} field={field} />,
    errorText: (_c: unknown, i: number) => error(i, field),
  });
  return (
    <Container
      header={
        <Header variant="h2" description="Pessoas de contato do cliente (opcional).">
          Contatos
        </Header>
      }
    >
      <AttributeEditor
        data-testid="customer-contacts"
        items={contacts.fields}
        addButtonText="Adicionar contato"
        removeButtonText="Remover"
        empty={<Box color="text-body-secondary">Nenhum contato cadastrado.</Box>}
        onAddButtonClick={() => contacts.append(newContact())}
        onRemoveButtonClick={({ detail }) => contacts.remove(detail.itemIndex)}
        i18nStrings={{
          errorIconAriaLabel: 'Erro',
          itemRemovedAriaLive: 'Contato removido',
          removeButtonAriaLabel: (c) => `Remover ${c.name || 'contato'}`,
        }}
        definition={[
          column('Nome *', 'name'),
          column('E-mail', 'email'),
          column('Telefone', 'telephone'),
          column('Celular', 'cellphone'),
          column('Tipo *', 'type'),
        ]}
      />
    </Container>
  );
}
