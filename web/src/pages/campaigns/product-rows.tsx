import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { DiscountType } from '@freguesia/shared/schemas/campaign';
import { includesFolded } from '@freguesia/shared/domain/text';
import { useState } from 'react';
import { useController, useWatch, type Control, type FieldArrayWithId } from 'react-hook-form';
import { EMPTY, formatCentavos, totalText } from '../../components/format';
import { errorMessage } from '../../components/form';
import { PagerWithTotal } from '../../components/table';
import {
  dynamicNeeds,
  dynamicOf,
  dynamicOptions,
  simulatedCents,
  takesDiscountRows,
  type CampaignFormValues,
  type ProductRowValues,
} from './form-model';

const ROWS_PAGE_SIZE = 20;
type Control_ = Control<CampaignFormValues>;
type TextKey = 'price' | 'take' | 'pay' | 'limit' | 'budget' | 'budget_limit';

/** A text input of a row, bound to `products.{index}.{key}`, with the schema's message under it. */
function RowInput({
  control,
  index,
  name,
  label,
  decimal,
}: {
  control: Control_;
  index: number;
  name: TextKey;
  label: string;
  decimal?: boolean;
}) {
  const { field, fieldState } = useController({ control, name: `products.${index}.${name}` });
  return (
    <FormField errorText={errorMessage(fieldState.error)}>
      <Input
        value={field.value}
        invalid={fieldState.invalid}
        ariaLabel={label}
        inputMode={decimal ? 'decimal' : 'numeric'}
        data-testid={`campaign-row-${index}-${name}`}
        onChange={({ detail }) => field.onChange(detail.value)}
        onBlur={field.onBlur}
      />
    </FormField>
  );
}

function KindCell({ control, index, type }: { control: Control_; index: number; type: DiscountType }) {
  const { field } = useController({ control, name: `products.${index}.trigger_discount` });
  if (!takesDiscountRows(type)) return <>Gatilho</>;
  const options = [
    { value: 'D', label: 'Desconto' },
    { value: 'T', label: 'Gatilho' },
  ];
  return (
    <Select
      ariaLabel="Gatilho ou desconto"
      expandToViewport
      selectedOption={options.find((o) => o.value === field.value) ?? null}
      options={options}
      onChange={({ detail }) => field.onChange(detail.selectedOption.value)}
    />
  );
}

