// The documents screen's half of the live refresh: its list and whether the file is closed live in core's
// DocumentUploads, whose refresh() reads both in the background (no spinner, silent on failure); what the firm shared
// meanwhile and a mandate it ended are announced.
import type { DocumentUploads } from '@rechtschat/core';
import { useAnnounceFirmNews } from './FirmNewsAnnouncer.js';
import { useLiveRefresh } from './useLiveRefresh.js';

/** `showsList`: the list is loaded and shown (not loading, not failed). */
export function useLiveDocumentList(uploads: DocumentUploads, showsList: boolean): void {
  const announce = useAnnounceFirmNews();
  useLiveRefresh(showsList, () => uploads.refresh(announce));
}
