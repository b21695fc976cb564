// A round button that shows only an icon; the accessible name comes from the required aria-label.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.js';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label'> {
  readonly 'aria-label': string;
  /** Takes the text colour of its surroundings (e.g. white on the dark header). */
  readonly inherit?: boolean;
  readonly children: ReactNode;
}

export function IconButton({ inherit = false, className, children, ...rest }: IconButtonProps) {
  return (
    <button type="button" {...rest} className={cx('ui-icon-button', inherit && 'ui-icon-button--inherit', className)}>
      {children}
    </button>
  );
}
