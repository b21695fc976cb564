// One refusal or confirmation of a screen in a live region of its own. The region is in the page from the first render,
// empty while there is nothing to say, so that the text is read out when it appears (a region that appears together
// with its text is not read by every screen reader). The MUI Alert inside is role="none": its default role="alert" in
// the region would be a second live region, and some screen readers read the text twice.
import type { ReactNode, Ref } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

export interface LiveNoticeProps {
  /** polite: read after what is being said (confirmations); assertive: read at once (refusals). */
  readonly politeness: 'polite' | 'assertive';
  /** The region's own role, where the screen gives it one: status (polite) or alert (assertive). */
  readonly regionRole?: 'status' | 'alert';
  readonly severity: AlertColor;
  /** What is said; nothing (null, undefined, false, '') leaves the region empty. */
  readonly children?: ReactNode;
  /** The Alert's id, e.g. for a field's aria-describedby. */
  readonly id?: string;
  /** The Alert, for a screen that moves the focus to the notice (with tabIndex -1). */
  readonly ref?: Ref<HTMLDivElement>;
  readonly tabIndex?: number;
  /** A button beside the text (e.g. „Hinweis schließen“). */
  readonly action?: ReactNode;
  readonly sx?: SxProps<Theme>;
}

export function LiveNotice({ politeness, regionRole, severity, children, id, ref, tabIndex, action, sx }: LiveNoticeProps) {
  const shown = children !== null && children !== undefined && children !== false && children !== '';
  return (
    <div role={regionRole} aria-live={politeness}>
      {shown && (
        <Alert role="none" severity={severity} id={id} ref={ref} tabIndex={tabIndex} action={action} sx={sx}>
          {children}
        </Alert>
      )}
    </div>
  );
}
