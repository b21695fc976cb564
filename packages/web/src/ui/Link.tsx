// A text link in the app's look: `href` renders <a>, `to` an in-app link (routing/Link.tsx); `newTab` opens a new tab safely.
import type { ComponentPropsWithRef } from 'react';
import { Link as RouterLinkBase, type LinkProps as RouterLinkProps } from '../routing/Link.js';
import { cx } from './cx.js';

interface LinkLook {
  /** "inherit" takes the surrounding text colour (e.g. on the dark header). */
  readonly color?: 'primary' | 'inherit';
  readonly underline?: 'always' | 'hover';
  readonly newTab?: boolean;
  /**
   * A link on its own (its own line, or after a label such as „Telefon:“), not inside a sentence: a 44 × 44 px touch
   * target (WCAG 2.5.5). Links inside running text stay as they are (inline targets are exempt).
   */
  readonly standalone?: boolean;
}

export type LinkProps = LinkLook & Omit<ComponentPropsWithRef<'a'>, 'color'>;
export type RouterLinkProps_ = LinkLook & Omit<RouterLinkProps, 'color'>;

function linkClass({ color = 'primary', underline = 'always', standalone = false }: LinkLook, className: string | undefined) {
  return cx('ui-link', color === 'inherit' && 'ui-link--inherit', underline === 'hover' && 'ui-link--hover', standalone && 'ui-link--standalone', className);
}

export function Link({ color, underline, standalone, newTab = false, className, ...rest }: LinkProps) {
  return (
    <a {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest} className={linkClass({ color, underline, standalone }, className)} />
  );
}

export function RouterLink({ color, underline, standalone, newTab = false, className, ...rest }: RouterLinkProps_) {
  return (
    <RouterLinkBase
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
      className={linkClass({ color, underline, standalone }, className)}
    />
  );
}
