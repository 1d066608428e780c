import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type ReactNode } from 'react';

interface ConfirmDeleteModalProps {
  header: string;
  children: ReactNode;
  /** Removes the record; the modal closes when it settles (the caller shows the notice). */
  onConfirm: () => Promise<void>;
  onDismiss: () => void;
}

/** 'Tem certeza que deseja excluir …?' with 'Sim, Excluir' / 'Cancelar' (spec part 1 §8 wording). */
export function ConfirmDeleteModal({ header, children, onConfirm, onDismiss }: ConfirmDeleteModalProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onDismiss();
    }
  }
  return (
    <Modal
      visible
      header={header}
      closeAriaLabel="Fechar"
      onDismiss={() => {
        if (!busy) onDismiss();
      }}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onDismiss}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => void confirm()}
              data-testid="confirm-delete"
            >
              Sim, Excluir
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}
