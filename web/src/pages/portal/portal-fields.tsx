import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

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
            {' '}
            *
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

export interface PortalFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'required'
> {
  /** The form field: the control's name; `portal-{name}` its id and data-testid. */
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  value: string;
  /** Receives what was typed or chosen. */
  onValue: (text: string) => void;
  /** The `<option>`s of a select; without them the control is an input. */
  options?: ReactNode;
  /** A button beside the control (the CEP's search). */
  action?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One labelled control of a portal form: id, name and data-testid `portal-{name}`, the required mark
 * (also as aria-required) and the message or hint read with it. Plain HTML, like the whole portal.
 */
export function PortalField({
  name,
  label,
  required,
  error,
  hint,
  className,
  value,
  onValue,
  options,
  action,
  inputRef,
  ...input
}: PortalFieldProps) {
  const id = `portal-${name}`;
  const bound = {
    id,
    name,
    'data-testid': id,
    value,
    'aria-required': required || undefined,
    ...describedBy(id, error, hint),
  };
  const control =
    options === undefined ? (
      <input {...input} {...bound} ref={inputRef} onChange={(e) => onValue(e.target.value)} />
    ) : (
      <select {...bound} autoComplete={input.autoComplete} onChange={(e) => onValue(e.target.value)}>
        {options}
      </select>
    );
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} className={className}>
      {action ? (
        <div className="portal-inline">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
    </Field>
  );
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
    <button
      type="button"
      className="portal-back"
      onClick={onClick}
      aria-label="Voltar ao início"
      data-testid="portal-back"
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path
          d="M12.5 4L6.5 10l6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Voltar</span>
    </button>
  );
}
