import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { maskBirth, maskCellphone, maskPhone } from '@freguesia/shared/domain/masks';
import type { LatLngTuple } from 'leaflet';
import type { ReactNode } from 'react';
import type { Bank, StoreOption } from '../../api/customers';
import { AddressFields, type AddressValue } from '../../components/address';
import { GEOGRAPHIC_CENTER, MAP_ZOOM, MapPreview } from '../../components/map';
import { MaskedInput } from '../../components/masked-input/masked-input';
import {
  CONTACT_TYPE_OPTIONS,
  GENDER_OPTIONS,
  HOME_OWNER_OPTIONS,
  MARITAL_OPTIONS,
  TIMER_OPTIONS,
  TYPE_OPTIONS,
  newContact,
  type ContactValues,
  type CustomerFormValues,
  type FieldErrors,
} from './form-model';

/** What every step receives: the values, the errors and a patcher (clears the touched errors). */
export interface StepProps {
  values: CustomerFormValues;
  errors: FieldErrors;
  set: (patch: Partial<CustomerFormValues>) => void;
}

/** The selected option of a Select among `options` ('' → none). */
function selected(options: readonly SelectProps.Option[], value: string): SelectProps.Option | null {
  if (!value) return null;
  return options.find((o) => o.value === value) ?? { value, label: value };
}

function Required({ children }: { children: ReactNode }) {
  return <>{children} *</>;
}

// ---------------------------------------------------------------- 1. Dados Pessoais

export interface PersonalStepProps extends StepProps {
  stores: readonly StoreOption[];
  storesLoading: boolean;
  checkingDocument: boolean;
  onDocumentBlur: () => void;
}

