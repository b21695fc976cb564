// A file of the chat or of a case file, fetched before it is saved: a file the lawyer may not (or no longer) open –
// the client revoked forwarding, it was deleted, the session ended – gets a German message beside the link instead of
// the chat host's raw JSON replacing the console (a cross-origin link ignores `download`).
import { useState, type MouseEvent } from 'react';
import { firstValueFrom } from 'rxjs';
import { fileCall } from '@rechtschat/adapters';
import type { AppError } from '@rechtschat/core';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FetchLike } from '../ConsoleApp.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';

export interface DownloadLinkProps {
  readonly href: string;
  readonly fileName: string;
  readonly label: string;
  readonly ariaLabel?: string;
  /** The browser's fetch; injected in tests. */
  readonly fetcher?: FetchLike;
  /** Saves the fetched file; the browser's download by default. */
  readonly save?: (blob: Blob, fileName: string) => void;
}

const browserFetch: FetchLike = (input, init) => fetch(input, init);

function saveInBrowser(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it can go once the click is handled.
  requestAnimationFrame(() => URL.revokeObjectURL(url));
}

/** A refusal of what was asked (400, e.g. a period too long for one file) says in the server's German words why. */
function failureText(error: AppError): { readonly key: ConsoleTextKey } | { readonly message: string } {
  if (error._tag === 'HttpError' && error.status === 400 && error.code !== 'Http400' && error.message.trim() !== '') return { message: error.message };
  return { key: failureKey(error) };
}

function failureKey(error: AppError): ConsoleTextKey {
  if (error._tag !== 'HttpError') return 'Download.Failed';
  if (error.status === 404) return 'Download.Unavailable';
  if (error.status === 401) return 'Download.SignedOut';
  return 'Download.Failed';
}

export function DownloadLink({ href, fileName, label, ariaLabel, fetcher = browserFetch, save = saveInBrowser }: DownloadLinkProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<ReturnType<typeof failureText> | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await firstValueFrom(fileCall(fetcher, href));
    setBusy(false);
    if (result._tag === 'Left') return setError(failureText(result.left));
    save(result.right, fileName);
  };

  return (
    <>
      <Link href={href} download={fileName} onClick={(e) => void download(e)} aria-label={ariaLabel} aria-busy={busy || undefined}>
        {label}
      </Link>
      {error && (
        <Typography role="alert" variant="body2" color="error" sx={{ display: 'block' }}>
          {'key' in error ? t(error.key) : error.message}
        </Typography>
      )}
    </>
  );
}
