import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import type { Label } from '@freguesia/shared/schemas/label';
import { useState } from 'react';
import { failureMessage } from '../../../api/client';
import { useDeleteLabel, useLabels } from '../../../api/labels';
import { useCan } from '../../../app/ability';
import { notify } from '../../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../../components/delete-confirmation';
import { formatDateTime, yesNo } from '../../../components/format';
import { RowActions } from '../../../components/row-actions';
import { EMPTY_LABEL_FORM, labelFormFromLabel, type LabelFormValues } from '../label-form';
import { LABEL_NOTICES, LabelFormModal, type LabelFormMode } from './label-form-modal';

const size = (l: Label) => `${String(l.width).replace('.', ',')} × ${String(l.height).replace('.', ',')} mm`;

/**
 * Ajustes › Plataforma › 'Etiquetas de Descontos' (spec part 3 §2, §3, §5): the label layouts the
 * campaign list prints with ('Imprimir etiquetas'), each created and edited in a drawer with a
 * live preview, removed after a confirmation.
 */
export function LabelsTab() {
  const canWrite = useCan('write', 'Settings');
  const labels = useLabels();
  const remove = useDeleteLabel();
  const [editing, setEditing] = useState<{ mode: LabelFormMode; initial: LabelFormValues } | null>(null);
  const [removing, setRemoving] = useState<Label | null>(null);

  const confirmRemove = async (label: Label) => {
    try {
      await remove.mutateAsync(label.id);
      notify({ type: 'success', header: LABEL_NOTICES.removed });
    } catch (error) {
      notify({ type: 'error', header: LABEL_NOTICES.removeFailed, content: failureMessage(error) });
    }
  };

  return (
    <>
      <Table<Label>
        data-testid="labels-table"
        variant="container"
        loading={labels.isPending}
        loadingText="Carregando etiquetas"
        items={labels.data ?? []}
        wrapLines
        header={
          <Header
            variant="h2"
            counter={labels.data ? `(${labels.data.length})` : undefined}
            description="Layouts das etiquetas de preço que a lista de campanhas imprime em PDF."
            actions={
              canWrite ? (
                <Button
                  data-testid="label-new"
                  onClick={() => setEditing({ mode: { kind: 'create' }, initial: EMPTY_LABEL_FORM })}
                >
                  Nova etiqueta
                </Button>
              ) : undefined
            }
          >
            Etiquetas de Descontos
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            {labels.error ? failureMessage(labels.error) : 'Nenhuma etiqueta cadastrada'}
          </Box>
        }
        columnDefinitions={[
          { id: 'name', header: 'Nome', cell: (l) => l.name, isRowHeader: true },
          { id: 'size', header: 'Tamanho', cell: size },
          { id: 'visible', header: 'Disponível', cell: (l) => yesNo(l.visible) },
          { id: 'updated_at', header: 'Alterado em', cell: (l) => formatDateTime(l.updated_at) },
          {
            id: 'options',
            header: 'Opções',
            width: 90,
            cell: (l) => (
              <RowActions
                label={`etiqueta ${l.name}`}
                actions={[
                  {
                    id: 'edit',
                    text: 'Alterar',
                    visible: canWrite,
                    onClick: () =>
                      setEditing({ mode: { kind: 'edit', id: l.id }, initial: labelFormFromLabel(l) }),
                  },
                  { id: 'remove', text: 'Remover', visible: canWrite, onClick: () => setRemoving(l) },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && (
        <LabelFormModal mode={editing.mode} initial={editing.initial} onDismiss={() => setEditing(null)} />
      )}
      {removing && (
        <ConfirmDeleteModal
          header="Remover etiqueta"
          onConfirm={() => confirmRemove(removing)}
          onDismiss={() => setRemoving(null)}
        >
          Tem certeza que deseja excluir a etiqueta <b>{removing.name}</b>?
        </ConfirmDeleteModal>
      )}
    </>
  );
}
