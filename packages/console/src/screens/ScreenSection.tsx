// A screen of the console: an outlined section labelled by its own h2, so screen readers list
// every screen (queue, chat, case files …) as a named region.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

export interface ScreenSectionProps {
  readonly headingId: string;
  readonly heading: ReactNode;
  readonly children?: ReactNode;
  /** When given, the heading takes the focus from script (tabIndex -1): where the keyboard continues after a change of screen. */
  readonly headingRef?: Ref<HTMLHeadingElement>;
}

export function ScreenSection({ headingId, heading, children, headingRef }: ScreenSectionProps) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" id={headingId} {...(headingRef ? { ref: headingRef, tabIndex: -1 } : {})}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}
