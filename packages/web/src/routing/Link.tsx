// In-app links: an <a href> that navigates through the app's history on a plain left click (a click with a modifier
// key, another button or a target opens as the browser would), and the menu's NavLink, which marks the current page.
import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { useHistoryEntry, useNavigate } from './AppRouter.js';

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  /** An absolute path, optionally with a query. */
  readonly to: string;
  readonly replace?: boolean;
  readonly state?: unknown;
};

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export function Link({ to, replace = false, state, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event, rest.target)) return;
        event.preventDefault();
        navigate(to, { replace, state });
      }}
    />
  );
}

/** Whether `pathname` is `to` (with `end`) or below it; case-insensitive, as routes match. */
function isActive(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  return here === target || (!end && here.startsWith(target) && here.charAt(target.length) === '/');
}

/** A Link that marks the current page with the class "active" and aria-current="page". */
export function NavLink({ end = false, className, ...rest }: LinkProps & { readonly end?: boolean }) {
  const { pathname } = useHistoryEntry();
  const active = isActive(pathname, rest.to, end);
  return <Link {...rest} className={active ? `${className ?? ''} active`.trim() : className} aria-current={active ? 'page' : undefined} />;
}
