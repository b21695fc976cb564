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

/** Whether `key` says why a chat file was refused or not stored (before sending or by the server). */
export function isUploadErrorKey(key: string | null): boolean {
  return key === 'Chat.UploadFailed' || (Object.values(ChatUploadErrorKeys) as readonly string[]).includes(key ?? '');
}

/** The key for a refused upload: the server's reason where it gives one (413 too large, 415 type), else the general one. */
export function chatUploadFailureKey(status: number | null): string {
  if (status === 413) return ChatUploadErrorKeys.TooLarge;
  if (status === 415) return ChatUploadErrorKeys.UnsupportedType;
  return 'Chat.UploadFailed';
}
