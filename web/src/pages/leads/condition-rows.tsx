import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  CONDITIONS_BY_KEY,
  MAX_CONDITIONS,
  operatorOf,
  type OperatorDefinition,
} from '@freguesia/shared/segmentation/conditions';
import type { ReactNode } from 'react';
import { DateInput } from '../../components/date-input';
import {
  draftProblems,
  isDraftComplete,
  valueHint,
  withOperator,
  type DraftCondition,
  type LookupItem,
} from './condition-model';
import { LookupInput } from './lookup-input';

export const ADD_CONDITION = 'Adicionar uma condição';
export const INCOMPLETE_ROW = 'Complete a condição ou remova-a.';

/**
 * The condition rows of a segmentation lead: each row shows its condition, an operator select of
 * the catalogue and the value input the operator asks for; 'Adicionar uma condição' opens the
 * card modal (the parent owns it). After a refused save, incomplete rows are marked.
 */
export function ConditionRows({
  rows,
  onChange,
  onNames,
  onAdd,
  showErrors,
}: {
  rows: DraftCondition[];
  onChange: (rows: DraftCondition[]) => void;
  /** Lookup items got their names (a saved lead's ids): not a change of the lead. */
  onNames: (change: (rows: DraftCondition[]) => DraftCondition[]) => void;
  onAdd: () => void;
  showErrors: boolean;
}) {
  const update = (uid: string, change: (row: DraftCondition) => DraftCondition, names = false) => {
    const apply = (current: DraftCondition[]) => current.map((row) => (row.uid === uid ? change(row) : row));
    // Names arrive from several lookups in one commit: each applies to the latest rows.
    if (names) onNames(apply);
    else onChange(apply(rows));
  };
  const problems = showErrors ? draftProblems(rows) : new Map<string, string>();
  return (
    <AttributeEditor<DraftCondition>
      data-testid="lead-conditions"
      items={rows}
      addButtonText={ADD_CONDITION}
      removeButtonText="Remover"
      removeButtonAriaLabel={(row) => `Remover a condição ${CONDITIONS_BY_KEY[row.key].label}`}
      disableAddButton={rows.length >= MAX_CONDITIONS}
      onAddButtonClick={onAdd}
      onRemoveButtonClick={({ detail }) => onChange(rows.filter((_, index) => index !== detail.itemIndex))}
      empty={
        <Box color="text-body-secondary">
          Nenhuma condição adicionada. Os clientes do lead são os que atendem a todas as condições.
        </Box>
      }
      i18nStrings={{ itemRemovedAriaLive: 'Condição removida' }}
      gridLayout={[
        { breakpoint: 's', rows: [[2, 4, 6]], removeButton: { width: 'auto' } },
        { rows: [[1], [1], [1]], removeButton: { ownRow: true } },
      ]}
      definition={[
        {
          label: 'Condição',
          control: (row) => (
            <Box padding={{ top: 'xs' }} fontWeight="bold" data-testid={`condition-label-${row.key}`}>
              {CONDITIONS_BY_KEY[row.key].label}
            </Box>
          ),
        },
        {
          label: 'Operador',
          control: (row) => {
            const operators = CONDITIONS_BY_KEY[row.key].operators;
            const current = operators.find((op) => op.code === row.option);
            return (
              <Select
                data-testid={`condition-operator-${row.key}`}
                ariaLabel={`Operador de ${CONDITIONS_BY_KEY[row.key].label}`}
                selectedOption={current ? { value: current.code, label: current.label } : null}
                placeholder="Escolha o operador"
                invalid={showErrors && !current}
                options={operators.map((op) => ({ value: op.code, label: op.label }))}
                onChange={({ detail }) =>
                  update(row.uid, (r) => withOperator(r, detail.selectedOption.value ?? ''))
                }
              />
            );
          },
        },
        {
          label: 'Valor',
          errorText: (row) =>
            showErrors && !isDraftComplete(row) ? (problems.get(row.uid) ?? INCOMPLETE_ROW) : undefined,
          constraintText: (row) => {
            const op = operatorOf(row.key, row.option);
            return op ? valueHint(op) : undefined;
          },
          control: (row) => {
            const op = operatorOf(row.key, row.option);
            if (!op) return <Box color="text-status-inactive">Escolha o operador</Box>;
            return (
              <ValueInput
                op={op}
                row={row}
                invalid={showErrors && !isDraftComplete(row)}
                onChange={(value, names) => update(row.uid, (r) => ({ ...r, value }), names)}
              />
            );
          },
        },
      ]}
    />
  );
}

