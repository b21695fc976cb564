// A group of radio buttons in a fieldset whose legend names the group; Radio reads name and value from it.
import { createContext, useContext, useId, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { cx } from './cx.js';

interface RadioGroupState {
  readonly name: string;
  readonly value: string | null;
  readonly onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  readonly required: boolean;
  readonly disabled: boolean;
  readonly describedBy: string | undefined;
  readonly error: boolean;
}

const RadioGroupContext = createContext<RadioGroupState | null>(null);

export interface RadioGroupProps {
  readonly legend: ReactNode;
  readonly name?: string;
  readonly value: string | null;
  readonly onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  readonly helperText?: ReactNode;
  readonly error?: boolean;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** Options side by side (wrapping) instead of one per line. */
  readonly row?: boolean;
  readonly id?: string;
  readonly className?: string;
  /** Called when focus leaves one of the radios (blur bubbles in React), e.g. to mark the group touched. */
  readonly onBlur?: (event: FocusEvent<HTMLFieldSetElement>) => void;
  readonly children: ReactNode;
}

export function RadioGroup(props: RadioGroupProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const helperId = `${id}-helper-text`;
  const { error = false, required = false, disabled = false, row = false } = props;
  const state: RadioGroupState = {
    name: props.name ?? id,
    value: props.value,
    onChange: props.onChange,
    required,
    disabled,
    describedBy: props.helperText ? helperId : undefined,
    error,
  };
  return (
    <fieldset id={id} className={cx('ui-radio-group', error && 'ui-radio-group--error', props.className)} disabled={disabled} onBlur={props.onBlur}>
      <legend className="ui-radio-group__legend">
        {props.legend}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      <div className={cx('ui-radio-group__options', row && 'ui-radio-group__options--row')}>
        <RadioGroupContext.Provider value={state}>{props.children}</RadioGroupContext.Provider>
      </div>
      {props.helperText && (
        <p id={helperId} className="ui-field__helper">
          {props.helperText}
        </p>
      )}
    </fieldset>
  );
}

export function Radio({ value, label, disabled }: { readonly value: string; readonly label: ReactNode; readonly disabled?: boolean }) {
  const group = useContext(RadioGroupContext);
  const id = useId();
  if (!group) throw new Error('Radio must be placed inside a RadioGroup');
  return (
    <div className="ui-check">
      <input
        type="radio"
        id={id}
        className="ui-check__input"
        name={group.name}
        value={value}
        checked={group.value === value}
        onChange={(event) => group.onChange(value, event)}
        required={group.required}
        disabled={disabled}
        aria-invalid={group.error || undefined}
        aria-describedby={group.describedBy}
      />
      <label htmlFor={id} className="ui-check__label">
        {label}
      </label>
    </div>
  );
}
