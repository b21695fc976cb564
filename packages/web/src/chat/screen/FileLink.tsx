import { useTranslation } from 'react-i18next';
import type { ChatFileLoader } from './chatScreenServices.js';
import { useBlobDownload } from './useBlobDownload.js';

interface FileLinkProps {
  readonly fileId: string;
  readonly fileName: string;
  readonly load?: ChatFileLoader;
}

/** A shared file: a download button when a loader is available, else just its name. */
export function FileLink({ fileId, fileName, load }: FileLinkProps) {
  const { t } = useTranslation('chat');
  const { status, download } = useBlobDownload();
  if (!load) return <span>{fileName}</span>;
  return (
    <>
      <button
        type="button"
        className="chat-file"
        // aria-disabled, not disabled: the focus stays on the file in the log while it loads (a second press is ignored).
        aria-disabled={status === 'running' || undefined}
        onClick={() => download(() => load(fileId), fileName)}
        aria-label={t('Chat.Messages.Download', { fileName, interpolation: { escapeValue: false } })}
      >
        {fileName}
      </button>
      {status === 'failed' && (
        <p role="alert" className="ui-text ui-body2 ui-error-text">
          {t('Chat.Messages.DownloadFailed')}
        </p>
      )}
    </>
  );
}
