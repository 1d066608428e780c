import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type ReactNode } from 'react';

/** A yes/no confirmation (spec §2: finishing and each reassignment are confirmed first). */
export function ConfirmAction({
  header,
  children,
  confirmLabel,
  onConfirm,
  onDismiss,
}: {
  header: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; the modal closes when it settles (the caller shows the notice). */
  onConfirm: () => Promise<void>;
  onDismiss: () => void;
}) {
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
      size="small"
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
            <Button variant="primary" loading={busy} onClick={() => void confirm()} data-testid="cs-confirm">
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}
