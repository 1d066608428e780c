import type { ReactNode } from 'react';

/** Small form pieces of the portal (plain HTML: the portal ships no form library). */

export function Field({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`portal-field${error ? ' portal-field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="portal-required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {children}
      {error ? (
        <small className="portal-error" id={`${id}-error`} data-testid={`${id}-error`}>
          {error}
        </small>
      ) : (
        hint && (
          <small className="portal-hint" id={`${id}-hint`}>
            {hint}
          </small>
        )
      )}
    </div>
  );
}

/** aria-* of an input inside `Field`, so errors and hints are read with it. */
export function describedBy(id: string, error: string | undefined, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export function Spinner() {
  return <span className="portal-spinner" aria-hidden="true" />;
}

/** A button that shows a spinner and disables itself while its request runs. */
export function ActionButton({
  busy,
  variant = 'primary',
  children,
  type = 'button',
  onClick,
  testId,
  className,
}: {
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'plain';
  children: ReactNode;
  type?: 'button' | 'submit';
  onClick?: () => void;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type={type}
      className={`portal-button portal-button-${variant}${className ? ` ${className}` : ''}`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {busy && <Spinner />}
      <span>{children}</span>
    </button>
  );
}

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="portal-back" onClick={onClick} aria-label="Voltar ao início" data-testid="portal-back">
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path d="M12.5 4L6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>Voltar</span>
    </button>
  );
}
