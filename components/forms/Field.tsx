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
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and error under its control, with the ids (`{id}-help`, `{id}-error`) its aria-describedby names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-help`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
