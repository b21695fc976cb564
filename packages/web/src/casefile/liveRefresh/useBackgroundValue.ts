// LoadState's half of the live refresh: while the loaded value is shown, it is read again in the background and a
// newer one replaces it in place – no spinner, the rest of the page (a form and its draft, the focus, the scroll
// position) untouched. A failed read keeps the shown value and says nothing (the offline handling stays LoadState's);
// an ended session (401/403) is shown as after a load. New firm items are announced (FirmNewsAnnouncer).
import { useRef, useState } from 'react';
import { isSessionEnded, type Call, type FirmNews, type ReadOptions, type Result } from '@rechtschat/core';
import type { CallState } from '../../app/useCallResult.js';
import { useAnnounceFirmNews } from './FirmNewsAnnouncer.js';
import { useLiveRefresh } from './useLiveRefresh.js';

/**
 * `loaded`: the state of `call` (LoadState's load); answers it, or the newer value a background read brought for the
 * same call. Without `live` nothing is read again.
 */
export function useBackgroundValue<A>(
  call: Call<A>,
  loaded: CallState<A>,
  load: (options?: ReadOptions) => Call<A>,
  live: ((before: A, after: A) => readonly FirmNews[]) | undefined,
): CallState<A> {
  const announce = useAnnounceFirmNews();
  // Tied to the call it refreshed: a retry or a new key starts from its own load again.
  const [fresh, setFresh] = useState<{ readonly call: Call<A>; readonly result: Result<A> } | null>(null);
  const state: CallState<A> = loaded.status === 'done' && fresh?.call === call ? { status: 'done', result: fresh.result } : loaded;
  const shown = useRef(state);
  shown.current = state;
  const showsValue = live !== undefined && state.status === 'done' && state.result._tag === 'Right';
  useLiveRefresh(showsValue, () =>
    load({ background: true }).subscribe((result) => {
      const current = shown.current;
      if (current.status !== 'done' || current.result._tag !== 'Right' || live === undefined) return;
      if (result._tag === 'Left') {
        // Only the end of the session is said; any other failure keeps the last data, silently.
        if (isSessionEnded(result.left)) setFresh({ call, result });
        return;
      }
      const before = current.result.right;
      if (JSON.stringify(before) === JSON.stringify(result.right)) return;
      setFresh({ call, result });
      announce(live(before, result.right));
    }),
  );
  return state;
}
