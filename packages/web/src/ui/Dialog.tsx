// A modal dialog on the native <dialog> (showModal: focus trap, inert page, Escape); labelled by its title,
// focus goes back to the element that had it before opening – or, when the caller named one as it closed the dialog
// (`returnFocusTo`), to that one: an action that makes the opener go away (removing the item it belongs to) decides in
// the same click where the focus continues, instead of leaving it on the opener until a later render takes it away.
import { createContext, useContext, useEffect, useId, useRef, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from 'react';
import { cx } from './cx.js';

export type DialogCloseReason = 'escapeKeyDown' | 'backdropClick';

const DialogTitleId = createContext<string | undefined>(undefined);

export interface DialogProps extends Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'title' | 'onClose'> {
  readonly open: boolean;
  /** Escape (and a click beside the dialog, if `closeOnBackdrop`) asks to close; the caller sets `open`. */
  readonly onClose?: (reason: DialogCloseReason) => void;
  /** Short form: renders a DialogTitle; otherwise place a <DialogTitle> in the children. */
  readonly title?: ReactNode;
  /** Short form: renders DialogActions after the children. */
  readonly actions?: ReactNode;
  readonly closeOnBackdrop?: boolean;
  readonly maxWidth?: 'xs' | 'sm' | 'md';
  /**
   * Read when the dialog closes: an element set here then takes the focus instead of the opener. Set it in the handler
   * that closes the dialog, clear it when opening; unset (or gone from the page), the focus goes back to the opener.
   */
  readonly returnFocusTo?: RefObject<HTMLElement | null>;
  readonly children?: ReactNode;
}

export function Dialog({ open, onClose, title, actions, closeOnBackdrop = false, maxWidth = 'sm', returnFocusTo, className, children, ...rest }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const returnTarget = useRef(returnFocusTo);
  returnTarget.current = returnFocusTo;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the open attribute is the same for the tests.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const chosen = returnTarget.current?.current;
      const back = chosen?.isConnected ? chosen : opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      {...rest}
      ref={ref}
      aria-labelledby={rest['aria-labelledby'] ?? titleId}
      className={cx('ui-dialog', `ui-dialog--${maxWidth}`, className)}
      onCancel={(event) => {
        // The browser would close the dialog itself; React state decides instead.
        event.preventDefault();
        onClose?.('escapeKeyDown');
      }}
      onKeyDown={(event) => {
        rest.onKeyDown?.(event);
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose?.('escapeKeyDown');
        }
      }}
      onClick={(event) => {
        rest.onClick?.(event);
        // Clicks on the ::backdrop land on the <dialog> itself; its content sits in the inner box.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose?.('backdropClick');
      }}
    >
      <div className="ui-dialog__box">
        <DialogTitleId.Provider value={titleId}>
          {title !== undefined && <DialogTitle>{title}</DialogTitle>}
          {children}
          {actions !== undefined && <DialogActions>{actions}</DialogActions>}
        </DialogTitleId.Provider>
      </div>
    </dialog>
  );
}

export function DialogTitle({ children, className }: { readonly children: ReactNode; readonly className?: string }) {
  const id = useContext(DialogTitleId);
  return (
    <h2 id={id} className={cx('ui-dialog__title', className)}>
      {children}
    </h2>
  );
}

export function DialogContent({ children, className, id }: { readonly children: ReactNode; readonly className?: string; readonly id?: string }) {
  return (
    <div id={id} className={cx('ui-dialog__content', className)}>
      {children}
    </div>
  );
}

export function DialogActions({ children, className }: { readonly children: ReactNode; readonly className?: string }) {
  return <div className={cx('ui-dialog__actions', className)}>{children}</div>;
}
