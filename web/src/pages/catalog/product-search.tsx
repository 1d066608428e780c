import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { productsList, type Product, type ProductSearchField } from '../../api/catalog';
import { useServerList, type ServerTableProps } from '../../components/table';
import { ImageThumb } from './image-thumb';

/** Product search fields (spec part 3 §2: description, EAN, SKU, group). */
export const PRODUCT_FIELD_OPTIONS: { value: ProductSearchField; label: string }[] = [
  { value: 'description', label: 'Descrição' },
  { value: 'code', label: 'EAN' },
  { value: 'reference_code', label: 'SKU' },
  { value: 'group_code', label: 'Grupo' },
];

/**
 * The server-paged product list of the products and pricing screens, searched in one field
 * (description by default): the list state plus the table's search props.
 */
export function useProductList(perPage: number) {
  const [field, setField] = useState<ProductSearchField>('description');
  const list = useServerList({ ...productsList, perPage, filters: { field } });
  const label = PRODUCT_FIELD_OPTIONS.find((o) => o.value === field)?.label.toLowerCase() ?? 'descrição';
  const search = {
    fieldSelect: {
      options: PRODUCT_FIELD_OPTIONS,
      value: field,
      onChange: (value: string) => setField((value || 'description') as ProductSearchField),
      testId: 'product-search-field',
    },
    search: { placeholder: `Buscar por ${label}`, ariaLabel: 'Buscar mercadorias', testId: 'product-search' },
    noun: 'mercadoria(s)',
    emptyText: 'Nenhuma mercadoria cadastrada.',
    noMatchText: 'Nenhuma mercadoria encontrada.',
    loadingText: 'Carregando mercadorias',
    wrapLines: true,
  } satisfies Partial<ServerTableProps<Product>>;
  return { list, search };
}

/** The first columns of both product lists: the image (placeholder when none) and the id. */
export const PRODUCT_LEAD_COLUMNS: TableProps.ColumnDefinition<Product>[] = [
  { id: 'image', header: 'Imagem', width: 80, cell: (p) => <ImageThumb src={p.url} alt={p.description} /> },
  { id: 'id', header: 'Id', width: 72, cell: (p) => p.id },
];
