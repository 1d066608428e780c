import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useFieldArray, type Control } from 'react-hook-form';
import { errorMessage, SelectField, TextField } from '../../components/form';
import { findProductByCode, type Product } from '../../api/campaigns';
import type { CampaignFormValues, GroupValues } from './form-model';
import { ProductPicker } from './product-picker';

type Control_ = Control<CampaignFormValues>;

const OPERATOR_OPTIONS = [
  { value: 'and', label: 'E', description: 'Junto com o grupo gatilho anterior' },
  { value: 'or', label: 'OU', description: 'Este grupo ou os anteriores' },
];
const GROUP_TYPE_OPTIONS = [
  { value: 'T', label: 'Gatilho (T)' },
  { value: 'D', label: 'Desconto (D)' },
];
const REQUISITE_OPTIONS = [
  { value: 'all', label: 'Todos os itens' },
  { value: 'any', label: 'Qualquer item' },
];

export const emptyGroup = (type: 'T' | 'D'): GroupValues => ({
  title: '',
  logical_operator: 'and',
  type,
  requisite: 'any',
  items: [],
});

/** Names of the products a saved group lists by EAN (the campaign stores only the codes): one lookup per code, cached. */
function useProductNames(codes: readonly string[]): Map<string, string> {
  const results = useQueries({
    queries: codes.slice(0, NAME_LOOKUPS).map((code) => ({
      queryKey: ['campaign-group-product', code],
      queryFn: ({ signal }: { signal: AbortSignal }) => findProductByCode(code, undefined, signal),
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<string, string>();
  results.forEach((r, i) => {
    if (r.data) names.set(codes[i]!, r.data.description);
  });
  return names;
}

/** Saved items whose names are looked up at most (a group may list thousands of EANs). */
const NAME_LOOKUPS = 60;

/**
 * The items of a group: products chosen by name in the wizard's product search ('Adicionando
 * Produtos', shown as name + EAN, stored by EAN as the schema keeps them) or group codes typed
 * and added, shown as tokens.
 */
function GroupItems({ control, index }: { control: Control_; index: number }) {
  const { field, fieldState } = useController({ control, name: `groups.${index}.items` });
  const { field: typeField } = useController({ control, name: `groups.${index}.type` });
  const [by, setBy] = useState<'code' | 'group_code'>('code');
  const [text, setText] = useState('');
  const [picking, setPicking] = useState(false);
  const items = field.value;
  const unnamed = items.filter((item) => item.code && !item.description).map((item) => item.code!);
  const names = useProductNames(unnamed);
  const addGroupCode = () => {
    const value = text.trim();
    if (!value) return;
    if (!items.some((item) => item.group_code === value)) field.onChange([...items, { group_code: value }]);
    setText('');
  };
  const addProducts = (products: readonly Product[]) => {
    const codes = new Set(items.map((item) => item.code).filter(Boolean));
    const fresh = products.filter((p) => !codes.has(p.code));
    if (fresh.length > 0)
      field.onChange([...items, ...fresh.map((p) => ({ code: p.code, description: p.description }))]);
  };
  return (
    <FormField label="Itens" errorText={errorMessage(fieldState.error)} stretch>
      <div data-testid={`campaign-group-${index}-items`}>
        <SpaceBetween size="xs">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <SegmentedControl
              selectedId={by}
              label="Item por"
              options={[
                { id: 'code', text: 'Produto' },
                { id: 'group_code', text: 'Código do grupo' },
              ]}
              onChange={({ detail }) => setBy(detail.selectedId as 'code' | 'group_code')}
            />
            {by === 'code' ? (
              <Button
                formAction="none"
                iconName="search"
                data-testid={`campaign-group-${index}-pick`}
                onClick={() => setPicking(true)}
              >
                Buscar produtos
              </Button>
            ) : (
              <>
                <div style={{ width: 220 }}>
                  <Input
                    value={text}
                    ariaLabel="Código do grupo"
                    placeholder="ARROZ"
                    data-testid={`campaign-group-${index}-item`}
                    onChange={({ detail }) => setText(detail.value)}
                    onKeyDown={({ detail }) => {
                      if (detail.key === 'Enter') addGroupCode();
                    }}
                  />
                </div>
                <Button formAction="none" onClick={addGroupCode} disabled={!text.trim()}>
                  Adicionar item
                </Button>
              </>
            )}
          </SpaceBetween>
          {items.length === 0 ? (
            <Box color="text-body-secondary">Nenhum item.</Box>
          ) : (
            <TokenGroup
              items={items.map((item) =>
                item.code
                  ? {
                      label: item.description ?? names.get(item.code) ?? item.code,
                      description: `EAN ${item.code}`,
                    }
                  : { label: item.group_code ?? '', description: 'Grupo' },
              )}
              onDismiss={({ detail }) => field.onChange(items.filter((_, i) => i !== detail.itemIndex))}
              limit={12}
              i18nStrings={{ limitShowMore: 'Mostrar mais', limitShowFewer: 'Mostrar menos' }}
            />
          )}
        </SpaceBetween>
      </div>
      {picking ? (
        <ProductPicker
          adding={typeField.value}
          rule={{ dynamic: null, value: '' }}
          onDismiss={() => setPicking(false)}
          onAdd={(products) => {
            setPicking(false);
            addProducts(products);
          }}
        />
      ) : null}
    </FormField>
  );
}

/**
 * The combo (DG) groups (spec part 2 §2.1 'Combo (DG) groups'): title, logical operator, type T
 * (trigger) or D (discount), requisite all or any, and the items by EAN or group code.
 */
export function GroupsEditor({ control }: { control: Control_ }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'groups' });
  const { fieldState } = useController({ control, name: 'groups' });
  const rootError =
    errorMessage((fieldState.error as { root?: unknown } | undefined)?.root) ?? fieldState.error?.message;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Grupos gatilho (T) definem o que a compra precisa ter; grupos de desconto (D) recebem o desconto."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                formAction="none"
                data-testid="campaign-group-add-T"
                onClick={() => append(emptyGroup('T'))}
              >
                Adicionar grupo gatilho
              </Button>
              <Button
                formAction="none"
                data-testid="campaign-group-add-D"
                onClick={() => append(emptyGroup('D'))}
              >
                Adicionar grupo de desconto
              </Button>
            </SpaceBetween>
          }
        >
          Grupos do combo
        </Header>
      }
    >
      <SpaceBetween size="l">
        {rootError ? <Box color="text-status-error">{rootError}</Box> : null}
        {fields.length === 0 ? <Box color="text-body-secondary">Nenhum grupo.</Box> : null}
        {fields.map((group, index) => (
          <Container
            key={group.id}
            variant="stacked"
            header={
              <Header
                variant="h3"
                actions={
                  <Button
                    formAction="none"
                    iconName="remove"
                    variant="icon"
                    ariaLabel={`Remover o grupo ${index + 1}`}
                    onClick={() => remove(index)}
                  />
                }
              >
                Grupo {index + 1}
              </Header>
            }
          >
            <SpaceBetween size="m">
              <ColumnLayout columns={4}>
                <TextField control={control} name={`groups.${index}.title`} label="Título" />
                <SelectField
                  control={control}
                  name={`groups.${index}.type`}
                  label="Tipo"
                  options={GROUP_TYPE_OPTIONS}
                />
                <SelectField
                  control={control}
                  name={`groups.${index}.requisite`}
                  label="Requisito"
                  options={REQUISITE_OPTIONS}
                />
                <SelectField
                  control={control}
                  name={`groups.${index}.logical_operator`}
                  label="Operador lógico"
                  options={OPERATOR_OPTIONS}
                />
              </ColumnLayout>
              <GroupItems control={control} index={index} />
            </SpaceBetween>
          </Container>
        ))}
      </SpaceBetween>
    </Container>
  );
}
