import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { SHORTLINK_MESSAGES } from '@freguesia/shared/schemas/shortlink';
import { useDeleteShortLink, useShortLinks, type ShortLink } from '../../api/shortlinks';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { formatDate } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { useDebounced } from '../../components/table';
import { ShortLinkDetails } from './shortlink-details';
import { ShortLinkForm } from './shortlink-form';

/** /cms/shortlinks 'Link Reduzido' (menu 10.2, read Shortlink; spec part 3 §2). */
export default function ShortLinksPage() {
  const canWrite = useCan('write', 'Shortlink');
  const [activeOnly, setActiveOnly] = useState(true);
  const [text, setText] = useState('');
  const filter = useDebounced(text.trim());
  const list = useShortLinks({ active: activeOnly ? true : undefined, filter });
  const remove = useDeleteShortLink();
  const [editing, setEditing] = useState<{ link: ShortLink | null } | null>(null);
  const [removing, setRemoving] = useState<ShortLink | null>(null);
  const [details, setDetails] = useState<ShortLink | null>(null);
  const prefix = list.data?.prefix ?? `${window.location.origin}/link/`;
  const rows = list.data?.data ?? [];

  const columns: TableProps.ColumnDefinition<ShortLink>[] = [
    { id: 'id', header: 'ID', width: 72, cell: (l) => l.id },
    { id: 'description', header: 'Descrição', cell: (l) => <Box fontWeight="bold">{l.description}</Box> },
    {
      id: 'url',
      header: 'URL de destino',
      cell: (l) => (
        <span style={{ wordBreak: 'break-all' }} title={l.url}>
          {l.url}
        </span>
      ),
    },
    {
      id: 'shortlink',
      header: 'Link encurtado',
      cell: (l) => (
        <CopyToClipboard
          variant="inline"
          textToCopy={l.shortlink}
          copyButtonAriaLabel={`Copiar ${l.shortlink}`}
          copySuccessText="Link copiado!"
          copyErrorText="Não foi possível copiar o link."
        />
      ),
    },
    { id: 'access_count', header: 'Acessos', width: 100, cell: (l) => l.access_count },
    { id: 'created_at', header: 'Criado em', width: 120, cell: (l) => formatDate(l.created_at) },
    {
      id: 'options',
      header: 'Opções',
      width: 90,
      cell: (l) => (
        <RowActions
          label={`link ${l.slug}`}
          actions={[
            { id: 'details', text: 'QR code e acessos', onClick: () => setDetails(l) },
            { id: 'edit', text: 'Editar', visible: canWrite, onClick: () => setEditing({ link: l }) },
            { id: 'remove', text: 'Deletar', visible: canWrite, onClick: () => setRemoving(l) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <Table
        data-testid="shortlinks-table"
        variant="full-page"
        columnDefinitions={columns}
        items={rows}
        loading={list.isPending}
        loadingText="Carregando links"
        trackBy="id"
        wrapLines
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={list.data ? `(${list.data.pagination.total})` : undefined}
            actions={
              canWrite ? (
                <Button
                  variant="primary"
                  data-testid="shortlink-new"
                  onClick={() => setEditing({ link: null })}
                >
                  Novo Link
                </Button>
              ) : undefined
            }
          >
            Link Reduzido
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="l" alignItems="center">
            <TextFilter
              filteringText={text}
              filteringPlaceholder="Buscar por descrição, destino ou link"
              filteringAriaLabel="Buscar links"
              onChange={({ detail }) => setText(detail.filteringText)}
              data-testid="shortlink-search"
            />
            <Checkbox
              checked={activeOnly}
              onChange={({ detail }) => setActiveOnly(detail.checked)}
              data-testid="shortlink-active-only"
            >
              Exibir Ativos
            </Checkbox>
          </SpaceBetween>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            {list.isError ? 'Não foi possível carregar os links.' : 'Nenhum link encontrado.'}
          </Box>
        }
      />
      {editing && <ShortLinkForm link={editing.link} prefix={prefix} onClose={() => setEditing(null)} />}
      {details && <ShortLinkDetails link={details} onClose={() => setDetails(null)} />}
      {removing && (
        <ConfirmDeleteModal
          header="Deletar link"
          onDismiss={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              notify({ type: 'success', content: SHORTLINK_MESSAGES.removed });
            } catch (error) {
              // The server's data.error (spec §8).
              notify({
                type: 'error',
                header: 'Ops!',
                content: error instanceof Error ? error.message : 'Tente novamente.',
              });
            }
          }}
        >
          Tem certeza que deseja deletar o link <b>{removing.slug}</b> ({removing.description})?
        </ConfirmDeleteModal>
      )}
    </>
  );
}
