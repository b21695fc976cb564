import { of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTeamApi } from '../ports/adminTeam.js';
import type { Call } from '../ports/call.js';
import { err, httpError, ok, type Result } from '../result.js';
import type { TeamMember } from '../wire/adminTeam.js';
import { createTeamAdmin, hasOpenWork, initialTeamState, needsColleague } from './team.js';

const member = (id: string, name: string, over: Partial<TeamMember> = {}): TeamMember => ({
  Id: id,
  Name: name,
  Email: `${id}@example.org`,
  Role: 'lawyer',
  Status: 'active',
  CreatedAt: '2026-11-01T09:00:00.000Z',
  LastLoginAt: null,
  DeactivatedAt: null,
  Mfa: { Totp: false, Passkeys: 0 },
  OpenWork: { Chats: 0, Callbacks: 0, CaseFiles: 0 },
  EndedCaseFiles: 0,
  ...over,
});
const anna = member('law-1', 'Anna');
const bernd = member('law-2', 'Bernd', { OpenWork: { Chats: 1, Callbacks: 0, CaseFiles: 0 } });
const link = { Url: 'http://web.test/konsole/zugang#t', ExpiresAt: '2026-11-25T09:00:00.000Z', Delivery: 'sent' as const };
const refused = httpError(409, 'Conflict', 'Gibt es schon.');
const expired = httpError(401, 'NotAuthenticated', 'Bitte melden Sie sich an.');

