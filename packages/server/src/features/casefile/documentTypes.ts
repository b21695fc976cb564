// What a client may upload to the case file: checked by content; the stored name takes the
// extension of the detected type, as in the chat (`features/casefile/documents.ts` › `acceptClientUpload`).
import type { AllowedFileKinds } from '../../platform/files/fileType.js';

export const caseFileDocumentKinds: AllowedFileKinds = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'heic', 'docx'];
