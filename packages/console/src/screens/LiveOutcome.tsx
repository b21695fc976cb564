// The outcome of a form in the case file's detail, as two live regions side by side and never nested: progress and
// success politely, a refusal at once. The messages inside carry no role of their own, so nothing is announced twice.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { LiveNotice } from './LiveNotice.js';

interface LiveOutcomeProps {
  /** Shown while the request runs (null: nothing). */
  readonly progress?: ReactNode;
  /** Shown after success (null: nothing). */
  readonly success: ReactNode;
  /** The German reason of a refusal (null: none). */
  readonly failure: string | null;
}

export function LiveOutcome({ progress = null, success, failure }: LiveOutcomeProps) {
  return (
    <>
      <div role="status" aria-live="polite">
        {progress !== null && <Typography sx={{ mt: 1 }}>{progress}</Typography>}
        {success !== null && (
          <Alert severity="success" role="none" sx={{ mt: 1 }}>
            {success}
          </Alert>
        )}
      </div>
      <LiveNotice politeness="assertive" regionRole="alert" severity="error" sx={{ mt: 1 }}>
        {failure}
      </LiveNotice>
    </>
  );
}
