import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { isOk } from '@rechtschat/core';
import type { BlobLike, Call } from '@rechtschat/core';
import { saveBlob } from './saveBlob.js';

export type DownloadStatus = 'idle' | 'running' | 'failed';

export interface BlobDownload {
  readonly status: DownloadStatus;
  /** Runs the call and saves its blob as `fileName`; ignored while a download runs. */
  download(call: () => Call<BlobLike>, fileName: string): void;
}

/**
 * Download state for one button. Keeps the object URLs it created and revokes them on unmount,
 * and cancels a running call when the component goes away.
 */
export function useBlobDownload(): BlobDownload {
  const [status, setStatus] = useState<DownloadStatus>('idle');
  const urls = useRef<string[]>([]);
  const running = useRef<Subscription | null>(null);

  useEffect(
    () => () => {
      running.current?.unsubscribe();
      urls.current.forEach((url) => URL.revokeObjectURL(url));
      urls.current = [];
    },
    [],
  );

  const download = useCallback((call: () => Call<BlobLike>, fileName: string) => {
    if (running.current && !running.current.closed) return;
    setStatus('running');
    running.current = call().subscribe((result) => {
      if (!isOk(result)) {
        setStatus('failed');
        return;
      }
      saveBlob(result.right, fileName).then(
        (url) => {
          urls.current.push(url);
          setStatus('idle');
        },
        () => setStatus('failed'),
      );
    });
  }, []);

  return { status, download };
}
