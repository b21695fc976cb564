// Text for screen readers only (same as the class `ui-visually-hidden`).
import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './cx.js';

export function VisuallyHidden({ className, ...rest }: ComponentPropsWithoutRef<'span'>) {
  return <span {...rest} className={cx('ui-visually-hidden', className)} />;
}
