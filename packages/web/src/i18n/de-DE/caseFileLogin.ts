// German texts of the top of the case-file login (namespace `common`). They travel with the start chunk:
// the static page frame of a case-file link shows them from the first paint.
export const caseFileLoginDe = {
  /** The case file's name in the header and the document title before the login (serviceArea.ts). */
  'CaseFile.ServiceName': 'Digitale Fallakte',
  'CaseFile.Login.Title': 'Anmelden',
  'CaseFile.Login.Intro':
    'Bitte melden Sie sich mit Ihrer PIN an. Ihre PIN besteht aus den letzten vier Ziffern der Telefonnummer, die Ihre Kanzlei von Ihnen kennt. In Ihrer digitalen Fallakte sehen Sie den Stand Ihres Falls und können Unterlagen sicher an Ihre Kanzlei übermitteln.',
} as const;
