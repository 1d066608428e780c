import { cloneElement, type InputHTMLAttributes, type ReactElement } from 'react';

/**
 * A labelled field of the login form, laid out like Cloudscape's FormField: label above, the
 * control, then the error with its icon. The control gets its id and the aria links.
 */
export function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactElement<InputHTMLAttributes<HTMLInputElement>>;
}) {
  const control = cloneElement(children, {
    id,
    className: 'login-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });
  return (
    <div className={`login-field${error ? ' login-field-invalid' : ''}`}>
      <label htmlFor={id} className="login-label">
        {label}
      </label>
      {control}
      {error && (
        <div className="login-error" id={`${id}-error`}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-label="Erro" role="img">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M8 4v5M8 11v1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{error}</span>
        </div>
      )}
    </div>
  );
}