export function PersonalStep({ values, errors, set, stores, storesLoading, checkingDocument, onDocumentBlur }: PersonalStepProps) {
  const storeOptions: SelectProps.Option[] = [
    { value: '', label: 'Nenhuma' },
    ...stores.map((s) => ({ value: String(s.id), label: s.name, description: [s.reference_code, s.city].filter(Boolean).join(' · ') || undefined })),
  ];
  const isCompany = values.type === 'J';
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Identificação</Header>}>
        <SpaceBetween size="m">
          <Grid gridDefinition={[{ colspan: { default: 12, xs: 4 } }, { colspan: { default: 12, xs: 8 } }]}>
            <FormField label={<Required>Tipo</Required>} errorText={errors.type} stretch>
              <Select
                data-testid="customer-type"
                selectedOption={selected(TYPE_OPTIONS as unknown as SelectProps.Option[], values.type)}
                options={TYPE_OPTIONS as unknown as SelectProps.Option[]}
                placeholder="Escolha o tipo do cliente"
                onChange={({ detail }) => set({ type: (detail.selectedOption.value as 'F' | 'J') ?? '' })}
              />
            </FormField>
            <FormField
              label={<Required>{isCompany ? 'CNPJ' : 'CPF'}</Required>}
              errorText={errors.document}
              constraintText={isCompany ? '00.000.000/0000-00' : '000.000.000-00'}
              stretch
            >
              <MaskedInput
                data-testid="customer-document"
                mask={isCompany ? 'cnpj' : 'cpf'}
                value={values.document}
                placeholder={isCompany ? '00.000.000/0000-00' : '000.000.000-00'}
                ariaLabel={isCompany ? 'CNPJ' : 'CPF'}
                onChange={(document) => set({ document })}
                onBlur={onDocumentBlur}
                disabled={checkingDocument}
              />
            </FormField>
          </Grid>
          <Grid gridDefinition={[{ colspan: { default: 12, xs: 8 } }, { colspan: { default: 12, xs: 4 } }]}>
            <FormField label={<Required>{isCompany ? 'Razão social' : 'Nome completo'}</Required>} errorText={errors.fullname} stretch>
              <Input
                data-testid="customer-fullname"
                value={values.fullname}
                onChange={({ detail }) => set({ fullname: detail.value.toUpperCase() })}
              />
            </FormField>
            <FormField label={isCompany ? 'Inscrição estadual' : 'RG'} errorText={errors.identity} stretch>
              <Input value={values.identity} onChange={({ detail }) => set({ identity: detail.value })} />
            </FormField>
          </Grid>
          <ColumnLayout columns={4} minColumnWidth={160}>
            <FormField label={isCompany ? 'Data de abertura' : 'Data de nascimento'} errorText={errors.date_birth} constraintText="DD/MM/AAAA">
              <MaskedInput
                data-testid="customer-date-birth"
                mask={maskBirth}
                value={values.date_birth}
                placeholder="00/00/0000"
                onChange={(date_birth) => set({ date_birth })}
              />
            </FormField>
            <FormField label={<Required>Sexo</Required>} errorText={errors.gender}>
              <Select
                data-testid="customer-gender"
                selectedOption={selected(GENDER_OPTIONS, values.gender)}
                options={GENDER_OPTIONS}
                placeholder="Escolha o Sexo do cliente"
                onChange={({ detail }) => set({ gender: (detail.selectedOption.value as CustomerFormValues['gender']) ?? '' })}
              />
            </FormField>
            <FormField label="Estado civil" errorText={errors.maritial}>
              <Select
                data-testid="customer-marital"
                selectedOption={selected(MARITAL_OPTIONS, values.maritial)}
                options={MARITAL_OPTIONS}
                placeholder="Escolha o estado civil"
                onChange={({ detail }) => set({ maritial: (detail.selectedOption.value as CustomerFormValues['maritial']) ?? '' })}
              />
            </FormField>
            <FormField label="Loja favorita" errorText={errors.favorite_store}>
              <Select
                data-testid="customer-favorite-store"
                selectedOption={values.favorite_store ? selected(storeOptions, values.favorite_store) : null}
                options={storeOptions}
                placeholder="Escolha a loja"
                filteringType="auto"
                empty="Nenhuma loja"
                statusType={storesLoading ? 'loading' : 'finished'}
                loadingText="Carregando lojas"
                onChange={({ detail }) => set({ favorite_store: detail.selectedOption.value ?? '' })}
              />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Contato</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={3} minColumnWidth={180}>
            <FormField label="E-mail" errorText={errors.email}>
              <Input
                data-testid="customer-email"
                type="email"
                inputMode="email"
                value={values.email}
                onChange={({ detail }) => set({ email: detail.value })}
              />
            </FormField>
            <FormField label="Telefone" errorText={errors.telephone} constraintText="(00) 0000-0000">
              <MaskedInput
                data-testid="customer-telephone"
                mask={maskPhone}
                value={values.telephone}
                placeholder="(00) 0000-0000"
                onChange={(telephone) => set({ telephone })}
              />
            </FormField>
            <FormField label="Celular" errorText={errors.cellphone} constraintText="(00) 0.0000-0000">
              <MaskedInput
                data-testid="customer-cellphone"
                mask={maskCellphone}
                value={values.cellphone}
                placeholder="(00) 0.0000-0000"
                onChange={(cellphone) => set({ cellphone })}
              />
            </FormField>
          </ColumnLayout>
          <ColumnLayout columns={3} minColumnWidth={180}>
            <Toggle data-testid="customer-allow-sms" checked={values.allow_sms} onChange={({ detail }) => set({ allow_sms: detail.checked })}>
              Permite comunicação por SMS/WhatsApp
            </Toggle>
            <Toggle data-testid="customer-allow-email" checked={values.allow_email} onChange={({ detail }) => set({ allow_email: detail.checked })}>
              Permite comunicação por e-mail
            </Toggle>
            <FormField
              label="Senha do aplicativo"
              description="Deixe em branco para não alterar."
              errorText={errors.password}
            >
              <Input
                data-testid="customer-password"
                type="password"
                autoComplete={false}
                value={values.password}
                onChange={({ detail }) => set({ password: detail.value })}
              />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}

// ---------------------------------------------------------------- 2. Localizacao

export interface LocationStepProps extends StepProps {
  geocoding: boolean;
  /** Geocodes the given address (number blur, CEP found). */
  onLocate: (address: AddressValue) => void;
}

