import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormEvent, ReactNode } from 'react';
import { useDiscardGuard } from '../discard-changes';

/**
 * The catalogue's "side drawer" forms (spec: 'Criando novo produto', 'Nova Loja', payment methods):
 * one consistent approach, a large Cloudscape Modal with Cancelar / Salvar in the footer. Enter in
 * a text field submits. With `dirty` (the form's `formState.isDirty`), 'Cancelar', the close
 * button and Esc ask 'Descartar alterações?' first.
 */
export function FormModal({
  visible,
  title,
  onDismiss,
  onSubmit,
  saving = false,
  submitLabel = 'Salvar',
  size = 'large',
  children,
  testId,
  dirty = false,
}: {
  visible: boolean;
  title: string;
  onDismiss: () => void;
  onSubmit: () => void;
  saving?: boolean;
  submitLabel?: string;
  size?: 'small' | 'medium' | 'large' | 'max';
  children: ReactNode;
  testId?: string;
  /** Unsaved changes: leaving asks first. */
  dirty?: boolean;
}) {
  const discard = useDiscardGuard(dirty && !saving);
  const leave = () => discard.confirm(onDismiss);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <Modal
      visible={visible}
      size={size}
      header={title}
      onDismiss={({ detail }) => {
        // A click outside would lose what was typed: only the close button and Esc dismiss.
        if (detail.reason !== 'overlay') leave();
      }}
      data-testid={testId}
      footer={
        <ModalActions
          saving={saving}
          submitLabel={submitLabel}
          onCancel={leave}
          onSubmit={() => submit()}
          submitTestId={testId ? `${testId}-submit` : undefined}
        />
      }
    >
      <form onSubmit={submit} noValidate>
        {children}
        {/* Enter submits the form. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
      {discard.modal}
    </Modal>
  );
}

/** The footer of the product's modals: 'Cancelar' (link) and the primary action, both held while saving. */
export function ModalActions({
  saving,
  submitLabel,
  submitDisabled,
  submitTestId,
  onCancel,
  onSubmit,
}: {
  saving: boolean;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  submitTestId?: string;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={onCancel} disabled={saving}>
          Cancelar
        </Button>
        <Button
          variant="primary"
          loading={saving}
          disabled={submitDisabled}
          onClick={onSubmit}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
