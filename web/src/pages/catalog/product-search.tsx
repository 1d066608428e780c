import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import type { ProductSearchField } from '../../api/catalog';
import { useDebounced } from './use-paged-list';

/** Product search fields (spec part 3 §2: description, EAN, SKU, group). */
export const PRODUCT_FIELD_OPTIONS: { value: ProductSearchField; label: string }[] = [
  { value: 'description', label: 'Descrição' },
  { value: 'code', label: 'EAN' },
  { value: 'reference_code', label: 'SKU' },
  { value: 'group_code', label: 'Grupo' },
];

export interface ProductSearchState {
  field: ProductSearchField;
  q: string;
}

/** Field select + debounced text: `q` (debounced) and `field` feed the list query. */
export function useProductSearch() {
  const [field, setField] = useState<ProductSearchField>('description');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 400);
  const element = (count: string | undefined) => (
    <SpaceBetween direction="horizontal" size="xs">
      <div style={{ minWidth: 150 }}>
        <Select
          selectedOption={PRODUCT_FIELD_OPTIONS.find((o) => o.value === field) ?? null}
          options={PRODUCT_FIELD_OPTIONS}
          ariaLabel="Campo de busca"
          data-testid="product-search-field"
          onChange={({ detail }) => {
            setField((detail.selectedOption.value as ProductSearchField) ?? 'description');
          }}
        />
      </div>
      <div style={{ minWidth: 320 }}>
        <TextFilter
          filteringText={text}
          filteringPlaceholder={`Buscar por ${PRODUCT_FIELD_OPTIONS.find((o) => o.value === field)?.label.toLowerCase() ?? 'descrição'}`}
          filteringAriaLabel="Buscar mercadorias"
          countText={count}
          data-testid="product-search"
          onChange={({ detail }) => {
            setText(detail.filteringText);
          }}
        />
      </div>
    </SpaceBetween>
  );
  return { field, q, searching: q.length > 0, element };
}
