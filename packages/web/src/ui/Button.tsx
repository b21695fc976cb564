// A button in the app's look (contained, outlined, text); a link that looks like a button with `href` or `to`.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from '../routing/Link.js';
import { cx } from './cx.js';

export type ButtonVariant = 'contained' | 'outlined' | 'text';
export type ButtonColor = 'primary' | 'secondary' | 'error' | 'inherit';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonLook {
  readonly variant?: ButtonVariant;
  readonly color?: ButtonColor;
  readonly size?: ButtonSize;
  readonly fullWidth?: boolean;
  /** Decorative icon before the label (hidden from assistive technology). */
  readonly startIcon?: ReactNode;
  readonly children?: ReactNode;
}

type AsButton = ButtonLook & Omit<ComponentPropsWithRef<'button'>, 'color'> & { readonly href?: undefined; readonly to?: undefined };
type AsAnchor = ButtonLook & Omit<ComponentPropsWithRef<'a'>, 'color'> & { readonly href: string; readonly to?: undefined };
type AsRouterLink = ButtonLook & Omit<RouterLinkProps, 'color'> & { readonly ref?: React.Ref<HTMLAnchorElement>; readonly href?: undefined };
export type ButtonProps = AsButton | AsAnchor | AsRouterLink;

export function buttonClass({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  fullWidth = false,
  className,
}: ButtonLook & { readonly className?: string }): string {
  return cx('ui-button', `ui-button--${variant}`, `ui-button--${color}`, size !== 'medium' && `ui-button--${size}`, fullWidth && 'ui-button--full', className);
}

export function Button(props: ButtonProps) {
  const { variant, color, size, fullWidth, startIcon, children, className, ...rest } = props;
  const classes = buttonClass({ variant, color, size, fullWidth, className });
  const content = (
    <>
      {startIcon && (
        <span className="ui-button__icon" aria-hidden="true">
          {startIcon}
        </span>
      )}
      {children}
    </>
  );
  if ('to' in rest && rest.to !== undefined) {
    return (
      <RouterLink {...(rest as RouterLinkProps)} className={classes}>
        {content}
      </RouterLink>
    );
  }
  if ('href' in rest && rest.href !== undefined) {
    return (
      <a {...(rest as ComponentPropsWithRef<'a'>)} className={classes}>
        {content}
      </a>
    );
  }
  const buttonProps = rest as ComponentPropsWithRef<'button'>;
  return (
    <button type="button" {...buttonProps} className={classes}>
      {content}
    </button>
  );
}
