import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useController, useFormState } from 'react-hook-form';
import type { Bank } from '../../../api/customers';
import { SelectField, TextField } from '../../../components/form';
import { HOME_OWNER_OPTIONS, TIMER_OPTIONS } from '../form-model';
import type { StepProps } from './step-props';

export interface CreditStepProps extends StepProps {
  banks: readonly Bank[];
  banksLoading: boolean;
}

const digits = (max: number) => (v: string) => v.replace(/\D/g, '').slice(0, max);
const checkDigit = (v: string) => v.replace(/[^\dxX]/g, '').slice(0, 2);

/** 'Tempo de serviço': a number and its unit (years or months) under one label and one message. */
function ServiceTime({ control }: StepProps) {
  const { errors } = useFormState({ control, name: ['time', 'timer'] });
  const time = useController({ control, name: 'time' }).field;
  const timer = useController({ control, name: 'timer' }).field;
  return (
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
          selectedOption={TIMER_OPTIONS.find((o) => o.value === timer.value) ?? null}
          options={TIMER_OPTIONS as unknown as SelectProps.Option[]}
          onChange={({ detail }) => timer.onChange(detail.selectedOption.value === 'M' ? 'M' : 'A')}
        />
      </Grid>
    </FormField>
  );
}

/** 3. 'Analise de Credito': income and occupation, bank details. */
export function CreditStep({ control, banks, banksLoading }: CreditStepProps) {
  const bankOptions: SelectProps.Option[] = [
    { value: '', label: 'Nenhum' },
    ...banks.map((b) => ({ value: b.code, label: `${b.code} - ${b.name}` })),
  ];
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
            <ServiceTime control={control} />
            <SelectField
              control={control}
              name="home_owner"
              label="Residência"
              testId="customer-home-owner"
              options={HOME_OWNER_OPTIONS}
              select={{ placeholder: 'Própria ou alugada' }}
            />
            <TextField
              control={control}
              name="income"
              label="Renda (R$)"
              testId="customer-income"
              constraintText="Ex.: 3.500,00"
              input={{ inputMode: 'decimal', placeholder: '0,00' }}
              transform={(v) => v.replace(/[^\d.,]/g, '')}
            />
            <TextField
              control={control}
              name="limit"
              label="Limite (%)"
              testId="customer-limit"
              constraintText="De 0 a 100"
              input={{ inputMode: 'decimal' }}
              transform={(v) => v.replace(/[^\d,.]/g, '')}
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
            select={{
              placeholder: 'Escolha o banco',
              filteringType: 'auto',
              filteringPlaceholder: 'Buscar banco',
              empty: 'Nenhum banco',
              statusType: banksLoading ? 'loading' : 'finished',
              loadingText: 'Carregando bancos',
              virtualScroll: true,
            }}
          />
          <ColumnLayout columns={4} minColumnWidth={120}>
            <TextField
              control={control}
              name="ag"
              label="Agência"
              testId="customer-ag"
              input={{ inputMode: 'numeric' }}
              transform={digits(10)}
            />
            <TextField control={control} name="agdigit" label="Dígito da agência" transform={checkDigit} />
            <TextField
              control={control}
              name="acc"
              label="Conta"
              testId="customer-acc"
              input={{ inputMode: 'numeric' }}
              transform={digits(20)}
            />
            <TextField control={control} name="accdigit" label="Dígito da conta" transform={checkDigit} />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
