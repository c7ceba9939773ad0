// One form field as DESIGN.md draws it: the label above, the control, an optional hint, and the spec's error
// message below, tied to the control by ids so a screen reader hears the hint and the error with it.
import type { ReactNode } from 'react';

export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface Props {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** the control, given the ids it needs */
  children: (control: FieldControl) => ReactNode;
}

export function Field({ id, label, error, hint, children }: Props) {
  const hintId = hint ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
