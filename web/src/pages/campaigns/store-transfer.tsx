import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { addIds, filterItems, removeIds, splitSides, type TransferItem } from './transfer-model';
import './campaigns.css';

interface PanelProps {
  title: string;
  testId: string;
  items: TransferItem[];
  checked: ReadonlySet<number>;
  onCheck: (ids: number[], on: boolean) => void;
  invalid?: boolean;
}

function Panel({ title, testId, items, checked, onCheck, invalid }: PanelProps) {
  const [query, setQuery] = useState('');
  const shown = filterItems(items, query);
  const allChecked = shown.length > 0 && shown.every((i) => checked.has(i.id));
  const someChecked = shown.some((i) => checked.has(i.id));
  return (
    <div
      className={`campaign-transfer-panel${invalid ? ' campaign-transfer-panel--invalid' : ''}`}
      data-testid={testId}
    >
      <div className="campaign-transfer-head">
        <Checkbox
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          disabled={shown.length === 0}
          ariaLabel={`Marcar todas em ${title}`}
          onChange={({ detail }) =>
            onCheck(
              shown.map((i) => i.id),
              detail.checked,
            )
          }
        />
        <Box fontWeight="bold">{title}</Box>
        <Box color="text-body-secondary" fontSize="body-s">
          {someChecked ? `${shown.filter((i) => checked.has(i.id)).length}/` : ''}
          {items.length} {items.length === 1 ? 'loja' : 'lojas'}
        </Box>
      </div>
      <div className="campaign-transfer-search">
        <TextFilter
          filteringText={query}
          filteringPlaceholder="Buscar por código ou nome"
          filteringAriaLabel={`Buscar em ${title}`}
          onChange={({ detail }) => setQuery(detail.filteringText)}
        />
      </div>
      <ul className="campaign-transfer-list" aria-label={title}>
        {shown.length === 0 ? (
          <li className="campaign-transfer-empty">
            <Box color="text-body-secondary">
              {items.length === 0 ? 'Nenhuma loja' : 'Nenhuma loja encontrada'}
            </Box>
          </li>
        ) : (
          shown.map((item) => (
            <li key={item.id} data-testid={`${testId}-${item.id}`}>
              <Checkbox
                checked={checked.has(item.id)}
                onChange={({ detail }) => onCheck([item.id], detail.checked)}
              >
                {item.id} - {item.name}
              </Checkbox>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}

/**
 * The store transfer list (spec part 2 §2.1, §9: 'Lojas' and 'Selecionados', 500 × 300, searchable
 * by id or name): mark stores on one side and move them with the arrows.
 */
export function StoreTransfer({
  stores,
  value,
  onChange,
  invalid,
  loading,
}: {
  stores: readonly TransferItem[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  invalid?: boolean;
  loading?: boolean;
}) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const { left, right } = splitSides(stores, value);
  const check = (ids: number[], on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const leftChecked = left.filter((s) => checked.has(s.id)).map((s) => s.id);
  const rightChecked = right.filter((s) => checked.has(s.id)).map((s) => s.id);
  const move = (ids: number[], add: boolean) => {
    onChange(add ? addIds(value, ids) : removeIds(value, ids));
    check(ids, false);
  };
  if (loading) return <Box color="text-body-secondary">Carregando lojas…</Box>;
  return (
    <div className="campaign-transfer">
      <Panel
        title="Lojas"
        testId="campaign-stores-available"
        items={left}
        checked={checked}
        onCheck={check}
      />
      <SpaceBetween size="xs">
        <Button
          iconName="angle-right"
          ariaLabel="Adicionar as lojas marcadas"
          data-testid="campaign-stores-add"
          disabled={leftChecked.length === 0}
          onClick={() => move(leftChecked, true)}
        />
        <Button
          iconName="angle-left"
          ariaLabel="Remover as lojas marcadas"
          data-testid="campaign-stores-remove"
          disabled={rightChecked.length === 0}
          onClick={() => move(rightChecked, false)}
        />
      </SpaceBetween>
      <Panel
        title="Selecionados"
        testId="campaign-stores-selected"
        items={right}
        checked={checked}
        onCheck={check}
        invalid={invalid}
      />
    </div>
  );
}
