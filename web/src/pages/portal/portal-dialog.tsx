import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A light modal on the native `<dialog>` (focus trap, Esc and the backdrop come with the
 * browser): the portal's questions and the 'Regulamento' (1000 px wide, spec §9).
 */
export interface PortalDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** The terms modal: up to 1000 px wide. */
  wide?: boolean;
  testId?: string;
}

export function PortalDialog({ open, title, onClose, children, footer, wide, testId }: PortalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control (the close button); prefer the marked one.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`portal-dialog${wide ? ' portal-dialog-wide' : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Esc: let React state close it, so `open` stays the single source of truth.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="portal-dialog-box">
          <header className="portal-dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="portal-icon-button" aria-label="Fechar" onClick={onClose}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="portal-dialog-body">{children}</div>
          {footer && <footer className="portal-dialog-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

/** A yes/no question of the portal (spec §8: 'Realizar Cadastro?', 'Realizar Acesso?'). */
export interface Question {
  title: string;
  text: string;
  confirm: string;
  cancel?: string;
  onConfirm: () => void;
}

export function QuestionDialog({ question, onClose }: { question: Question | null; onClose: () => void }) {
  return (
    <PortalDialog
      open={question !== null}
      title={question?.title ?? ''}
      onClose={onClose}
      testId="portal-question"
      footer={
        question && (
          <>
            <button type="button" className="portal-button portal-button-plain" onClick={onClose}>
              {question.cancel ?? 'Não'}
            </button>
            <button
              type="button"
              className="portal-button portal-button-primary"
              data-autofocus
              data-testid="portal-question-confirm"
              onClick={() => {
                onClose();
                question.onConfirm();
              }}
            >
              {question.confirm}
            </button>
          </>
        )
      }
    >
      <p>{question?.text}</p>
    </PortalDialog>
  );
}
