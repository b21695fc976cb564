/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type AccountLinkApi, type AdminTeamApi, type TeamMember } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createAccountLinkApi, createAdminTeamApi } from './adminTeamApi.adapter.js';

const member: TeamMember = {
  Id: 'law-2',
  Name: 'Bernd Roth',
  Email: 'bernd@example.org',
  Role: 'lawyer',
  Status: 'active',
  CreatedAt: '2026-11-01T09:00:00.000Z',
  LastLoginAt: null,
  DeactivatedAt: null,
  Mfa: { Totp: true, Passkeys: 0 },
  OpenWork: { Chats: 1, Callbacks: 0, CaseFiles: 2 },
  EndedCaseFiles: 1,
};

describe('AdminTeamApi adapter', () => {
  let server: TestServer;
  let api: AdminTeamApi;
  let links: AccountLinkApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createAdminTeamApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
    links = createAccountLinkApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should send the deactivation with the colleague who takes over and decode the answer', async () => {
    server.route('POST', '/api/admin/lawyers/law%2F2/deactivate', (_q, res) =>
      reply(
        res,
        200,
        JSON.stringify({
          Lawyer: { ...member, Status: 'deactivated' },
          Reassigned: { Chats: 1, Callbacks: 0, CaseFiles: 2, ForwardedChats: 0 },
          EndedSessions: 1,
        }),
      ),
    );
    const result = await firstValueFrom(api.deactivate('law/2', 'law-1'));
    expect(result._tag === 'Right' && result.right.Lawyer.Status).toBe('deactivated');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ ReassignTo: 'law-1' });
  });

  it('should withdraw an invitation by its list handle with DELETE, the handle escaped as one path segment', async () => {
    server.route('DELETE', '/api/admin/invitations/AbC_-1%2F345678901', (_q, res) => reply(res, 204, ''));
    expect(await firstValueFrom(api.withdrawInvitation('AbC_-1/345678901'))).toEqual(ok(undefined));
    expect(server.requests[0]?.method).toBe('DELETE');
  });

  it('should ask for older audit entries with before and limit in the query', async () => {
    server.route('GET', '/api/admin/audit?before=e-9&limit=20', (_q, res) => reply(res, 200, JSON.stringify({ Entries: [], NextBefore: null })));
    const result = await firstValueFrom(api.auditLog({ before: 'e-9', limit: 20 }));
    expect(result).toEqual({ _tag: 'Right', right: { Entries: [], NextBefore: null } });
  });

  it('should send the audit filters in the query, escaped, and leave out the ones not set', async () => {
    server.route('GET', '/api/admin/audit?action=lawyer.invited&from=2026-11-01&q=M%C3%BCller+%26+Co&before=e-9&limit=20', (_q, res) =>
      reply(res, 200, JSON.stringify({ Entries: [], NextBefore: null })),
    );
    const result = await firstValueFrom(api.auditLog({ action: 'lawyer.invited', actor: '', from: '2026-11-01', q: 'Müller & Co', before: 'e-9', limit: 20 }));
    expect(result).toEqual({ _tag: 'Right', right: { Entries: [], NextBefore: null } });
  });

  it('should address the CSV export with the same filters as the list, escaped, without the paging', async () => {
    const result = await firstValueFrom(api.auditLogCsvUrl({ action: 'lawyer.invited', actor: '', from: '2026-11-01', to: '2026-11-30', q: 'Müller & Co' }));
    expect(
      result._tag === 'Right' && result.right.endsWith('/api/admin/audit.csv?action=lawyer.invited&from=2026-11-01&to=2026-11-30&q=M%C3%BCller+%26+Co'),
    ).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it("should carry the server's German message of a refused change", async () => {
    server.route('PUT', '/api/admin/lawyers/law-1/role', (_q, res) =>
      reply(res, 409, JSON.stringify({ Error: 'Conflict', Message: 'Sie können sich die Administration nicht selbst entziehen.' })),
    );
    const result = await firstValueFrom(api.changeRole('law-1', 'lawyer'));
    expect(result._tag === 'Left' && result.left).toMatchObject({
      _tag: 'HttpError',
      status: 409,
      message: 'Sie können sich die Administration nicht selbst entziehen.',
    });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Role: 'lawyer' });
  });

  it('should send the link token in the body only, never in the address', async () => {
    server.route('POST', '/api/account-link/inspect', (_q, res) =>
      reply(res, 200, JSON.stringify({ Purpose: 'invitation', Email: 'neu@example.org', Name: null, Role: 'lawyer', ExpiresAt: '2026-12-01T09:00:00.000Z' })),
    );
    const result = await firstValueFrom(links.inspect('geheimes-token-0123456789'));
    expect(result._tag === 'Right' && result.right.Purpose).toBe('invitation');
    expect(server.requests[0]?.url).toBe('/api/account-link/inspect');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Token: 'geheimes-token-0123456789' });
  });
});
