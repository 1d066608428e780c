import Box from '@cloudscape-design/components/box';
import type { Product } from '../../api/catalog';
import { EMPTY, formatDate, yesNo } from '../../components/format';
import { EditableListPage } from './editable-list-page';
import { ProductForm } from './product-form';
import { PRODUCT_LEAD_COLUMNS, useProductList } from './product-search';

export const PRODUCTS_PAGE_SIZE = 50;

/** /products 'Mercadorias' (read Products): server-side paged list, search, create and edit. */
export default function ProductsPage() {
  const { list, search } = useProductList(PRODUCTS_PAGE_SIZE);
  return (
    <EditableListPage<Product>
      {...search}
      heading="Mercadorias"
      testId="products-table"
      title="Lista de mercadorias"
      list={list}
      subject="Products"
      newButton={{ label: 'Novo produto', testId: 'product-new' }}
      columns={[
        ...PRODUCT_LEAD_COLUMNS,
        { id: 'reference_code', header: 'Referência', cell: (p) => p.reference_code || EMPTY },
        {
          id: 'description',
          header: 'Descrição',
          cell: (p) => (
            <>
              <Box fontWeight="bold">{p.description}</Box>
              <Box fontSize="body-s" color="text-body-secondary">
                {`EAN ${p.code} · QT ${p.pack}`}
              </Box>
            </>
          ),
        },
        { id: 'weighable', header: 'Pesável', cell: (p) => yesNo(p.weighable) },
        { id: 'category', header: 'Categoria', cell: (p) => p.category?.description ?? EMPTY },
        { id: 'created', header: 'Criado em', cell: (p) => formatDate(p.created_at) },
        { id: 'updated', header: 'Atualizado em', cell: (p) => formatDate(p.updated_at) },
      ]}
      rowLabel={(p) => p.description}
      form={(product, close) => <ProductForm visible product={product} onClose={close} onSaved={close} />}
    />
  );
}
