// A labelled native <select> (the phone's own picker), with helper/error text wired like TextField.
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame.js';

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
  const { id, helperId } = useFieldIds(props.id);
  const { error = false, fullWidth = true } = props;
  return (
    <FieldFrame
      id={id}
      helperId={helperId}
      label={props.label}
      helperText={props.helperText}
      error={error}
      required={props.required}
      disabled={props.disabled}
      fullWidth={fullWidth}
      className={props.className}
      boxClassName="ui-field__box--select"
    >
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
    </FieldFrame>
  );
}
