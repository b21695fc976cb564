// In-memory fakes of the case-file ports for use-case tests.
import { of } from 'rxjs';
import type { AppError, Result } from '../result.js';
import { err, ok } from '../result.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { Call } from '../ports/call.js';
import type { KeyValueStorage, Logger, Navigator } from '../ports/platform.js';
import type { CaseFileLawyer, CaseSummary, LoginInformation, LoginPayload } from '../wire/index.js';

export const summary: CaseSummary = {
  CaseId: 'case-1',
  CaseNumber: 'RC-2026-0001',
  Title: 'Mietminderung',
  FieldOfLaw: 'Mietrecht',
  Status: 'Offen',
  Closed: false,
  CreatedAt: '2026-11-20T10:00:00Z',
};

const reply = <A>(result: Result<A>): Call<A> => of(result);

export class FakeCaseFileAuthApi implements CaseFileAuthApi {
  authenticated = false;
  consent = false;
  tokenValid = true;
  loginFailure: AppError | null = null;
  logoutFailure: AppError | null = null;
  readonly calls: string[] = [];
  readonly logins: LoginPayload[] = [];

  isAuthenticated(token?: string): Call<boolean> {
    this.calls.push(`isAuthenticated:${token ?? ''}`);
    return reply(ok(this.authenticated));
  }
  hasConsent(token: string): Call<boolean> {
    this.calls.push(`hasConsent:${token}`);
    return reply(ok(this.consent));
  }
  getLoginInformation(token: string): Call<LoginInformation> {
    this.calls.push(`getLoginInformation:${token}`);
    return reply(ok({ PhoneNumberPart: '0171 23**' }));
  }
  checkToken(token: string): Call<CaseSummary> {
    this.calls.push(`checkToken:${token}`);
    return reply(this.tokenValid ? ok(summary) : err({ _tag: 'HttpError', status: 404, code: 'NotFound', message: 'Fallakte nicht gefunden' }));
  }
  login(payload: LoginPayload): Call<void> {
    this.calls.push('login');
    this.logins.push(payload);
    if (this.loginFailure) return reply(err(this.loginFailure));
    this.authenticated = true;
    return reply(ok(undefined));
  }
  logout(): Call<void> {
    this.calls.push('logout');
    this.authenticated = false;
    return reply(this.logoutFailure ? err(this.logoutFailure) : ok(undefined));
  }
  getLawyer(token: string): Call<CaseFileLawyer> {
    this.calls.push(`getLawyer:${token}`);
    return reply(ok({ Name: 'Dr. Anna Berger', Gender: 'female', ImageUrl: '/img/anna.png', Email: 'anna@example.de', Phone: '+49 30 1234' }));
  }
}

export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  set(key: string, value: string): void {
    this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
}

export class RecordingNavigator implements Navigator {
  readonly visits: { path: string; options?: { replace?: boolean; state?: unknown } }[] = [];
  navigate(path: string, options?: { replace?: boolean; state?: unknown }): void {
    this.visits.push(options ? { path, options } : { path });
  }
  get lastPath(): string | undefined {
    return this.visits.at(-1)?.path;
  }
}

export class RecordingLogger implements Logger {
  readonly entries: { level: string; message: string }[] = [];
  info(message: string): void {
    this.entries.push({ level: 'info', message });
  }
  warn(message: string): void {
    this.entries.push({ level: 'warn', message });
  }
  error(message: string): void {
    this.entries.push({ level: 'error', message });
  }
}
