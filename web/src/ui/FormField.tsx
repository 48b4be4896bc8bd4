import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useInertBeforeHydration } from '../lib/hydration';

interface BaseProps {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Shown only once the field has been touched (or after a submit attempt). */
  error?: FieldError;
  touched?: boolean;
  hint?: ReactNode;
}

function ErrorText({ id, error, touched }: { id: string; error?: FieldError; touched?: boolean }) {
  if (!error || !touched) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {error.message}
    </span>
  );
}

type InputProps = BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & { revealable?: boolean };

/** A labelled input wired to react-hook-form; `revealable` adds a Show/Hide toggle for passwords. */
export function TextField({ label, registration, error, touched, hint, revealable, type = 'text', ...rest }: InputProps) {
  const inert = useInertBeforeHydration();
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const showError = !!error && !!touched;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className={revealable ? 'input-with-toggle' : undefined}>
        <input
          id={id}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
          {...registration}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            className="reveal-toggle"
            onClick={() => setRevealed((v) => !v)}
            {...inert}
            aria-pressed={revealed}
            aria-label={revealed ? 'Hide password' : 'Show password'}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint}
      <ErrorText id={errorId} error={error} touched={touched} />
    </div>
  );
}

type TextAreaProps = BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;

export function TextAreaField({ label, registration, error, touched, hint, ...rest }: TextAreaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const showError = !!error && !!touched;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={showError} aria-describedby={showError ? errorId : undefined} {...registration} {...rest} />
      {hint}
      <ErrorText id={errorId} error={error} touched={touched} />
    </div>
  );
}
