// Expected domain failures as values with a stable code and the HTTP status they answer with; the HTTP and hub
// edges map them once. The platform owns only the generic codes below; a feature (or a platform module with its
// own refusals, such as the malware scan) declares its codes beside its code with `errorCodes`.

/** Codes with the HTTP status each answers with. */
export type ErrorStatuses = Readonly<Record<string, number>>;

/** The platform's generic codes: each names an HTTP status, none belongs to a feature. */
export const platformErrorCodes = {
  BadRequest: 400,
  NotAuthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  Locked: 429,
} as const satisfies ErrorStatuses;

export type PlatformErrorCode = keyof typeof platformErrorCodes;

export const isPlatformErrorCode = (code: string): code is PlatformErrorCode => Object.hasOwn(platformErrorCodes, code);

/** Fields an HTTP error body carries besides Error and Message (e.g. `Field` of a refused form field). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  /** The HTTP status the error handler answers with. */
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails | undefined;

  /** A generic refusal: its status comes from `platformErrorCodes`. */
  constructor(code: PlatformErrorCode, message: string);
  /** A declared code with its status; build these through the function `errorCodes` returns. */
  constructor(code: string, message: string, status: number, details?: ErrorDetails);
  constructor(code: string, message: string, status?: number, details?: ErrorDetails) {
    super(message);
    this.code = code;
    this.status = status ?? platformErrorCodes[code as PlatformErrorCode];
    this.details = details;
  }
}

/** A module's declared codes and the function that builds its DomainErrors. */
export interface DeclaredErrors<C extends ErrorStatuses> {
  readonly statuses: C;
  (code: keyof C & string, message: string, details?: ErrorDetails): DomainError;
}

/**
 * Declares a module's own codes with their HTTP statuses, e.g.
 * `export const caseFileError = errorCodes({ QuotaExceeded: 409, AlreadySigned: 409 })`, then
 * `throw caseFileError('AlreadySigned', 'Die Vollmacht wurde bereits unterschrieben.')`.
 * The table is what `npm run openapi` lists (src/errorCatalog.ts collects every module's).
 */
export function errorCodes<const C extends ErrorStatuses>(statuses: C): DeclaredErrors<C> {
  const build = (code: keyof C & string, message: string, details?: ErrorDetails) => new DomainError(code, message, statuses[code] as number, details);
  return Object.assign(build, { statuses });
}

export const notFound = (what = 'Eintrag') => new DomainError('NotFound', `${what} wurde nicht gefunden.`);
export const badRequest = (message: string) => new DomainError('BadRequest', message);
