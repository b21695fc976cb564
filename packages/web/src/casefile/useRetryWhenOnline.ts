// A screen that failed to load while the phone was offline loads again as soon as the browser reports the network
// back, instead of staying on „Die Daten konnten nicht geladen werden“ until „Erneut versuchen“ is tapped.
import { useEffect, useRef } from 'react';

export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!failed) return;
    const online = () => latest.current();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [failed]);
}
