// Whether the browser has a network at all. The hub notices a dead network only when its server timeout runs out
// (30 s of silence), and until then a send just waits; the browser knows at once, so the console says so at once.
import { useEffect, useRef, useState } from 'react';

/** `onBack` runs when the network returns, so the console reconnects without waiting for its next timed attempt. */
export function useDeviceOnline(onBack: () => void): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });
  useEffect(() => {
    const wentOffline = () => setOnline(false);
    const cameBack = () => {
      setOnline(true);
      back.current();
    };
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameBack);
    return () => {
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameBack);
    };
  }, []);
  return online;
}
