// What a client may upload to the case file: checked by content; the stored name takes the
// extension of the detected type, as in the chat (`features/casefile/documents.ts` › `acceptClientUpload`).
// The same kinds as the chat: a client who sent an Excel list, an old Word file or a ZIP of scans in the chat had it
// refused in the Fallakte (outside tester). Office files and ZIPs are inspected entry by entry in both.
import type { AllowedFileKinds } from '../../platform/files/fileType.js';

export const caseFileDocumentKinds: AllowedFileKinds = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'heic', 'docx', 'xlsx', 'pptx', 'zip', 'doc'];
