// Expected domain failures as values with a stable code; the HTTP and hub edges map them once.
export type DomainErrorCode =
  | 'BadRequest'
  | 'NotAuthenticated'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'OutsideServiceHours'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'Locked'
  // Case-file API codes its browser client knows (docs/api.md, "Case-file API").
  | 'InvalidInput'
  | 'ConsentRequired'
  | 'CrossSiteRequest'
  | 'QuotaExceeded'
  | 'AlreadySigned'
  | 'InvalidUpload'
  | 'NoFile'
  | 'TooManyFiles'
  | 'EmptyFile'
  | 'UnsupportedFileType'
  | 'InvalidSignature'
  | 'EmptySignature'
  | 'SignatureTooLarge'
  // Upload malware scan (SECURITY H6, platform/files/malwareScan.ts).
  | 'MalwareFound'
  | 'ScannerUnavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Eintrag') => new DomainError('NotFound', `${what} wurde nicht gefunden.`);
export const badRequest = (message: string) => new DomainError('BadRequest', message);
