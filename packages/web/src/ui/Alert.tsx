// A coloured notice with an icon (error, warning, info, success), optional title and action.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.js';
import { Icon, iconPaths } from './Icon.js';

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';

export interface AlertProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  readonly severity?: AlertSeverity;
  readonly title?: ReactNode;
  /** E.g. a button on the right (retry, log in again). */
  readonly action?: ReactNode;
  /** "alert" by default (as MUI did); pass "status" for polite notices or "none" inside a live region of your own. */
  readonly role?: 'alert' | 'status' | 'none';
}

export function Alert({ severity = 'error', title, action, role = 'alert', className, children, ...rest }: AlertProps) {
  return (
    <div {...rest} role={role === 'none' ? undefined : role} className={cx('ui-alert', `ui-alert--${severity}`, className)}>
      <span className="ui-alert__icon">
        <Icon path={iconPaths[severity]} size={22} />
      </span>
      <div className="ui-alert__message">
        {title && <p className="ui-alert__title">{title}</p>}
        {children}
      </div>
      {action && <div className="ui-alert__action">{action}</div>}
    </div>
  );
}
