// A white card (outlined or lightly raised) to group content; any block element via `component`.
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './cx.js';

type Block = 'div' | 'section' | 'article' | 'aside' | 'li' | 'form';

export type PaperProps = ComponentPropsWithoutRef<'div'> & {
  readonly component?: Block;
  readonly variant?: 'outlined' | 'elevation';
  readonly children?: ReactNode;
};

export function Paper({ component = 'div', variant = 'outlined', className, ...rest }: PaperProps) {
  // One element type for the props' sake; all of them take the same attributes used here.
  const Component = component as 'div';
  return <Component {...rest} className={cx('ui-paper', `ui-paper--${variant}`, className)} />;
}
