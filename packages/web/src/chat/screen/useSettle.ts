import { useEffect, useRef } from 'react';
import type { SettledOutcome, SubmitOutcome } from '@rechtschat/core';

/**
 * Applies a submit outcome now, or once a held phone number has been checked (the numbering plan
 * loads lazily); the input keeps its text meanwhile. A held check still pending at unmount is dropped.
 */
export function useSettle(): (outcome: SubmitOutcome, apply: (settled: SettledOutcome) => void) => void {
  const pending = useRef<{ unsubscribe(): void } | null>(null);
  useEffect(() => () => pending.current?.unsubscribe(), []);
  return (outcome, apply) => {
    if (outcome.ok !== 'held') return apply(outcome);
    pending.current?.unsubscribe();
    pending.current = outcome.settled.subscribe(apply);
  };
}
