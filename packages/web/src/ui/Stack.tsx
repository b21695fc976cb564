// Lays out its children in a column or row with a fixed gap (spacing units of 8 px), via classes only.
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './cx.js';

export type StackProps = ComponentPropsWithoutRef<'div'> & {
  readonly direction?: 'column' | 'row';
  /** Gap in units of 8 px (0–4). */
  readonly gap?: 0 | 1 | 2 | 3 | 4;
  readonly wrap?: boolean;
  readonly align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  readonly component?: 'div' | 'ul' | 'ol' | 'section' | 'nav';
  readonly children?: ReactNode;
};

export function Stack({ direction = 'column', gap = 2, wrap = false, align, component = 'div', className, ...rest }: StackProps) {
  const Component = component as 'div';
  return (
    <Component
      {...rest}
      className={cx('ui-stack', direction === 'row' && 'ui-stack--row', `ui-gap-${gap}`, wrap && 'ui-stack--wrap', align && `ui-align-${align}`, className)}
    />
  );
}
