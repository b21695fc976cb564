// Checks a file picked in the chat before it is sent, so the person hears about size and type at
// once instead of after the upload; the server checks again by content (features/chat/files.ts).

/** The server's default limit for one chat file (MAX_UPLOAD_BYTES, 10 MiB). */
export const MAX_CHAT_FILE_BYTES = 10 * 1024 * 1024;

/** File name endings the chat host accepts (its chatUploadKinds); the content must match them there. */
export const ALLOWED_CHAT_FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'heif', 'doc', 'docx', 'xlsx', 'pptx', 'zip'] as const;

/** The `accept` attribute of the chat's file picker. */
export const CHAT_FILE_ACCEPT = ALLOWED_CHAT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

export const ChatUploadErrorKeys = {
  Empty: 'Chat.UploadEmpty',
  TooLarge: 'Chat.UploadTooLarge',
  UnsupportedType: 'Chat.UploadUnsupportedType',
} as const;
export type ChatUploadErrorKey = (typeof ChatUploadErrorKeys)[keyof typeof ChatUploadErrorKeys];

/** null when the file may be sent, else the i18n key of the first failed rule. Pure. */
export function checkChatUpload(file: { readonly size: number }, fileName: string): ChatUploadErrorKey | null {
  if (file.size === 0) return ChatUploadErrorKeys.Empty;
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  if (!(ALLOWED_CHAT_FILE_EXTENSIONS as readonly string[]).includes(extension)) return ChatUploadErrorKeys.UnsupportedType;
  if (file.size > MAX_CHAT_FILE_BYTES) return ChatUploadErrorKeys.TooLarge;
  return null;
}

/**
 * Why the chat host refused a file it received (docs/api.md › `POST api/chat/file/{chatId}`). Each said „Die Datei
 * konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.“ before, so a person whose photo was broken or
 * flagged sent it again and again (found from outside, 2026-12-05). A 409 stays general: it means a full chat as
 * well as one that ended meanwhile.
 */
export const ChatUploadRefusalKeys = {
  /** 400: a broken image or a body that could not be read. */
  Unreadable: 'Chat.UploadUnreadable',
  /** 422 MalwareFound. */
  Malware: 'Chat.UploadMalware',
  /** 422 ArchiveRefused: a ZIP (or Office file) with too many or too large entries, a symlink or a path out of its folder. */
  ArchiveRefused: 'Chat.UploadArchiveRefused',
  /** 429: the per-address upload limit. */
  TooMany: 'Chat.UploadTooMany',
  /** 503 ScannerUnavailable. */
  ScannerUnavailable: 'Chat.UploadScannerUnavailable',
  /**
   * 415: the content is none of the allowed kinds. The chat only sends a file whose ending is allowed (checkChatUpload),
   * so its content does not match that ending – a damaged or renamed file. „Dieser Dateityp kann im Chat nicht gesendet
   * werden. Erlaubt sind PDF, …“ puzzled a person holding a `Mietvertrag.pdf` (found from outside, 2026-12-07); the
   * digitale Fallakte says the same case as `ContentMismatch`.
   */
  ContentMismatch: 'Chat.UploadContentMismatch',
} as const;

const REFUSAL_BY_STATUS: ReadonlyMap<number, string> = new Map([
  [413, ChatUploadErrorKeys.TooLarge],
  [415, ChatUploadRefusalKeys.ContentMismatch],
  [400, ChatUploadRefusalKeys.Unreadable],
  [422, ChatUploadRefusalKeys.Malware],
  [429, ChatUploadRefusalKeys.TooMany],
  [503, ChatUploadRefusalKeys.ScannerUnavailable],
]);

/** Whether `key` says why a chat file was refused or not stored (before sending or by the server). */
export function isUploadErrorKey(key: string | null): boolean {
  const keys: readonly string[] = [...Object.values(ChatUploadErrorKeys), ...Object.values(ChatUploadRefusalKeys)];
  return key === 'Chat.UploadFailed' || keys.includes(key ?? '');
}

/** The key for a refused upload: the server's reason where it gives one (code, else status), else the general one. */
export function chatUploadFailureKey(status: number | null, code?: string): string {
  if (code === 'ArchiveRefused') return ChatUploadRefusalKeys.ArchiveRefused;
  return (status === null ? undefined : REFUSAL_BY_STATUS.get(status)) ?? 'Chat.UploadFailed';
}
