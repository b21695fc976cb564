// AdminTeamApi and AccountLinkApi over fetchCall against the chat host. The admin calls carry the lawyer's session
// cookie (credentials); the account-link calls are public and send the token in the body, never in a URL.
import { map, switchMap, of } from 'rxjs';
import * as t from 'io-ts';
import {
  AccountLinkCompleted,
  AccountLinkInfo,
  AuditLogPage,
  DeactivationResult,
  IssuedAccountLink,
  IssuedPasswordResetLink,
  PendingInvitation,
  TeamMember,
} from '@rechtschat/core';
import { ok, type AccountLinkApi, type AdminTeamApi, type AuditLogFilter, type Call } from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface AdminTeamApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const TeamMembers = t.array(TeamMember, 'TeamMembers');
const PendingInvitations = t.array(PendingInvitation, 'PendingInvitations');
const segment = encodeURIComponent;

function caller(options: AdminTeamApiOptions, credentials: RequestCredentials) {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    options
      .chatUrl()
      .pipe(switchMap((base) => (base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials, ...extra }, reader))));
}

/** Only the filters given, in a fixed order: an unset filter is absent, not an empty parameter. */
function filterParams(filter: AuditLogFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['action', 'actor', 'from', 'to', 'q'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params;
}

export function createAdminTeamApi(options: AdminTeamApiOptions): AdminTeamApi {
  const call = caller(options, 'include');
  const lawyer = (id: string, action: string) => `api/admin/lawyers/${segment(id)}/${action}`;
  return {
    lawyers: () => call('api/admin/lawyers', jsonReader(TeamMembers)),
    invitations: () => call('api/admin/invitations', jsonReader(PendingInvitations)),
    invite: (request) => call('api/admin/invitations', jsonReader(IssuedAccountLink), { method: 'POST', body: request }),
    withdrawInvitation: (id) => call(`api/admin/invitations/${segment(id)}`, voidReader, { method: 'DELETE' }),
    changeRole: (id, role) => call(lawyer(id, 'role'), jsonReader(TeamMember), { method: 'PUT', body: { Role: role } }),
    deactivate: (id, reassignTo) => call(lawyer(id, 'deactivate'), jsonReader(DeactivationResult), { method: 'POST', body: { ReassignTo: reassignTo } }),
    reactivate: (id) => call(lawyer(id, 'reactivate'), jsonReader(TeamMember), { method: 'POST' }),
    resetPassword: (id) => call(lawyer(id, 'password-reset'), jsonReader(IssuedPasswordResetLink), { method: 'POST' }),
    resetSecondFactor: (id) => call(lawyer(id, 'mfa-reset'), jsonReader(TeamMember), { method: 'POST' }),
    auditLog: ({ before, limit, ...filter }) => {
      const params = filterParams(filter);
      if (before !== undefined) params.set('before', before);
      if (limit !== undefined) params.set('limit', String(limit));
      const query = params.toString();
      return call(`api/admin/audit${query ? `?${query}` : ''}`, jsonReader(AuditLogPage));
    },
    auditLogCsvUrl: (filter) => {
      const query = filterParams(filter).toString();
      return options.chatUrl().pipe(map((base) => (base._tag === 'Left' ? base : ok(`${base.right}api/admin/audit.csv${query ? `?${query}` : ''}`))));
    },
  };
}

export function createAccountLinkApi(options: AdminTeamApiOptions): AccountLinkApi {
  // No session belongs to these calls: the person following the link is not signed in (and need not be).
  const call = caller(options, 'omit');
  return {
    inspect: (token) => call('api/account-link/inspect', jsonReader(AccountLinkInfo), { method: 'POST', body: { Token: token } }),
    complete: (request) => call('api/account-link/complete', jsonReader(AccountLinkCompleted), { method: 'POST', body: request }),
  };
}