function setUp(over: Partial<AdminTeamApi> = {}) {
  const api: AdminTeamApi = {
    lawyers: vi.fn(() => of(ok([anna, bernd]))),
    invitations: vi.fn(() => of(ok([]))),
    invite: vi.fn(() => of(ok(link))),
    withdrawInvitation: vi.fn(() => of(ok(undefined))),
    changeRole: vi.fn((_id: string, role) => of(ok({ ...bernd, Role: role }))),
    deactivate: vi.fn(() => of(ok({ Lawyer: bernd, Reassigned: { Chats: 1, Callbacks: 0, CaseFiles: 0, ForwardedChats: 0 }, EndedSessions: 1 }))),
    reactivate: vi.fn(() => of(ok(bernd))),
    resetPassword: vi.fn(() => of(ok(link))),
    resetSecondFactor: vi.fn(() => of(ok(bernd))),
    auditLog: vi.fn(() => of(ok({ Entries: [], NextBefore: null }))),
    auditLogCsvUrl: vi.fn(() => of(ok('http://chat.test/api/admin/audit.csv'))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  const team = createTeamAdmin({ api, onSessionExpired });
  return { api, team, onSessionExpired };
}

describe('TeamAdmin', () => {
  it('should read the lawyers and invitations, and keep the last list when a reload is refused', () => {
    let answer: Call<readonly TeamMember[]> = of(ok([anna]));
    const { team } = setUp({ lawyers: () => answer, invitations: () => of(err(refused)) });
    expect(team.snapshot()).toEqual(initialTeamState);
    team.load();
    expect(team.snapshot()).toMatchObject({ members: [anna], invitations: [], loadError: null });
    answer = of(err(refused));
    team.load();
    expect(team.snapshot()).toMatchObject({ members: [anna], loadError: refused });
  });

  it('should end the session on a 401 instead of showing it', () => {
    const { team, onSessionExpired } = setUp({ lawyers: () => of(err(expired)), reactivate: () => of(err(expired)) });
    team.load();
    team.reactivate(bernd);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
    expect(team.snapshot()).toMatchObject({ loadError: null, actionError: null, busy: true });
    team.dispose();
  });

  it('should announce each finished action, count the notices and read the list again', () => {
    const { api, team } = setUp();
    team.load();
    team.changeRole(bernd, 'admin');
    expect(team.snapshot()).toMatchObject({ notice: { kind: 'roleChanged', name: 'Bernd', role: 'admin' }, noticed: 1, busy: false });
    team.deactivate(bernd, 'law-1');
    expect(api.deactivate).toHaveBeenCalledWith('law-2', 'law-1');
    expect(team.snapshot().notice).toEqual({
      kind: 'deactivated',
      name: 'Bernd',
      to: 'Anna',
      toId: 'law-1',
      reassigned: { Chats: 1, Callbacks: 0, CaseFiles: 0, ForwardedChats: 0 },
    });
    team.deactivate(anna, null);
    expect(team.snapshot().notice).toMatchObject({ kind: 'deactivated', name: 'Anna', to: '' });
    team.reactivate(bernd);
    expect(team.snapshot().notice).toEqual({ kind: 'reactivated', name: 'Bernd' });
    team.resetSecondFactor(bernd);
    expect(team.snapshot().notice).toEqual({ kind: 'mfaReset', name: 'Bernd' });
    team.resetPassword(bernd);
    expect(team.snapshot().notice).toEqual({ kind: 'passwordLink', email: 'law-2@example.org', expiresAt: link.ExpiresAt, delivery: 'sent' });
    expect(team.snapshot().noticed).toBe(6);
    expect(api.lawyers).toHaveBeenCalledTimes(7);
  });

  it('should show an invitation link and an unmailed reset link once before their notice', () => {
    const { api, team } = setUp({ resetPassword: () => of(ok({ ...link, Delivery: 'failed' as const })) });
    team.acknowledgeLink();
    expect(team.snapshot().noticed).toBe(0);
    team.invite(' neu@example.org ', 'admin');
    expect(api.invite).toHaveBeenCalledWith({ Email: 'neu@example.org', Role: 'admin' });
    expect(team.snapshot()).toMatchObject({ link: { link, notice: { kind: 'invited', email: 'neu@example.org', delivery: 'sent' } }, noticed: 0 });
    team.acknowledgeLink();
    expect(team.snapshot()).toMatchObject({ link: null, notice: { kind: 'invited' }, noticed: 1 });
    team.resetPassword(bernd);
    expect(team.snapshot().link?.notice).toMatchObject({ kind: 'passwordLink', delivery: 'failed' });
    team.dismissAction();
    expect(team.snapshot()).toMatchObject({ link: null, noticed: 1 });
  });

  it('should show a reset link that only lies in the server outbox (no mail relay) to the administrator, and keep a sent one from them', () => {
    const outbox = { ...link, Delivery: 'outbox' as const };
    const { team } = setUp({ resetPassword: () => of(ok(outbox)) });
    team.resetPassword(bernd);
    expect(team.snapshot()).toMatchObject({ link: { link: outbox, notice: { kind: 'passwordLink', delivery: 'outbox' } }, noticed: 0 });
    team.acknowledgeLink();
    expect(team.snapshot()).toMatchObject({ link: null, notice: { kind: 'passwordLink', delivery: 'outbox' }, noticed: 1 });
    const sent = setUp({ resetPassword: () => of(ok({ ...link, Url: null })) });
    sent.team.resetPassword(bernd);
    expect(sent.team.snapshot()).toMatchObject({ link: null, notice: { kind: 'passwordLink', delivery: 'sent' }, noticed: 1 });
  });

  it('should keep a refused action in the dialog until the next action or closing it', () => {
    const { team } = setUp({ invite: () => of(err(refused)) });
    team.invite('bernd@example.org', 'lawyer');
    expect(team.snapshot()).toMatchObject({ busy: false, actionError: refused, link: null, noticed: 0 });
    team.dismissAction();
    expect(team.snapshot().actionError).toBeNull();
    const before = team.snapshot();
    team.dismissAction();
    expect(team.snapshot()).toBe(before);
  });

  it('should say that nothing changed when the role is saved as it is, without a call', () => {
    const { api, team } = setUp();
    team.changeRole(anna, 'lawyer');
    expect(api.changeRole).not.toHaveBeenCalled();
    expect(team.snapshot()).toMatchObject({ notice: { kind: 'roleUnchanged', name: 'Anna', role: 'lawyer' }, noticed: 1, busy: false });
  });

  it('should read the open work afresh when the deactivation dialog opens, and wait with it until then', () => {
    const answer = new Subject<Result<readonly TeamMember[]>>();
    const { team } = setUp({ lawyers: vi.fn(() => answer) });
    team.prepareDeactivation(anna);
    expect(team.snapshot().deactivation).toEqual({ memberId: 'law-1', checking: true, workArrived: false });
    const busyAnna = { ...anna, OpenWork: { Chats: 1, Callbacks: 0, CaseFiles: 0 } };
    answer.next(ok([busyAnna, bernd]));
    expect(team.snapshot()).toMatchObject({ members: [busyAnna, bernd], deactivation: { memberId: 'law-1', checking: false, workArrived: false } });
    team.dismissAction();
    expect(team.snapshot().deactivation).toBeNull();
  });

  it('should end the check when the fresh list cannot be read (the list stays as it was)', () => {
    const answer = new Subject<Result<readonly TeamMember[]>>();
    const { team } = setUp({ lawyers: vi.fn(() => answer) });
    team.prepareDeactivation(anna);
    answer.next(err(refused));
    expect(team.snapshot()).toMatchObject({ loadError: refused, deactivation: { checking: false, workArrived: false } });
  });

  it('should ask for a colleague, not show the refusal, when work arrived after the dialog showed none', () => {
    // The tester's case: the list showed Anna without open work; she accepted a chat; the server refused.
    const openWork = httpError(400, 'BadRequest', 'Diese Person hat noch offene Chats, Rückrufe oder Fallakten. Bitte wählen Sie, wer sie übernimmt.');
    const busyAnna = { ...anna, OpenWork: { Chats: 1, Callbacks: 0, CaseFiles: 0 } };
    const lists = [
      [anna, bernd],
      [anna, bernd],
      [busyAnna, bernd],
    ];
    const reread = new Subject<Result<readonly TeamMember[]>>();
    const { team } = setUp({
      lawyers: vi.fn(() => (lists.length > 1 ? of(ok(lists.shift() ?? [])) : reread)),
      deactivate: vi.fn(() => of(err(openWork))),
    });
    team.load();
    team.prepareDeactivation(anna);
    team.deactivate(anna, null);
    // Busy until the list is read again: no contradicting message in between.
    expect(team.snapshot()).toMatchObject({ busy: true, actionError: null });
    reread.next(ok([busyAnna, bernd]));
    expect(team.snapshot()).toMatchObject({
      busy: false,
      actionError: null,
      members: [busyAnna, bernd],
      deactivation: { memberId: 'law-1', checking: false, workArrived: true },
    });
  });

  it('should keep the refusal of a deactivation when the list read again shows no new work', () => {
    const lastAdmin = httpError(409, 'Conflict', 'Es muss eine aktive Administratorin oder ein aktiver Administrator bleiben.');
    const { api, team } = setUp({ deactivate: vi.fn(() => of(err(lastAdmin))) });
    team.deactivate(anna, null);
    expect(team.snapshot()).toMatchObject({ busy: false, actionError: lastAdmin, deactivation: null });
    // With a colleague chosen, the server moves whatever is open: a refusal is never about new work.
    team.deactivate(bernd, 'law-1');
    expect(team.snapshot()).toMatchObject({ busy: false, actionError: lastAdmin, deactivation: null });
    expect(api.lawyers).toHaveBeenCalledTimes(2);
  });

  it('should read the list again after a refused action, since it was refused for what the list did not show', () => {
    const { api, team } = setUp({ reactivate: () => of(err(httpError(409, 'Conflict', 'Dieses Konto ist bereits aktiv.'))) });
    team.reactivate(bernd);
    expect(team.snapshot().actionError).toMatchObject({ status: 409 });
    expect(api.lawyers).toHaveBeenCalledTimes(1);
    expect(api.invitations).toHaveBeenCalledTimes(1);
  });

  it('should read the list again when the screen is shown again, but not while a read is running', () => {
    const answers: Subject<Result<readonly TeamMember[]>>[] = [];
    const { api, team } = setUp({
      lawyers: vi.fn(() => {
        const answer = new Subject<Result<readonly TeamMember[]>>();
        answers.push(answer);
        return answer;
      }),
    });
    team.load();
    team.refresh();
    expect(api.lawyers).toHaveBeenCalledTimes(1);
    answers[0]?.next(ok([anna]));
    const signedInAgain = { ...bernd, LastLoginAt: '2026-11-23T08:00:00.000Z' };
    team.refresh();
    team.refresh();
    expect(api.lawyers).toHaveBeenCalledTimes(2);
    answers[1]?.next(ok([anna, signedInAgain]));
    expect(team.snapshot().members).toEqual([anna, signedInAgain]);
    // A refused read ends too: the next return reads again.
    team.refresh();
    answers[2]?.next(err(refused));
    team.refresh();
    expect(api.lawyers).toHaveBeenCalledTimes(4);
  });

  it('should tell whether anything is open', () => {
    expect(hasOpenWork({ Chats: 0, Callbacks: 0, CaseFiles: 0 })).toBe(false);
    expect(hasOpenWork({ Chats: 0, Callbacks: 0, CaseFiles: 1 })).toBe(true);
    expect(needsColleague(anna)).toBe(false);
    expect(needsColleague(bernd)).toBe(true);
    expect(needsColleague({ ...anna, EndedCaseFiles: 1 })).toBe(true);
  });
});
