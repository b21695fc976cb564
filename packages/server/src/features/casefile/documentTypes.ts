// What a client may upload to the case file (SECURITY H1/H2): checked by content, and the name's extension
// must match it (a mismatch is refused here, unlike the chat, which renames).
import type { AllowedFileKinds } from '../../platform/files/fileType.js';

export const caseFileDocumentKinds: AllowedFileKinds = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'heic', 'docx'];