function ValueInput({
  op,
  row,
  invalid,
  onChange,
}: {
  op: OperatorDefinition;
  row: DraftCondition;
  invalid: boolean;
  onChange: (value: DraftCondition['value'], names?: boolean) => void;
}): ReactNode {
  const testId = `condition-value-${row.key}`;
  const label = `Valor de ${CONDITIONS_BY_KEY[row.key].label}`;
  const text = typeof row.value === 'string' ? row.value : '';
  switch (op.value) {
    case 'none':
      return (
        <Box padding={{ top: 'xs' }} color="text-status-inactive" data-testid={testId}>
          Sem valor
        </Box>
      );
    case 'integer':
      return (
        <Input
          data-testid={testId}
          ariaLabel={label}
          value={text}
          inputMode="numeric"
          invalid={invalid}
          placeholder={op.unit ? `Quantidade de ${op.unit}` : 'Número'}
          onChange={({ detail }) => onChange(detail.value.replace(/\D/g, '').slice(0, 15))}
        />
      );
    case 'money':
      return (
        <Input
          data-testid={testId}
          ariaLabel={label}
          value={text}
          inputMode="decimal"
          invalid={invalid}
          placeholder="R$ 0,00"
          onChange={({ detail }) => onChange(detail.value.replace(/[^\d.,]/g, ''))}
        />
      );
    case 'choice': {
      const choices = op.choices ?? [];
      const current = choices.find((c) => c.code === text);
      return (
        <Select
          data-testid={testId}
          ariaLabel={label}
          selectedOption={current ? { value: current.code, label: current.label } : null}
          placeholder="Escolha"
          invalid={invalid}
          options={choices.map((c) => ({ value: c.code, label: c.label }))}
          onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        />
      );
    }
    case 'choices': {
      const choices = op.choices ?? [];
      const codes = Array.isArray(row.value) ? (row.value as string[]) : [];
      return (
        <Multiselect
          data-testid={testId}
          ariaLabel={label}
          selectedOptions={choices
            .filter((c) => codes.includes(c.code))
            .map((c) => ({ value: c.code, label: c.label }))}
          placeholder="Escolha um ou mais"
          invalid={invalid}
          options={choices.map((c) => ({ value: c.code, label: c.label }))}
          deselectAriaLabel={(option) => `Remover ${option.label ?? ''}`}
          onChange={({ detail }) => onChange(detail.selectedOptions.map((o) => o.value ?? ''))}
        />
      );
    }
    case 'lookup':
      return (
        <LookupInput
          source={op.source!}
          value={Array.isArray(row.value) ? (row.value as LookupItem[]) : []}
          invalid={invalid}
          testId={testId}
          ariaLabel={label}
          onChange={onChange}
          onNames={(items) => onChange(items, true)}
        />
      );
    case 'dates': {
      const [from = '', to = ''] = Array.isArray(row.value) ? (row.value as string[]) : [];
      return (
        <SpaceBetween direction="horizontal" size="xs">
          <DateInput
            data-testid={`${testId}-from`}
            ariaLabel="De (DD/MM/AAAA)"
            value={from}
            invalid={invalid}
            onChange={(v) => onChange([v, to])}
          />
          <DateInput
            data-testid={`${testId}-to`}
            ariaLabel="Até (DD/MM/AAAA)"
            value={to}
            invalid={invalid}
            onChange={(v) => onChange([from, v])}
          />
        </SpaceBetween>
      );
    }
  }
}
