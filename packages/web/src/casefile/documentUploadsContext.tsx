// One DocumentUploads per signed-in case file, above its screens: an upload keeps running while the person looks at
// another screen of the file (the phone's back button, the menu, the header's „Zurück“) and the documents page shows
// its progress or its outcome again on return. Owned by the documents page, it was aborted by leaving the page – an
// 8 MB camera photo on a slow network went without a word (phone pass, second, 2026-12-07). Ends with the signed-in
// area (logout, another token).
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DocumentUploads } from '@rechtschat/core';
import { useCaseFileSession } from './CaseFileContext.js';
import { useCaseFileServices } from './caseFileServices.js';

const DocumentUploadsContext = createContext<DocumentUploads | null>(null);

export function DocumentUploadsProvider({ children }: { readonly children: ReactNode }) {
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const [uploads] = useState(() => new DocumentUploads(content, token));
  useEffect(() => () => uploads.dispose(), [uploads]);
  return <DocumentUploadsContext.Provider value={uploads}>{children}</DocumentUploadsContext.Provider>;
}

/** The signed-in file's uploads (inside DocumentUploadsProvider). */
export function useDocumentUploads(): DocumentUploads {
  const uploads = useContext(DocumentUploadsContext);
  if (!uploads) throw new Error('Nur innerhalb von <DocumentUploadsProvider> verwendbar.');
  return uploads;
}
