// A labelled native <select> (the phone's own picker), with helper/error text wired like TextField.
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';
import { cx } from './cx.js';

export interface SelectProps {
  readonly label: ReactNode;
  readonly id?: string;
  readonly name?: string;
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  readonly onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  readonly helperText?: ReactNode;
  readonly error?: boolean;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly fullWidth?: boolean;
  readonly className?: string;
  readonly selectRef?: Ref<HTMLSelectElement>;
  /** <option> elements. */
  readonly children: ReactNode;
}

export function Select(props: SelectProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const helperId = `${id}-helper-text`;
  const { error = false, fullWidth = true } = props;
  return (
    <div className={cx('ui-field', fullWidth && 'ui-field--full', error && 'ui-field--error', props.className)}>
      <label className="ui-field__label" htmlFor={id}>
        {props.label}
        {props.required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="ui-field__box ui-field__box--select">
        <select
          id={id}
          name={props.name}
          ref={props.selectRef}
          className="ui-field__input"
          value={props.value}
          onChange={props.onChange}
          onBlur={props.onBlur}
          required={props.required}
          disabled={props.disabled}
          aria-invalid={error || undefined}
          aria-describedby={props.helperText ? helperId : undefined}
        >
          {props.children}
        </select>
      </div>
      {props.helperText && (
        <p id={helperId} className="ui-field__helper">
          {props.helperText}
        </p>
      )}
    </div>
  );
}