export function toAddress(values: CustomerFormValues): AddressValue {
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

export function LocationStep({ values, errors, set, geocoding, onLocate }: LocationStepProps) {
  const hasPoint = values.latitude !== null && values.longitude !== null;
  const point: LatLngTuple | undefined = hasPoint ? [values.latitude!, values.longitude!] : undefined;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Endereço</Header>}>
        <AddressFields
          testIdPrefix="customer"
          value={toAddress(values)}
          errors={errors}
          required={['zipcode', 'address', 'neighborhood', 'state', 'city']}
          onChange={(next) => set(next)}
          onCepFound={(_found, next) => onLocate(next)}
          onNumberBlur={(current) => onLocate(current)}
        />
      </Container>
      <Container
        header={
          <Header variant="h2" description={geocoding ? 'Localizando o endereço…' : hasPoint ? 'Marcador posicionado pelo endereço informado.' : 'Informe o endereço e o número para posicionar o marcador.'}>
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
          markers={point ? [{ position: point, label: values.fullname || 'Cliente' }] : []}
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

export function CreditStep({ values, errors, set, banks, banksLoading }: CreditStepProps) {
  const bankOptions: SelectProps.Option[] = [
    { value: '', label: 'Nenhum' },
    ...banks.map((b) => ({ value: b.code, label: `${b.code} - ${b.name}` })),
  ];
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Renda e ocupação</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={2} minColumnWidth={220}>
            <FormField label="Empresa onde trabalha" errorText={errors.employer}>
              <Input data-testid="customer-employer" value={values.employer} onChange={({ detail }) => set({ employer: detail.value })} />
            </FormField>
            <FormField label="Profissão" errorText={errors.occupation}>
              <Input data-testid="customer-occupation" value={values.occupation} onChange={({ detail }) => set({ occupation: detail.value })} />
            </FormField>
          </ColumnLayout>
          <ColumnLayout columns={4} minColumnWidth={150}>
            <FormField label="Tempo de serviço" errorText={errors.time ?? errors.timer}>
              <Grid gridDefinition={[{ colspan: 5 }, { colspan: 7 }]}>
                <Input
                  data-testid="customer-time"
                  inputMode="numeric"
                  value={values.time}
                  ariaLabel="Tempo de serviço"
                  onChange={({ detail }) => set({ time: detail.value.replace(/\D/g, '') })}
                />
                <Select
                  data-testid="customer-timer"
                  ariaLabel="Unidade do tempo"
                  selectedOption={selected(TIMER_OPTIONS as unknown as SelectProps.Option[], values.timer)}
                  options={TIMER_OPTIONS as unknown as SelectProps.Option[]}
                  onChange={({ detail }) => set({ timer: detail.selectedOption.value === 'M' ? 'M' : 'A' })}
                />
              </Grid>
            </FormField>
            <FormField label="Residência" errorText={errors.home_owner}>
              <Select
                data-testid="customer-home-owner"
                selectedOption={selected(HOME_OWNER_OPTIONS as unknown as SelectProps.Option[], values.home_owner)}
                options={HOME_OWNER_OPTIONS as unknown as SelectProps.Option[]}
                placeholder="Própria ou alugada"
                onChange={({ detail }) => set({ home_owner: (detail.selectedOption.value as 'Y' | 'N') ?? '' })}
              />
            </FormField>
            <FormField label="Renda (R$)" errorText={errors.income} constraintText="Ex.: 3.500,00">
              <Input
                data-testid="customer-income"
                inputMode="decimal"
                value={values.income}
                placeholder="0,00"
                onChange={({ detail }) => set({ income: detail.value.replace(/[^\d.,]/g, '') })}
              />
            </FormField>
            <FormField label="Limite (%)" errorText={errors.limit} constraintText="De 0 a 100">
              <Input
                data-testid="customer-limit"
                inputMode="decimal"
                value={values.limit}
                onChange={({ detail }) => set({ limit: detail.value.replace(/[^\d,.]/g, '') })}
              />
            </FormField>
          </ColumnLayout>
          <ColumnLayout columns={2} minColumnWidth={220}>
            <FormField label="Código do bureau de crédito" errorText={errors.log}>
              <Input data-testid="customer-log" value={values.log} onChange={({ detail }) => set({ log: detail.value })} />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Dados bancários</Header>}>
        <SpaceBetween size="m">
          <FormField label="Banco" errorText={errors.bank} stretch>
            <Select
              data-testid="customer-bank"
              selectedOption={values.bank ? selected(bankOptions, values.bank) : null}
              options={bankOptions}
              placeholder="Escolha o banco"
              filteringType="auto"
              filteringPlaceholder="Buscar banco"
              empty="Nenhum banco"
              statusType={banksLoading ? 'loading' : 'finished'}
              loadingText="Carregando bancos"
              virtualScroll
              onChange={({ detail }) => set({ bank: detail.selectedOption.value ?? '' })}
            />
          </FormField>
          <ColumnLayout columns={4} minColumnWidth={120}>
            <FormField label="Agência" errorText={errors.ag}>
              <Input data-testid="customer-ag" inputMode="numeric" value={values.ag} onChange={({ detail }) => set({ ag: detail.value.replace(/\D/g, '').slice(0, 10) })} />
            </FormField>
            <FormField label="Dígito da agência" errorText={errors.agdigit}>
              <Input value={values.agdigit} onChange={({ detail }) => set({ agdigit: detail.value.replace(/[^\dxX]/g, '').slice(0, 2) })} />
            </FormField>
            <FormField label="Conta" errorText={errors.acc}>
              <Input data-testid="customer-acc" inputMode="numeric" value={values.acc} onChange={({ detail }) => set({ acc: detail.value.replace(/\D/g, '').slice(0, 20) })} />
            </FormField>
            <FormField label="Dígito da conta" errorText={errors.accdigit}>
              <Input value={values.accdigit} onChange={({ detail }) => set({ accdigit: detail.value.replace(/[^\dxX]/g, '').slice(0, 2) })} />
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}

// ---------------------------------------------------------------- 4. Contatos

export function ContactsStep({ values, errors, set }: StepProps) {
  const update = (index: number, patch: Partial<ContactValues>) =>
    set({ contacts: values.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const error = (index: number, field: keyof ContactValues) => errors[`contacts.${index}.${field}`];
  return (
    <Container header={<Header variant="h2" description="Pessoas de contato do cliente (opcional).">Contatos</Header>}>
      <AttributeEditor<ContactValues>
        data-testid="customer-contacts"
        items={values.contacts}
        addButtonText="Adicionar contato"
        removeButtonText="Remover"
        empty={<Box color="text-body-secondary">Nenhum contato cadastrado.</Box>}
        onAddButtonClick={() => set({ contacts: [...values.contacts, newContact()] })}
        onRemoveButtonClick={({ detail }) => set({ contacts: values.contacts.filter((_, i) => i !== detail.itemIndex) })}
        i18nStrings={{ errorIconAriaLabel: 'Erro', itemRemovedAriaLive: 'Contato removido', removeButtonAriaLabel: (c) => `Remover ${c.name || 'contato'}` }}
        definition={[
          {
            label: 'Nome *',
            control: (c, i) => <Input data-testid={`contact-${i}-name`} value={c.name} onChange={({ detail }) => update(i, { name: detail.value })} />,
            errorText: (_c, i) => error(i, 'name'),
          },
          {
            label: 'E-mail',
            control: (c, i) => <Input data-testid={`contact-${i}-email`} type="email" value={c.email} onChange={({ detail }) => update(i, { email: detail.value })} />,
            errorText: (_c, i) => error(i, 'email'),
          },
          {
            label: 'Telefone',
            control: (c, i) => (
              <MaskedInput data-testid={`contact-${i}-telephone`} mask={maskPhone} value={c.telephone} placeholder="(00) 0000-0000" onChange={(telephone) => update(i, { telephone })} />
            ),
            errorText: (_c, i) => error(i, 'telephone'),
          },
          {
            label: 'Celular',
            control: (c, i) => (
              <MaskedInput data-testid={`contact-${i}-cellphone`} mask={maskCellphone} value={c.cellphone} placeholder="(00) 0.0000-0000" onChange={(cellphone) => update(i, { cellphone })} />
            ),
            errorText: (_c, i) => error(i, 'cellphone'),
          },
          {
            label: 'Tipo *',
            control: (c, i) => (
              <Select
                data-testid={`contact-${i}-type`}
                selectedOption={selected(CONTACT_TYPE_OPTIONS, c.type)}
                options={CONTACT_TYPE_OPTIONS}
                placeholder="Escolha o tipo"
                onChange={({ detail }) => update(i, { type: (detail.selectedOption.value as ContactValues['type']) ?? '' })}
              />
            ),
            errorText: (_c, i) => error(i, 'type'),
          },
        ]}
      />
    </Container>
  );
}
