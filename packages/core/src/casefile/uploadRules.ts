// Checks a picked file before it is sent, so the client hears about size and type at once
// (the server checks again by content: docs/api.md "Uploads").

/** The server's limit for one case-file document (10 MiB). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** File name endings the server accepts (the chat's too); the content must match them there. */
export const ALLOWED_DOCUMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'heif', 'doc', 'docx', 'xlsx', 'pptx', 'zip'] as const;

/** The `accept` attribute of the file picker. */
export const DOCUMENT_ACCEPT = ALLOWED_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

export const UploadErrorKeys = {
  Empty: 'CaseFile.Documents.Error.Empty',
  TooLarge: 'CaseFile.Documents.Error.TooLarge',
  UnsupportedType: 'CaseFile.Documents.Error.UnsupportedType',
  /** An allowed ending (`.pdf`) over content of another kind or none: a damaged or renamed file (server code `ContentMismatch`). */
  ContentMismatch: 'CaseFile.Documents.Error.ContentMismatch',
  /** A ZIP-based file (DOCX) with too many or too large entries, a symlink or a path out of its folder (422 `ArchiveRefused`). */
  ArchiveRefused: 'CaseFile.Documents.Error.ArchiveRefused',
  /**
   * The content could not be read although its kind matched (server 400 `InvalidUpload`): a photo cut off while the
   * phone saved or synced it. Sending the same file again fails again, so the text asks for a new one.
   */
  Broken: 'CaseFile.Documents.Error.Broken',
  /** The virus scan found something (422 `MalwareFound`); the same file again would be refused again. */
  Malware: 'CaseFile.Documents.Error.Malware',
  /** The virus scan could not be asked (503 `ScannerUnavailable`): the file is fine, a later try may work. */
  ScannerUnavailable: 'CaseFile.Documents.Error.ScannerUnavailable',
  Failed: 'CaseFile.Documents.Error.Failed',
  /** The request did not reach the server or got no answer (offline, a dead spot, a timeout). */
  Offline: 'CaseFile.Documents.Error.Offline',
  /** The lawyer ended the mandate meanwhile: a closed file takes no more documents (server 409 `Conflict`). */
  Closed: 'CaseFile.Documents.Error.Closed',
  QuotaExceeded: 'CaseFile.Documents.Error.QuotaExceeded',
  /** Removing a document failed; it was opened by the firm meanwhile (409) or the request failed. */
  RemoveSeen: 'CaseFile.Documents.Error.RemoveSeen',
  RemoveFailed: 'CaseFile.Documents.Error.RemoveFailed',
} as const;
export type UploadErrorKey = (typeof UploadErrorKeys)[keyof typeof UploadErrorKeys];

/** null when the file may be sent, else the i18n key of the first failed rule. Pure. */
export function checkUpload(file: { readonly name: string; readonly size: number }): UploadErrorKey | null {
  if (file.size === 0) return UploadErrorKeys.Empty;
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(ALLOWED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return UploadErrorKeys.UnsupportedType;
  if (file.size > MAX_DOCUMENT_BYTES) return UploadErrorKeys.TooLarge;
  return null;
}
