// Progress indicators: a circular Spinner and a LinearProgress bar (determinate or indeterminate).
import type { CSSProperties } from 'react';
import { cx } from './cx.js';

export interface SpinnerProps {
  /** The accessible name; without it the spinner is decorative (e.g. inside a busy button). */
  readonly label?: string;
  readonly size?: number;
  readonly className?: string;
}

export function Spinner({ label, size = 40, className }: SpinnerProps) {
  const style = { '--ui-spinner-size': `${size}px` } as CSSProperties;
  return label ? (
    <span role="progressbar" aria-label={label} className={cx('ui-spinner', className)} style={style} />
  ) : (
    <span aria-hidden="true" className={cx('ui-spinner', className)} style={style} />
  );
}

export interface LinearProgressProps {
  readonly label: string;
  /** 0–100; without a value the bar is indeterminate. */
  readonly value?: number;
  /** The value as a screen reader says it (aria-valuetext), e.g. „Datei wird hochgeladen: 45 %“. */
  readonly valueText?: string;
  readonly className?: string;
  readonly id?: string;
}

export function LinearProgress({ label, value, valueText, className, id }: LinearProgressProps) {
  const determinate = value !== undefined;
  const clamped = determinate ? Math.max(0, Math.min(100, Math.round(value))) : 0;
  return (
    <div
      id={id}
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={determinate ? clamped : undefined}
      aria-valuetext={determinate ? valueText : undefined}
      className={cx('ui-linear', !determinate && 'ui-linear--indeterminate', className)}
    >
      <span className="ui-linear__bar" style={determinate ? { transform: `translateX(${clamped - 100}%)` } : undefined} />
    </div>
  );
}
