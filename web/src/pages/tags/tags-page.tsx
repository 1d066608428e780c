import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import { TAG_MESSAGES, TagInput, type Tag } from '@freguesia/shared/schemas/segmentation';
import { Fragment, useState } from 'react';
import { ApiError, failureMessage } from '../../api/client';
import { useExportJobs } from '../../components/export-jobs';
import { TAGS_PAGE_SIZE, tagsList, useDeleteTag, useSaveTag } from '../../api/tags';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { FormModal, TextField, applyServerErrors, useFormSubmit, useZodForm } from '../../components/form';
import { formatCount, formatDateTime } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';

export const DELETE_QUESTION = 'Tem certeza que deseja excluir esta tag ?';

/** 'Nova tag' / 'Alterar tag': the description only (spec part 1 §3 Tag). */
function TagForm({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const form = useZodForm(TagInput, { defaultValues: { description: tag?.description ?? '' } });
  const save = useSaveTag();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => save.mutateAsync({ id: tag?.id, description: values.description }),
    {
      success: tag ? TAG_MESSAGES.updated : TAG_MESSAGES.created,
      failureHeader: tag ? 'Erro ao alterar tag' : 'Erro ao cadastrar tag',
    },
    onClose,
    {
      // A duplicate (409) is about the description: say it under the field too.
      serverErrors: (error) => {
        if (applyServerErrors(error, form.setError)) return;
        if (error instanceof ApiError && error.status === 409)
          form.setError('description', { type: 'server', message: error.message });
      },
    },
  );
  return (
    <FormModal
      visible
      size="medium"
      title={tag ? 'Alterar tag' : 'Nova tag'}
      onDismiss={onClose}
      onSubmit={submit}
      saving={saving}
      testId="tag-form"
      dirty={form.formState.isDirty}
    >
      <TextField
        control={form.control}
        name="description"
        label="Descrição *"
        description={
          tag && tag.population > 0 ? 'Os clientes com esta tag passam a ter a nova descrição.' : undefined
        }
        testId="tag-description"
        input={{ autoFocus: true }}
      />
    </FormModal>
  );
}

/**
 * /tags 'Tags' (read Tags; spec part 1 §2, §6, §7): server pages of 50 with search; 'Nova tag',
 * edit and delete for write Tags (the server refuses to delete a tag customers carry and says
 * so); export of the tag's customers as xlsx for read Leads.
 */
export default function TagsPage() {
  const canWrite = useCan('write', 'Tags');
  const canExport = useCan('read', 'Leads');
  const list = useServerList<Tag>({
    ...tagsList,
    perPage: TAGS_PAGE_SIZE,
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar as tags.'),
  });
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<{ tag: Tag | null; key: number } | null>(null);
  const [toDelete, setToDelete] = useState<Tag | null>(null);
  const exports = useExportJobs();
  const exportTag = (tag: Tag) =>
    exports.start({
      key: `tag-${tag.id}`,
      path: '/web/tag/export',
      query: { id: tag.id },
      label: `Tag ${tag.description}`,
    });

  const confirmDelete = async (tag: Tag) => {
    try {
      await remove.mutateAsync(tag.id);
      notify({ type: 'success', content: TAG_MESSAGES.deleted });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao excluir a tag',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  const columns: TableProps.ColumnDefinition<Tag>[] = [
    {
      id: 'description',
      header: 'Descrição',
      cell: (t) => <Box fontWeight="bold">{t.description}</Box>,
      isRowHeader: true,
      minWidth: 220,
    },
    { id: 'population', header: 'População', cell: (t) => formatCount(t.population) },
    { id: 'created', header: 'Criado em', cell: (t) => formatDateTime(t.created_at) },
    { id: 'updated', header: 'Atualizado em', cell: (t) => formatDateTime(t.updated_at) },
    {
      id: 'actions',
      header: 'Opções',
      width: 100,
      cell: (t) => (
        <RowActions
          label={t.description}
          actions={[
            {
              id: 'export',
              text: exports.busy(`tag-${t.id}`) ? 'Exportando…' : 'Exportar',
              visible: canExport,
              disabled: exports.busy(`tag-${t.id}`) || t.population === 0,
              disabledReason: t.population === 0 ? 'Nenhum cliente com esta tag.' : undefined,
              onClick: () => void exportTag(t),
            },
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => setEditing({ tag: t, key: Date.now() }),
            },
            { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => setToDelete(t) },
          ]}
        />
      ),
    },
  ];

  return (
    <ContentLayout header={<Header variant="h1">Tags</Header>}>
      <ServerTable<Tag>
        testId="tags-table"
        title="Lista de tags"
        loadingText="Carregando tags"
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova tag',
          testId: 'tag-new',
          subject: 'Tags',
          onClick: () => setEditing({ tag: null, key: Date.now() }),
        }}
        search={{ placeholder: 'Buscar tags', testId: 'tag-search' }}
        noun="tag(s)"
        emptyText="Nenhuma tag cadastrada."
        noMatchText="Nenhuma tag encontrada."
      />
      {editing && canWrite ? (
        <Fragment key={editing.key}>
          <TagForm tag={editing.tag} onClose={() => setEditing(null)} />
        </Fragment>
      ) : null}
      {toDelete ? (
        <ConfirmDeleteModal
          header="Excluir tag"
          onConfirm={() => confirmDelete(toDelete)}
          onDismiss={() => setToDelete(null)}
        >
          {DELETE_QUESTION}
          <Box variant="p" color="text-body-secondary">
            {toDelete.description}
            {toDelete.population > 0 ? ` · ${formatCount(toDelete.population)} cliente(s) com esta tag` : ''}
          </Box>
        </ConfirmDeleteModal>
      ) : null}
    </ContentLayout>
  );
}
