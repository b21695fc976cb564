// Loading, failure and retry of one content call, the same on every case-file screen. With `live`, the shown data is
// read again in the background (liveRefresh/useBackgroundValue) and replaced without a spinner.
import { useState, type ReactNode } from 'react';
import type { Call, FirmNews, ReadOptions } from '@rechtschat/core';
import { useTranslation } from 'react-i18next';
import { isSessionEnded } from '@rechtschat/core';
import { useCallResult } from '../app/useCallResult.js';
import { PageLoading } from '../layout/PageLoading.js';
import { Alert, Button } from '../ui/index.js';
import { SessionEndedAlert } from './SessionEnded.js';
import { useBackgroundValue } from './liveRefresh/useBackgroundValue.js';
import { useRetryWhenOnline } from './useRetryWhenOnline.js';

/**
 * Runs `load()` once (again on retry) and renders `children` with its value. `live`: the screen shows what the firm
 * adds – the value is read again in the background (`load({ background: true })`) and `live(before, after)` names
 * what came new for the polite announcement.
 */
export function LoadState<A>({
  load,
  token,
  live,
  children,
}: {
  readonly load: (options?: ReadOptions) => Call<A>;
  readonly token: string;
  readonly live?: (before: A, after: A) => readonly FirmNews[];
  readonly children: (value: A) => ReactNode;
}) {
  const [call, setCall] = useState(() => load());
  const loaded = useCallResult(call);
  const state = useBackgroundValue(call, loaded, load, live);
  const { t } = useTranslation('common');
  const failed = state.status !== 'loading' && state.result._tag === 'Left' && !isSessionEnded(state.result.left);
  useRetryWhenOnline(failed, () => setCall(load()));
  if (state.status === 'loading') return <PageLoading />;
  if (state.result._tag === 'Right') return <>{children(state.result.right)}</>;
  const error = state.result.left;
  // 401/403: the session ended (30 min idle) or belongs to another file: the way on is the login.
  if (isSessionEnded(error)) return <SessionEndedAlert token={token} takeFocus={false} />;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" onClick={() => setCall(load())}>
          {t('CaseFile.Load.Retry')}
        </Button>
      }
    >
      {t('CaseFile.Load.Failed')}
    </Alert>
  );
}
