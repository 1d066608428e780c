import type { Label } from '@freguesia/shared/schemas/label';
import { useState } from 'react';
import { useDeleteLabel, useLabels } from '../../../api/labels';
import { useCan } from '../../../app/ability';
import { formatDateTime, yesNo } from '../../../components/format';
import { RowActions } from '../../../components/row-actions';
import { EMPTY_LABEL_FORM, labelFormFromLabel, type LabelFormValues } from '../label-form';
import { LABEL_NOTICES, LabelFormModal, type LabelFormMode } from './label-form-modal';
import { optionsColumn, SettingsTable, useRemoveConfirm } from './settings-table';

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
  const removal = useRemoveConfirm<Label>({
    remove: (label) => remove.mutateAsync(label.id),
    header: 'Remover etiqueta',
    question: (label) => (
      <>
        Tem certeza que deseja excluir a etiqueta <b>{label.name}</b>?
      </>
    ),
    removed: LABEL_NOTICES.removed,
    failed: LABEL_NOTICES.removeFailed,
  });

  return (
    <>
      <SettingsTable<Label>
        testId="labels-table"
        query={labels}
        loadingText="Carregando etiquetas"
        title="Etiquetas de Descontos"
        description="Layouts das etiquetas de preço que a lista de campanhas imprime em PDF."
        newButton={{
          label: 'Nova etiqueta',
          testId: 'label-new',
          onClick: () => setEditing({ mode: { kind: 'create' }, initial: EMPTY_LABEL_FORM }),
        }}
        emptyText="Nenhuma etiqueta cadastrada"
        columns={[
          { id: 'name', header: 'Nome', cell: (l) => l.name, isRowHeader: true },
          { id: 'size', header: 'Tamanho', cell: size },
          { id: 'visible', header: 'Disponível', cell: (l) => yesNo(l.visible) },
          { id: 'updated_at', header: 'Alterado em', cell: (l) => formatDateTime(l.updated_at) },
          optionsColumn((l) => (
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
                { id: 'remove', text: 'Remover', visible: canWrite, onClick: () => removal.ask(l) },
              ]}
            />
          )),
        ]}
      />
      {editing && (
        <LabelFormModal mode={editing.mode} initial={editing.initial} onDismiss={() => setEditing(null)} />
      )}
      {removal.modal}
    </>
  );
}
