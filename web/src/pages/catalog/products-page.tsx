import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { listProducts, type Product } from '../../api/catalog';
import { Can, useCan } from '../../app/ability';
import { formatDate, yesNo } from './format';
import { ImageThumb } from './image-thumb';
import { PagerWithTotal } from './list-footer';
import { ProductForm } from './product-form';
import { useProductSearch } from './product-search';
import { usePagedList } from './use-paged-list';

export const PRODUCTS_PAGE_SIZE = 50;

/** /products 'Mercadorias' (read Products): server-side paged list, search, create and edit. */
export default function ProductsPage() {
  const canWrite = useCan('write', 'Products');
  const [editing, setEditing] = useState<{ product: Product | null; key: number } | null>(null);
  const search = useProductSearch();
  const list = usePagedList(
    listProducts,
    { q: search.q, field: search.q ? search.field : undefined },
    PRODUCTS_PAGE_SIZE,
  );

  return (
    <ContentLayout header={<Header variant="h1">Mercadorias</Header>}>
      <Table<Product>
        data-testid="products-table"
        variant="container"
        items={list.items}
        loading={list.loading && list.items.length === 0}
        loadingText="Carregando mercadorias"
        trackBy="id"
        wrapLines
        header={
          <Header
            counter={`(${list.total.toLocaleString('pt-BR')})`}
            description={list.error ? `Erro ao carregar: ${list.error}` : undefined}
            actions={
              <Can I="write" a="Products">
                <Button
                  variant="primary"
                  iconName="add-plus"
                  data-testid="product-new"
                  onClick={() => setEditing({ product: null, key: Date.now() })}
                >
                  Novo produto
                </Button>
              </Can>
            }
          >
            Lista de mercadorias
          </Header>
        }
        filter={search.element(search.searching && !list.loading ? `${list.total} resultado(s)` : undefined)}
        pagination={
          <PagerWithTotal
            page={list.page}
            pagesCount={list.pagesCount}
            total={list.total}
            noun="mercadoria(s)"
            onChange={list.setPage}
            disabled={list.loading}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <b>{search.searching ? 'Nenhuma mercadoria encontrada.' : 'Nenhuma mercadoria cadastrada.'}</b>
          </Box>
        }
        columnDefinitions={[
          {
            id: 'image',
            header: 'Imagem',
            width: 80,
            cell: (p) => <ImageThumb src={p.url} alt={p.description} />,
          },
          { id: 'id', header: 'Id', width: 72, cell: (p) => p.id },
          { id: 'reference_code', header: 'Referência', cell: (p) => p.reference_code || '-' },
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
          { id: 'category', header: 'Categoria', cell: (p) => p.category?.description ?? '-' },
          { id: 'created', header: 'Criado em', cell: (p) => formatDate(p.created_at) },
          { id: 'updated', header: 'Atualizado em', cell: (p) => formatDate(p.updated_at) },
          {
            id: 'actions',
            header: 'Opções',
            width: 140,
            cell: (p) =>
              canWrite ? (
                <Button
                  variant="inline-link"
                  iconName="edit"
                  ariaLabel={`Alterar ${p.description}`}
                  onClick={() => setEditing({ product: p, key: Date.now() })}
                >
                  Alterar
                </Button>
              ) : (
                '-'
              ),
          },
        ]}
      />
      {editing ? (
        <ProductForm
          key={editing.key}
          visible
          product={editing.product}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}
