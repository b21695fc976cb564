// Fakes of the case-file ports for component tests of the digitale Fallakte: a signed-out client
// with a valid link by default; each test patches what it is about.
import { of } from 'rxjs';
import { err, ok, type CaseFileAuthApi, type CaseFileContentApi, type CaseFileLawyer, type PersonInfo } from '@rechtschat/core';

export const caseFileLawyer: CaseFileLawyer = { Name: 'Markus Hoffmann', Gender: 'male', ImageUrl: '', Email: 'mh@kanzlei.example', Phone: '+49 30 7654321' };

export const caseFileSummary = {
  CaseId: 'c1',
  CaseNumber: 'FA-2026-1',
  Title: 'Kündigung',
  FieldOfLaw: 'Arbeitsrecht',
  Status: 'Offen',
  Closed: false,
  CreatedAt: '2026-11-20T10:00:00.000Z',
};

/** The client's data as the server answers it: the phone masked, the rest as entered. */
export const personOnFile: PersonInfo = {
  FirstName: 'Erika',
  LastName: 'Muster',
  Email: 'erika@example.org',
  Phone: '+49 151 ••• 45••••',
  Street: 'Hauptstr. 1',
  PostalCode: '50667',
  City: 'Köln',
};

export function fakeCaseFileAuthApi(patch: Partial<CaseFileAuthApi> = {}): CaseFileAuthApi {
  return {
    isAuthenticated: () => of(ok(false)),
    hasConsent: () => of(ok(false)),
    getLoginInformation: () => of(ok({ PhoneNumberPart: '+49 151 ••• 45' })),
    checkToken: () => of(ok(caseFileSummary)),
    login: () => of(ok(undefined)),
    logout: () => of(ok(undefined)),
    getLawyer: () => of(ok(caseFileLawyer)),
    ...patch,
  };
}

/** A client who is signed in to the file and has agreed to its terms. */
export const signedInCaseFileAuthApi = (): CaseFileAuthApi => fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });

/** Every read answers something plausible; writes answer 501 unless the test patches them. */
export function fakeCaseFileContentApi(patch: Partial<CaseFileContentApi> = {}): CaseFileContentApi {
  const none = () => of(err({ _tag: 'HttpError' as const, status: 501, code: 'NotInTest', message: 'x' }));
  return {
    getCase: () => of(ok({ ...caseFileSummary, Description: 'Fristlose Kündigung', Opponent: null, UpdatedAt: caseFileSummary.CreatedAt })),
    getPerson: none,
    updatePerson: none,
    getHistory: () => of(ok([])),
    getDocuments: () => of(ok([])),
    uploadDocument: none,
    deleteDocument: none,
    documentUrl: (t, id) => `/api/case-file/${t}/documents/${id}`,
    powerOfAttorneyUrl: (t) => `/api/case-file/${t}/power-of-attorney`,
    sendContact: none,
    getContacts: () => of(ok([])),
    markSeen: () => of(ok(undefined)),
    getQuestionnaire: () => of(ok({ Submitted: false, Answers: {} })),
    submitQuestionnaire: none,
    signPowerOfAttorney: none,
    ...patch,
  };
}
