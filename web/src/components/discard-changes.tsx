import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

export const DISCARD_TITLE = 'Descartar alterações?';
export const DISCARD_TEXT = 'As alterações feitas neste formulário ainda não foram salvas e serão perdidas.';

/** 'Descartar alterações?': 'Continuar editando' keeps the form, 'Descartar' goes on. */
export function DiscardChangesModal({
  visible,
  onKeepEditing,
  onDiscard,
}: {
  visible: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  return (
    <Modal
      visible={visible}
      size="small"
      header={DISCARD_TITLE}
      onDismiss={onKeepEditing}
      data-testid="discard-changes"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onKeepEditing}>
              Continuar editando
            </Button>
            <Button variant="primary" onClick={onDiscard} data-testid="discard-changes-confirm">
              Descartar
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {DISCARD_TEXT}
    </Modal>
  );
}

/**
 * Asks before an action that would lose unsaved changes (closing a form modal): `confirm(close)`
 * runs `close` at once when nothing changed, else after 'Descartar'. Render `modal`.
 */
export function useDiscardGuard(dirty: boolean): { confirm: (action: () => void) => void; modal: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const confirm = (action: () => void) => (dirty ? setPending(() => action) : action());
  const modal = (
    <DiscardChangesModal
      visible={pending !== null}
      onKeepEditing={() => setPending(null)}
      onDiscard={() => {
        const action = pending;
        setPending(null);
        action?.();
      }}
    />
  );
  return { confirm, modal };
}

/**
 * Guards a form page with unsaved changes: in-app navigation (menu, breadcrumbs, 'Cancelar' that
 * navigates) waits for 'Descartar', and closing or reloading the tab gets the browser's own
 * question. Call `allowNavigation()` right before navigating after a save (or a redirect).
 */
export function useLeaveGuard(dirty: boolean): { allowNavigation: () => void; modal: ReactNode } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const modal = (
    <DiscardChangesModal
      visible={blocker.state === 'blocked'}
      onKeepEditing={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
  return {
    allowNavigation: () => {
      allowed.current = true;
    },
    modal,
  };
}
