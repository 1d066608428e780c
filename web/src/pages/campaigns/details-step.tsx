import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { DYNAMICS_BY_TYPE, type DiscountType } from '@freguesia/shared/schemas/campaign';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { DateInput } from '../../components/date-input';
import { Field, TextField, ToggleField } from '../../components/form';
import { dynamicOf, TYPE_OPTIONS, type CampaignFormValues } from './form-model';

type Form = UseFormReturn<CampaignFormValues, unknown, CampaignFormValues>;

/** 'Campanha Ativada' / 'Campanha Desativada' (spec part 2 §1). */
function ActiveSwitch({ control }: { control: Control<CampaignFormValues> }) {
  const { field } = useController({ control, name: 'active' });
  return (
    <Toggle
      checked={field.value === 'Y'}
      data-testid="campaign-active"
      onChange={({ detail }) => field.onChange(detail.checked ? 'Y' : 'N')}
    >
      {field.value === 'Y' ? 'Campanha Ativada' : 'Campanha Desativada'}
    </Toggle>
  );
}

/**
 * Step 1 'Detalhes da Campanha' (spec part 2 §2.1, §5): active switch, description, discount type,
 * period (DD/MM/AAAA; 'Sem data final' = 9999-12-31) and the campaign's switches: ignore when on
 * offer, can repeat, activate by voucher (with 'Gerar'), accepted terms, accumulate.
 */
export function DetailsStep({ form }: { form: Form }) {
  const { control } = form;
  const [noEnd, voucher] = useWatch({ control, name: ['no_end', 'voucher'] });
  const setValue = (name: 'info.voucher_code' | 'end_at' | 'info.type', value: string) =>
    form.setValue(name as 'end_at', value, { shouldDirty: true });

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Campanha</Header>}>
        <SpaceBetween size="l">
          <ActiveSwitch control={control} />
          <TextField
            control={control}
            name="description"
            label="Descrição"
            testId="campaign-description"
            input={{ placeholder: 'Ex.: Semana do café' }}
          />
          <Field control={control} name="type" label="Tipo de desconto">
            {(field) => (
              <RadioGroup
                ref={field.ref}
                data-testid="campaign-type"
                value={field.value}
                items={TYPE_OPTIONS.map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))}
                onChange={({ detail }) => {
                  const type = detail.value as DiscountType;
                  field.onChange(type);
                  // A dynamic the new type does not offer is cleared.
                  const dyn = dynamicOf(form.getValues('info.type'));
                  if (dyn !== null && !DYNAMICS_BY_TYPE[type].includes(dyn)) setValue('info.type', '');
                }}
              />
            )}
          </Field>
          <ColumnLayout columns={3}>
            <Field control={control} name="start_at" label="Início">
              {(field, invalid) => (
                <DateInput
                  ref={field.ref}
                  data-testid="campaign-start"
                  ariaLabel="Data de início"
                  value={field.value}
                  invalid={invalid}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
            {noEnd ? null : (
              <Field control={control} name="end_at" label="Fim">
                {(field, invalid) => (
                  <DateInput
                    ref={field.ref}
                    data-testid="campaign-end"
                    ariaLabel="Data de fim"
                    value={field.value}
                    invalid={invalid}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              </Field>
            )}
            <Field control={control} name="no_end" label={noEnd ? 'Fim' : '\u00a0'}>
              {(field) => (
                <Checkbox
                  data-testid="campaign-no-end"
                  checked={field.value}
                  onChange={({ detail }) => {
                    field.onChange(detail.checked);
                    if (detail.checked) {
                      setValue('end_at', '');
                      form.clearErrors('end_at');
                    }
                  }}
                >
                  Sem data final
                </Checkbox>
              )}
            </Field>
          </ColumnLayout>
        </SpaceBetween>
      </Container>

      <Container header={<Header variant="h2">Regras</Header>}>
        <ColumnLayout columns={2}>
          <SpaceBetween size="m">
            <ToggleField
              control={control}
              name="info.unique_discount"
              flag={['Y', 'N']}
              testId="campaign-unique-discount"
            >
              Ignorar o desconto se o item já estiver em oferta
            </ToggleField>
            <ToggleField
              control={control}
              name="info.can_repeat_customer"
              flag={['Y', 'N']}
              testId="campaign-can-repeat"
            >
              Pode repetir o desconto
            </ToggleField>
            <ToggleField
              control={control}
              name="info.need_terms"
              flag={['Y', 'N']}
              testId="campaign-need-terms"
            >
              Somente clientes que aceitaram os termos
            </ToggleField>
            <ToggleField
              control={control}
              name="info.can_accumulate"
              flag={['Y', 'N']}
              testId="campaign-can-accumulate"
            >
              Acumula com outras campanhas
            </ToggleField>
          </SpaceBetween>
          <SpaceBetween size="m">
            <ToggleField
              control={control}
              name="voucher"
              testId="campaign-voucher"
              onChange={(on) => {
                if (!on) form.clearErrors('info.voucher_code');
              }}
            >
              Ativar por voucher
            </ToggleField>
            {voucher ? (
              <Field control={control} name="info.voucher_code" label="Código do voucher">
                {(field, invalid) => (
                  <SpaceBetween direction="horizontal" size="xs">
                    <Input
                      ref={field.ref}
                      data-testid="campaign-voucher-code"
                      value={field.value}
                      invalid={invalid}
                      onChange={({ detail }) => field.onChange(detail.value)}
                      onBlur={field.onBlur}
                    />
                    <Button
                      formAction="none"
                      data-testid="campaign-voucher-generate"
                      onClick={() => setValue('info.voucher_code', String(Date.now()))}
                    >
                      Gerar
                    </Button>
                  </SpaceBetween>
                )}
              </Field>
            ) : null}
            <TextField
              control={control}
              name="info.layout_title"
              label="Título para etiquetas"
              constraintText="Opcional."
              testId="campaign-layout-title"
            />
          </SpaceBetween>
        </ColumnLayout>
      </Container>
    </SpaceBetween>
  );
}
