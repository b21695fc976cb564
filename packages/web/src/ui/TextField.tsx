// A labelled text input or textarea with helper/error text wired through aria-describedby and aria-invalid.
import type { ChangeEvent, ComponentPropsWithoutRef, FocusEvent, ReactNode, Ref } from 'react';
import { cx } from './cx.js';
import { FieldFrame, useFieldIds } from './FieldFrame.js';

export interface TextFieldProps {
  readonly label: ReactNode;
  readonly id?: string;
  readonly name?: string;
  readonly value?: string;
  readonly defaultValue?: string;
  readonly onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  readonly onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  readonly helperText?: ReactNode;
  readonly error?: boolean;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly autoFocus?: boolean;
  readonly placeholder?: string;
  readonly multiline?: boolean;
  /** Fixed height of a multiline field in text rows. */
  readonly rows?: number;
  /** Starting height of a multiline field; it can be resized and grows with its content where the browser can. */
  readonly minRows?: number;
  readonly type?: string;
  readonly inputMode?: ComponentPropsWithoutRef<'input'>['inputMode'];
  readonly autoComplete?: string;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** Further ids that describe the field (besides the helper text). */
  readonly describedBy?: string;
  /** Shown inside the field before the text (e.g. a fixed prefix). */
  readonly startAdornment?: ReactNode;
  readonly fullWidth?: boolean;
  readonly className?: string;
  readonly inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  /** Passed to the <input>/<textarea> as they are (data-testid, aria-*, min, step …). */
  readonly inputProps?: Record<string, unknown>;
}

export function TextField(props: TextFieldProps) {
  const { id, helperId } = useFieldIds(props.id);
  const { helperText, error = false, multiline = false, fullWidth = true, startAdornment, inputProps = {} } = props;
  const describedBy =
    [helperText ? helperId : null, props.describedBy, inputProps['aria-describedby'] as string | undefined].filter(Boolean).join(' ') || undefined;
  const common = {
    ...inputProps,
    id,
    name: props.name,
    value: props.value,
    defaultValue: props.defaultValue,
    onChange: props.onChange,
    onBlur: props.onBlur,
    required: props.required,
    disabled: props.disabled,
    readOnly: props.readOnly,
    autoFocus: props.autoFocus,
    placeholder: props.placeholder,
    maxLength: props.maxLength,
    autoComplete: props.autoComplete,
    'aria-invalid': error || undefined,
    'aria-describedby': describedBy,
    className: cx('ui-field__input', inputProps.className as string | undefined),
    // One ref type for both elements; only one of them is rendered.
    ref: props.inputRef as Ref<never> | undefined,
  };
  return (
    <FieldFrame
      id={id}
      helperId={helperId}
      label={props.label}
      helperText={helperText}
      error={error}
      required={props.required}
      disabled={props.disabled}
      fullWidth={fullWidth}
      className={props.className}
    >
      {startAdornment && <span className="ui-field__adornment">{startAdornment}</span>}
      {multiline ? (
        <textarea
          {...common}
          rows={props.rows ?? props.minRows ?? 3}
          className={cx(common.className, props.rows === undefined && 'ui-field__input--grow')}
          style={props.rows === undefined ? { minHeight: `calc(${props.minRows ?? 3} * 1.5em + 24px)` } : undefined}
        />
      ) : (
        <input {...common} type={props.type ?? 'text'} inputMode={props.inputMode} pattern={props.pattern} />
      )}
    </FieldFrame>
  );
}
