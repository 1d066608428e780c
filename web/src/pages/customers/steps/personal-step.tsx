import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { maskBirth, maskCellphone, maskPhone } from '@freguesia/shared/domain/masks';
import { useWatch } from 'react-hook-form';
import type { StoreOption } from '../../../api/customers';
import { Field, MaskedField, SelectField, TextField, ToggleField } from '../../../components/form';
import { MAX_CUSTOMER_TAGS, TagsMultiselect } from '../tags-field';
import { GENDER_OPTIONS, MARITAL_OPTIONS, TYPE_OPTIONS } from '../form-model';
import { Required, type StepProps } from './step-props';

export interface PersonalStepProps extends StepProps {
  stores: readonly StoreOption[];
  storesLoading: boolean;
  checkingDocument: boolean;
  onDocumentBlur: () => void;
  /** Changing a customer: an empty password keeps the current one. */
  editing?: boolean;
}

/** 1. 'Dados Pessoais': identification (the document's mask and labels follow the type) and contact. */
export function PersonalStep({
  control,
  stores,
  storesLoading,
  checkingDocument,
  onDocumentBlur,
  editing = false,
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
  const documentMask = isCompany ? '00.000.000/0000-00' : '000.000.000-00';
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
              options={TYPE_OPTIONS}
              select={{ placeholder: 'Escolha o tipo do cliente' }}
            />
            <MaskedField
              control={control}
              name="document"
              label={<Required>{isCompany ? 'CNPJ' : 'CPF'}</Required>}
              constraintText={documentMask}
              stretch
              testId="customer-document"
              mask={isCompany ? 'cnpj' : 'cpf'}
              input={{
                placeholder: documentMask,
                ariaLabel: isCompany ? 'CNPJ' : 'CPF',
                onBlur: onDocumentBlur,
                disabled: checkingDocument,
              }}
            />
          </Grid>
          <Grid gridDefinition={[{ colspan: { default: 12, xs: 8 } }, { colspan: { default: 12, xs: 4 } }]}>
            <TextField
              control={control}
              name="fullname"
              label={<Required>{isCompany ? 'Razão social' : 'Nome completo'}</Required>}
              testId="customer-fullname"
              transform={(v) => v.toUpperCase()}
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
            <MaskedField
              control={control}
              name="date_birth"
              label={isCompany ? 'Data de abertura' : 'Data de nascimento'}
              constraintText="DD/MM/AAAA"
              testId="customer-date-birth"
              mask={maskBirth}
              input={{ placeholder: '00/00/0000' }}
            />
            <SelectField
              control={control}
              name="gender"
              label={<Required>Sexo</Required>}
              testId="customer-gender"
              options={GENDER_OPTIONS}
              select={{ placeholder: 'Escolha o Sexo do cliente' }}
            />
            <SelectField
              control={control}
              name="maritial"
              label="Estado civil"
              testId="customer-marital"
              options={MARITAL_OPTIONS}
              select={{ placeholder: 'Escolha o estado civil' }}
            />
            <SelectField
              control={control}
              name="favorite_store"
              label="Loja favorita"
              testId="customer-favorite-store"
              options={storeOptions}
              select={{
                placeholder: 'Escolha a loja',
                filteringType: 'auto',
                empty: 'Nenhuma loja',
                statusType: storesLoading ? 'loading' : 'finished',
                loadingText: 'Carregando lojas',
              }}
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
              input={{ type: 'email', inputMode: 'email' }}
            />
            <MaskedField
              control={control}
              name="telephone"
              label="Telefone"
              constraintText="(00) 0000-0000"
              testId="customer-telephone"
              mask={maskPhone}
              input={{ placeholder: '(00) 0000-0000' }}
            />
            <MaskedField
              control={control}
              name="cellphone"
              label="Celular"
              constraintText="(00) 0.0000-0000"
              testId="customer-cellphone"
              mask={maskCellphone}
              input={{ placeholder: '(00) 0.0000-0000' }}
            />
          </ColumnLayout>
          <ColumnLayout columns={3} minColumnWidth={180}>
            <ToggleField control={control} name="allow_sms" testId="customer-allow-sms">
              Permite comunicação por SMS/WhatsApp
            </ToggleField>
            <ToggleField control={control} name="allow_email" testId="customer-allow-email">
              Permite comunicação por e-mail
            </ToggleField>
            <TextField
              control={control}
              name="password"
              label="Senha do aplicativo"
              description={
                editing
                  ? 'Deixe em branco para não alterar.'
                  : 'Para o cliente acessar o portal e o aplicativo.'
              }
              testId="customer-password"
              input={{ type: 'password', autoComplete: false }}
            />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Tags</Header>}>
        <Field
          control={control}
          name="tags"
          label="Tags do cliente"
          description={`Até ${MAX_CUSTOMER_TAGS} tags; cadastre novas em Segmentação > Tags.`}
        >
          {(field, invalid) => (
            <TagsMultiselect value={field.value} onChange={field.onChange} invalid={invalid} />
          )}
        </Field>
      </Container>
    </SpaceBetween>
  );
}
