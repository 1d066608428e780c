import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { CMS_MESSAGES } from '@freguesia/shared/schemas/cms';
import { useCmsFiles, useDeleteCmsFile, type CmsFile } from '../../api/cms';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { formatDate } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { UploadForm } from './upload-form';

function Preview({ file }: { file: CmsFile }) {
  const [failed, setFailed] = useState(false);
  if (file.inline && file.content_type.startsWith('image/') && !failed) {
    return (
      <img
        src={file.url}
        alt={file.description}
        onError={() => setFailed(true)}
        style={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 4 }}
      />
    );
  }
  // The fallback image: the file's kind.
  return (
    <Box textAlign="center" color="text-status-inactive">
      <Icon name="file" size="big" />
    </Box>
  );
}

/** /cms 'Arquivos' (read CMS; spec part 3 §2 'CMS files'). */
export default function FilesPage() {
  const canWrite = useCan('write', 'CMS');
  const files = useCmsFiles();
  const remove = useDeleteCmsFile();
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<CmsFile | null>(null);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'success', content: CMS_MESSAGES.copied });
    } catch {
      notify({ type: 'error', content: 'Não foi possível copiar a URL.' });
    }
  }

  const columns: TableProps.ColumnDefinition<CmsFile>[] = [
    { id: 'preview', header: 'Prévia', width: 96, cell: (f) => <Preview file={f} /> },
    { id: 'description', header: 'Descrição', cell: (f) => <Box fontWeight="bold">{f.description}</Box> },
    {
      id: 'url',
      header: 'URL',
      cell: (f) => (
        <Link
          onFollow={(e) => (e.preventDefault(), void copy(f.url))}
          href={f.url}
          ariaLabel={`Copiar ${f.url}`}
        >
          <span style={{ wordBreak: 'break-all' }} data-testid="cms-url">
            {f.url}
          </span>
        </Link>
      ),
    },
    { id: 'created_at', header: 'Criado em', width: 120, cell: (f) => formatDate(f.created_at) },
    { id: 'deleted_at', header: 'Remoção em', width: 130, cell: (f) => formatDate(f.deleted_at) },
    {
      id: 'options',
      header: 'Opções',
      width: 90,
      cell: (f) => (
        <RowActions
          label={`arquivo ${f.description}`}
          actions={[
            { id: 'open', text: 'Abrir', onClick: () => window.open(f.url, '_blank', 'noopener') },
            { id: 'remove', text: 'Deletar', visible: canWrite, onClick: () => setRemoving(f) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <Table
        data-testid="cms-table"
        variant="full-page"
        columnDefinitions={columns}
        items={files.data ?? []}
        loading={files.isPending}
        loadingText="Carregando arquivos"
        trackBy="id"
        wrapLines
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={files.data ? `(${files.data.length})` : undefined}
            actions={
              canWrite ? (
                <Button variant="primary" onClick={() => setUploading(true)} data-testid="cms-new">
                  Novo Upload
                </Button>
              ) : undefined
            }
          >
            Arquivos
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            {files.isError ? 'Não foi possível carregar os arquivos.' : 'Nenhum arquivo enviado.'}
          </Box>
        }
      />
      {uploading && <UploadForm onClose={() => setUploading(false)} />}
      {removing && (
        <ConfirmDeleteModal
          header="Deletar arquivo"
          onDismiss={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              notify({ type: 'success', content: CMS_MESSAGES.removed });
            } catch (error) {
              notify({
                type: 'error',
                header: 'Ops!',
                content: error instanceof Error ? error.message : 'Tente novamente.',
              });
            }
          }}
        >
          Tem certeza que deseja deletar o arquivo <b>{removing.description}</b>? O endereço deixa de
          funcionar.
        </ConfirmDeleteModal>
      )}
    </>
  );
}
