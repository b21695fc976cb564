// The frame every labelled form field shares (TextField, Select): the label with its required mark,
// the box around the control, and the helper or error text the control refers to by aria-describedby.
import { useId, type ReactNode } from 'react';
import { cx } from './cx.js';

/** The control's id (given or generated) and the id of its helper text. */
export function useFieldIds(givenId: string | undefined): { readonly id: string; readonly helperId: string } {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return { id, helperId: `${id}-helper-text` };
}

export interface FieldFrameProps {
  readonly id: string;
  readonly helperId: string;
  readonly label: ReactNode;
  readonly helperText?: ReactNode;
  readonly error: boolean;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly fullWidth: boolean;
  readonly className?: string;
  readonly boxClassName?: string;
  /** The control itself (input, textarea, select), with the id above. */
  readonly children: ReactNode;
}

export function FieldFrame(props: FieldFrameProps) {
  return (
    <div
      className={cx('ui-field', props.fullWidth && 'ui-field--full', props.error && 'ui-field--error', props.disabled && 'ui-field--disabled', props.className)}
    >
      <label className="ui-field__label" htmlFor={props.id}>
        {props.label}
        {props.required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className={cx('ui-field__box', props.boxClassName)}>{props.children}</div>
      {props.helperText && (
        <p id={props.helperId} className="ui-field__helper">
          {props.helperText}
        </p>
      )}
    </div>
  );
}
