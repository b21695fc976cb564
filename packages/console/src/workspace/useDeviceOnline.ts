// Whether the browser has a network at all. The hub notices a dead network only when its server timeout runs out
// (30 s of silence), and until then a send just waits; the browser knows at once, so the console says so at once.
// Reconnecting when the network is back is the workspace's (core), not this notice's.
import { useEffect, useState } from 'react';

export function useDeviceOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const wentOffline = () => setOnline(false);
    const cameBack = () => setOnline(true);
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameBack);
    return () => {
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameBack);
    };
  }, []);
  return online;
}
