// A native checkbox with its visible label; error text (if any) is linked with aria-describedby.
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx.js';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  readonly label: ReactNode;
  /** Further content under the label (e.g. a link to the text agreed to, an error with its own id). */
  readonly children?: ReactNode;
  readonly error?: boolean;
  /** Shown under the label and announced with the checkbox. */
  readonly helperText?: ReactNode;
}

export function Checkbox({ label, error = false, helperText, id, className, children, ...input }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  const describedBy = [helperText ? helperId : null, input['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('ui-check', error && 'ui-check--error', className)}>
      <input {...input} type="checkbox" id={inputId} className="ui-check__input" aria-invalid={error || undefined} aria-describedby={describedBy} />
      <label htmlFor={inputId} className="ui-check__label">
        {label}
      </label>
      {children}
      {helperText && (
        <p id={helperId} className="ui-field__helper ui-check__helper">
          {helperText}
        </p>
      )}
    </div>
  );
}
