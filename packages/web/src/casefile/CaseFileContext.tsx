// What every screen behind the login shares: the token of the file and its assigned lawyer (loaded before the shell shows).
import { createContext, useContext } from 'react';
import type { CaseFileLawyer } from '@rechtschat/core';

export interface CaseFileSession {
  readonly token: string;
  /** null when the lawyer could not be loaded; the menu then says 'Kontakt'. */
  readonly lawyer: CaseFileLawyer | null;
}

export const CaseFileSessionContext = createContext<CaseFileSession | null>(null);

export function useCaseFileSession(): CaseFileSession {
  const session = useContext(CaseFileSessionContext);
  if (!session) throw new Error('CaseFileSessionContext fehlt: Seite außerhalb der angemeldeten Fallakte.');
  return session;
}
