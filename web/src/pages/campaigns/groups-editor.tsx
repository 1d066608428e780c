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
import { useState } from 'react';
import { useController, useFieldArray, type Control } from 'react-hook-form';
import { errorMessage, SelectField, TextField } from '../../components/form';
import type { CampaignFormValues, GroupValues } from './form-model';

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

/** The items of a group: EANs or group codes typed and added, shown as tokens. */
function GroupItems({ control, index }: { control: Control_; index: number }) {
  const { field, fieldState } = useController({ control, name: `groups.${index}.items` });
  const [by, setBy] = useState<'code' | 'group_code'>('code');
  const [text, setText] = useState('');
  const items = field.value;
  const add = () => {
    const value = text.trim();
    if (!value) return;
    const exists = items.some((item) => (by === 'code' ? item.code === value : item.group_code === value));
    if (!exists) field.onChange([...items, by === 'code' ? { code: value } : { group_code: value }]);
    setText('');
  };
  return (
    <FormField label="Itens" errorText={errorMessage(fieldState.error)} stretch>
      <SpaceBetween size="xs">
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <SegmentedControl
            selectedId={by}
            label="Item por"
            options={[
              { id: 'code', text: 'EAN' },
              { id: 'group_code', text: 'Código do grupo' },
            ]}
            onChange={({ detail }) => setBy(detail.selectedId as 'code' | 'group_code')}
          />
          <div style={{ width: 220 }}>
            <Input
              value={text}
              ariaLabel={by === 'code' ? 'EAN do item' : 'Código do grupo'}
              placeholder={by === 'code' ? '7891000100103' : 'ARROZ'}
              data-testid={`campaign-group-${index}-item`}
              onChange={({ detail }) =>
                setText(by === 'code' ? detail.value.replace(/\D/g, '') : detail.value)
              }
              onKeyDown={({ detail }) => {
                if (detail.key === 'Enter') add();
              }}
            />
          </div>
          <Button formAction="none" onClick={add} disabled={!text.trim()}>
            Adicionar item
          </Button>
        </SpaceBetween>
        {items.length === 0 ? (
          <Box color="text-body-secondary">Nenhum item.</Box>
        ) : (
          <TokenGroup
            items={items.map((item) => ({
              label: item.code ?? item.group_code ?? '',
              description: item.code ? 'EAN' : 'Grupo',
            }))}
            onDismiss={({ detail }) => field.onChange(items.filter((_, i) => i !== detail.itemIndex))}
            limit={12}
            i18nStrings={{ limitShowMore: 'Mostrar mais', limitShowFewer: 'Mostrar menos' }}
          />
        )}
      </SpaceBetween>
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
