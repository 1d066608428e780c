import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import Toggle from '@cloudscape-design/components/toggle';
import {
  ACCELERATOR_TYPE_LABELS,
  ACCELERATOR_TYPES,
  type AcceleratorType,
} from '@freguesia/shared/domain/tickets';
import { useState } from 'react';
import { emptyAccelerator, type AcceleratorDraft } from './form-model';
import { ItemPickerModal } from './item-picker';

const TYPE_OPTIONS = ACCELERATOR_TYPES.map((t) => ({ value: t, label: ACCELERATOR_TYPE_LABELS[t] }));
const REQUISITE_OPTIONS = [
  { value: 'all', label: 'Todos os itens' },
  { value: 'any', label: 'Qualquer um dos itens' },
];

/**
 * Step 5 'Acelerador' (spec part 2 §2.4, §3 'Accelerator rule', §5): a list of rules; 'Adicionar
 * acelerador' appends an empty one. Each rule: 'E'/'OU' with the rule before, type, multiplying
 * factor (0 or more, whole), requisite (all/any of its items), 'Possui valor mínimo' (condition
 * '>=' and its value) and its items from a picker — one picker open at a time. Within 'E' the
 * factors multiply; between 'OU' alternatives the best one applies.
 */
export function AcceleratorsStep({
  rules,
  onChange,
}: {
  rules: AcceleratorDraft[];
  onChange: (rules: AcceleratorDraft[]) => void;
}) {
  const [picking, setPicking] = useState<{ key: number; type: AcceleratorType } | null>(null);
  const update = (key: number, patch: Partial<AcceleratorDraft>) =>
    onChange(rules.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Multiplicam o valor da compra antes do cálculo dos tickets. Regras ligadas por 'E' multiplicam os fatores; entre alternativas 'OU' vale a de maior fator."
          actions={
            <Button
              data-testid="accelerator-add"
              iconName="add-plus"
              onClick={() => onChange([...rules, emptyAccelerator()])}
            >
              Adicionar acelerador
            </Button>
          }
        >
          Aceleradores
        </Header>
      }
    >
      <SpaceBetween size="l">
        {rules.length === 0 ? (
          <Box color="text-body-secondary">Nenhum acelerador: cada compra vale o seu total.</Box>
        ) : null}
        {rules.map((rule, index) => (
          <Container
            key={rule.key}
            data-testid={`accelerator-${index}`}
            header={
              <Header
                variant="h3"
                actions={
                  <Button
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`Remover acelerador ${index + 1}`}
                    onClick={() => onChange(rules.filter((r) => r.key !== rule.key))}
                  />
                }
              >
                Acelerador {index + 1}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {index > 0 ? (
                <RadioGroup
                  value={rule.logical_operator}
                  items={[
                    { value: 'and', label: 'E (junto com o anterior)' },
                    { value: 'or', label: 'OU (alternativa)' },
                  ]}
                  onChange={({ detail }) =>
                    update(rule.key, { logical_operator: detail.value as 'and' | 'or' })
                  }
                />
              ) : null}
              <ColumnLayout columns={3}>
                <FormField label="Tipo">
                  <Select
                    data-testid={`accelerator-type-${index}`}
                    placeholder="Selecione o tipo"
                    selectedOption={TYPE_OPTIONS.find((o) => o.value === rule.type) ?? null}
                    options={TYPE_OPTIONS}
                    onChange={({ detail }) =>
                      update(rule.key, { type: detail.selectedOption.value as AcceleratorType, items: [] })
                    }
                  />
                </FormField>
                <FormField label="Fator multiplicador">
                  <Input
                    data-testid={`accelerator-factor-${index}`}
                    type="number"
                    inputMode="numeric"
                    step={1}
                    value={rule.multiplier_factor}
                    onChange={({ detail }) => update(rule.key, { multiplier_factor: detail.value })}
                  />
                </FormField>
                <FormField label="Requisito">
                  <Select
                    data-testid={`accelerator-requisite-${index}`}
                    placeholder="Selecione o requisito"
                    selectedOption={REQUISITE_OPTIONS.find((o) => o.value === rule.requisite) ?? null}
                    options={REQUISITE_OPTIONS}
                    onChange={({ detail }) =>
                      update(rule.key, { requisite: detail.selectedOption.value as 'all' | 'any' })
                    }
                  />
                </FormField>
              </ColumnLayout>
              <SpaceBetween direction="horizontal" size="m" alignItems="center">
                <Toggle
                  checked={rule.hasMinimum}
                  onChange={({ detail }) => update(rule.key, { hasMinimum: detail.checked })}
                >
                  Possui valor mínimo
                </Toggle>
                {rule.hasMinimum ? (
                  <FormField label="Valor mínimo (R$)">
                    <Input
                      data-testid={`accelerator-minimum-${index}`}
                      inputMode="decimal"
                      value={rule.value}
                      onChange={({ detail }) => update(rule.key, { value: detail.value })}
                    />
                  </FormField>
                ) : null}
              </SpaceBetween>
              <FormField label="Itens">
                <SpaceBetween size="xs">
                  <TokenGroup
                    items={rule.items.map((i) => ({ label: i.label }))}
                    onDismiss={({ detail }) =>
                      update(rule.key, { items: rule.items.filter((_, i) => i !== detail.itemIndex) })
                    }
                  />
                  <Button
                    data-testid={`accelerator-items-${index}`}
                    disabled={!rule.type || picking !== null}
                    onClick={() => rule.type && setPicking({ key: rule.key, type: rule.type })}
                  >
                    Selecionar itens
                  </Button>
                </SpaceBetween>
              </FormField>
            </SpaceBetween>
          </Container>
        ))}
      </SpaceBetween>
      {picking ? (
        <ItemPickerModal
          type={picking.type}
          onDismiss={() => setPicking(null)}
          onAdd={(items) => {
            const rule = rules.find((r) => r.key === picking.key);
            if (rule) {
              const have = new Set(rule.items.map((i) => i.item_id));
              update(rule.key, { items: [...rule.items, ...items.filter((i) => !have.has(i.item_id))] });
            }
            setPicking(null);
          }}
        />
      ) : null}
    </Container>
  );
}