function DynamicCell({ control, index, type }: { control: Control_; index: number; type: DiscountType }) {
  const { field, fieldState } = useController({ control, name: `products.${index}.type` });
  const kind = useWatch({ control, name: `products.${index}.trigger_discount` });
  if (kind === 'T') return <>{EMPTY}</>;
  const options = [...(type === 'DG' ? [{ value: '', label: 'Da campanha' }] : []), ...dynamicOptions(type)];
  return (
    <FormField errorText={errorMessage(fieldState.error)}>
      <Select
        ariaLabel="Dinâmica"
        expandToViewport
        data-testid={`campaign-row-${index}-type`}
        invalid={fieldState.invalid}
        selectedOption={options.find((o) => o.value === field.value) ?? null}
        options={options}
        placeholder="Dinâmica"
        onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
}

/** The row's dynamic (its own or the campaign's) when it gets a discount. */
function useRowDynamic(control: Control_, index: number) {
  const [kind, own, campaign] = useWatch({
    control,
    name: [`products.${index}.trigger_discount`, `products.${index}.type`, 'info.type'],
  });
  return kind === 'T' ? null : dynamicOf(own || campaign);
}

function ValueCell({ control, index }: { control: Control_; index: number }) {
  const needs = dynamicNeeds(useRowDynamic(control, index));
  if (needs.value === null) return <>{EMPTY}</>;
  return <RowInput control={control} index={index} name="price" label={needs.valueLabel} decimal />;
}

function TakeCell({ control, index }: { control: Control_; index: number }) {
  const needs = dynamicNeeds(useRowDynamic(control, index));
  return needs.take ? (
    <RowInput control={control} index={index} name="take" label={needs.takeLabel} />
  ) : (
    <>{EMPTY}</>
  );
}

function PayCell({ control, index }: { control: Control_; index: number }) {
  const needs = dynamicNeeds(useRowDynamic(control, index));
  return needs.pay ? <RowInput control={control} index={index} name="pay" label="Pague (Y)" /> : <>{EMPTY}</>;
}

function LimitCell({ control, index }: { control: Control_; index: number }) {
  const { field } = useController({ control, name: `products.${index}.unlimited` });
  const kind = useWatch({ control, name: `products.${index}.trigger_discount` });
  if (kind === 'T') return <>{EMPTY}</>;
  return (
    <SpaceBetween size="xxs">
      {field.value === 'N' ? (
        <RowInput control={control} index={index} name="limit" label="Limite por compra" />
      ) : null}
      <Checkbox
        checked={field.value === 'Y'}
        onChange={({ detail }) => field.onChange(detail.checked ? 'Y' : 'N')}
      >
        Ilimitado
      </Checkbox>
    </SpaceBetween>
  );
}

function SimulatedCell({ control, index }: { control: Control_; index: number }) {
  const dyn = useRowDynamic(control, index);
  const [price, regular] = useWatch({
    control,
    name: [`products.${index}.price`, `products.${index}.regular_price`],
  });
  const cents = simulatedCents(dyn, price, regular);
  return <>{cents === null ? EMPTY : formatCentavos(cents)}</>;
}

interface RowItem {
  key: string;
  index: number;
  row: ProductRowValues;
}

/**
 * The campaign's product rows, editable (spec part 2 §2.1, §3 'Discount campaign product'):
 * trigger or discount, dynamic, value, take, pay, limit or unlimited, sellout budget and units
 * budget; 20 rows a page, searchable by EAN or description.
 */
export function ProductRows({
  control,
  type,
  fields,
  onRemove,
  onRemoveAll,
}: {
  control: Control_;
  type: DiscountType;
  fields: FieldArrayWithId<CampaignFormValues, 'products'>[];
  onRemove: (index: number) => void;
  onRemoveAll: () => void;
}) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const all: RowItem[] = fields.map((f, index) => ({ key: f.id, index, row: f }));
  const found = query.trim()
    ? all.filter((r) => r.row.code.includes(query.trim()) || includesFolded(r.row.description, query))
    : all;
  const pagesCount = Math.max(1, Math.ceil(found.length / ROWS_PAGE_SIZE));
  const current = Math.min(page, pagesCount);
  const items = found.slice((current - 1) * ROWS_PAGE_SIZE, current * ROWS_PAGE_SIZE);
  const discountRows = takesDiscountRows(type);

  return (
    <Table<RowItem>
      data-testid="campaign-products"
      variant="embedded"
      items={items}
      trackBy="key"
      wrapLines
      stickyColumns={{ first: 1, last: 1 }}
      header={
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <div style={{ minWidth: 280 }}>
            <TextFilter
              filteringText={query}
              filteringPlaceholder="Buscar por EAN ou descrição"
              filteringAriaLabel="Buscar nos produtos da campanha"
              onChange={({ detail }) => {
                setQuery(detail.filteringText);
                setPage(1);
              }}
            />
          </div>
          <Button disabled={fields.length === 0} onClick={onRemoveAll}>
            Remover todos
          </Button>
        </SpaceBetween>
      }
      columnDefinitions={[
        { id: 'code', header: 'EAN', cell: (r) => r.row.code, minWidth: 130 },
        {
          id: 'description',
          header: 'Descrição',
          cell: (r) => r.row.description,
          minWidth: 200,
          isRowHeader: true,
        },
        {
          id: 'kind',
          header: 'Gatilho/Desconto',
          cell: (r) => <KindCell control={control} index={r.index} type={type} />,
          minWidth: 170,
        },
        ...(discountRows
          ? [
              {
                id: 'dynamic',
                header: 'Dinâmica',
                cell: (r: RowItem) => <DynamicCell control={control} index={r.index} type={type} />,
                minWidth: 200,
              },
              {
                id: 'price',
                header: 'Valor',
                cell: (r: RowItem) => <ValueCell control={control} index={r.index} />,
                minWidth: 110,
              },
              {
                id: 'take',
                header: 'Leve / X',
                cell: (r: RowItem) => <TakeCell control={control} index={r.index} />,
                minWidth: 90,
              },
              {
                id: 'pay',
                header: 'Pague',
                cell: (r: RowItem) => <PayCell control={control} index={r.index} />,
                minWidth: 90,
              },
              {
                id: 'limit',
                header: 'Limite',
                cell: (r: RowItem) => <LimitCell control={control} index={r.index} />,
                minWidth: 120,
              },
              {
                id: 'budget',
                header: 'Orçamento (R$)',
                cell: (r: RowItem) => (
                  <RowInput control={control} index={r.index} name="budget" label="Orçamento (R$)" decimal />
                ),
                minWidth: 120,
              },
              {
                id: 'budget_limit',
                header: 'Limite de unidades',
                cell: (r: RowItem) => (
                  <RowInput
                    control={control}
                    index={r.index}
                    name="budget_limit"
                    label="Limite de unidades"
                  />
                ),
                minWidth: 110,
              },
              {
                id: 'simulated',
                header: 'Preço simulado',
                cell: (r: RowItem) => <SimulatedCell control={control} index={r.index} />,
                minWidth: 110,
              },
            ]
          : []),
        {
          id: 'remove',
          header: '',
          cell: (r) => (
            <Button
              variant="icon"
              iconName="remove"
              ariaLabel={`Remover ${r.row.description}`}
              onClick={() => onRemove(r.index)}
            />
          ),
          minWidth: 60,
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>{fields.length === 0 ? 'Nenhum produto na campanha.' : 'Nenhum produto encontrado.'}</b>
        </Box>
      }
      pagination={
        <PagerWithTotal
          page={current}
          pagesCount={pagesCount}
          totalText={totalText(found.length, 'produtos')}
          onChange={setPage}
        />
      }
    />
  );
}
