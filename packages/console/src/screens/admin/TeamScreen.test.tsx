// @vitest-environment jsdom
// Team administration (admin only): the table with role, status, last login (Europe/Berlin) and second factor; every
// action in a dialog that calls the port once and announces what happened.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { of, Subject } from 'rxjs';
import { err, httpError, ok, type AdminTeamApi, type IssuedAccountLink, type LawyerProfile, type Result, type TeamMember } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { TeamScreen } from './TeamScreen.js';
import { findAssertiveText, nestedLiveRegions } from '../../testSupport/liveRegions.js';

afterEach(cleanup);

const member = (over: Partial<TeamMember>): TeamMember => ({
  Id: 'law-x',
  Name: 'X',
  Email: 'x@example.org',
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

const anna = member({
  Id: 'law-1',
  Name: 'Dr. Anna Berger',
  Email: 'anna@example.org',
  Role: 'admin',
  LastLoginAt: '2026-11-22T08:05:00.000Z',
  Mfa: { Totp: true, Passkeys: 1 },
});
const bernd = member({
  Id: 'law-2',
  Name: 'Bernd Roth',
  Email: 'bernd@example.org',
  Mfa: { Totp: true, Passkeys: 0 },
  OpenWork: { Chats: 1, Callbacks: 2, CaseFiles: 3 },
});
const clara = member({ Id: 'law-3', Name: 'Clara Vogt', Email: 'clara@example.org' });
const dora = member({ Id: 'law-4', Name: 'Dora Alt', Email: 'dora@example.org', Status: 'deactivated', DeactivatedAt: '2026-11-20T10:00:00.000Z' });

const me: LawyerProfile = { Id: 'law-1', Name: 'Dr. Anna Berger', Email: 'anna@example.org', Gender: 'female', ImageUrl: '', Role: 'admin', Phone: '' };
const link = { Url: 'http://web.test/konsole/zugang#einmal-token-0123456789abcdef', ExpiresAt: '2026-11-25T09:00:00.000Z', Delivery: 'sent' as const };

function setUp(over: Partial<AdminTeamApi> = {}) {
  const api: AdminTeamApi = {
    lawyers: vi.fn(() => of(ok([anna, bernd, clara, dora]))),
    invitations: vi.fn(() => of(ok([]))),
    invite: vi.fn(() => of(ok(link))),
    withdrawInvitation: vi.fn(() => of(ok(undefined))),
    changeRole: vi.fn((_id: string, role) => of(ok({ ...clara, Role: role }))),
    deactivate: vi.fn(() =>
      of(
        ok({ Lawyer: { ...bernd, Status: 'deactivated' as const }, Reassigned: { Chats: 1, Callbacks: 2, CaseFiles: 3, ForwardedChats: 0 }, EndedSessions: 2 }),
      ),
    ),
    reactivate: vi.fn(() => of(ok({ ...dora, Status: 'active' as const }))),
    resetPassword: vi.fn(() => of(ok(link))),
    resetSecondFactor: vi.fn(() => of(ok({ ...bernd, Mfa: { Totp: false, Passkeys: 0 } }))),
    auditLog: vi.fn(() => of(ok({ Entries: [], NextBefore: null }))),
    auditLogCsvUrl: vi.fn(() => of(ok('http://chat.test/api/admin/audit.csv'))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <TeamScreen me={me} ports={{ adminTeam: api }} onSessionExpired={onSessionExpired} />
    </I18nextProvider>,
  );
  return { api, onSessionExpired };
}

async function openAction(name: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Aktionen für ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
  return screen.findByRole('dialog');
}

describe('TeamScreen', () => {
  it('should list every lawyer with role, status, last login in Berlin time and the second factor', async () => {
    setUp();
    const table = await screen.findByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // 08:05 UTC in November: 09:05 in Berlin.
      ['anna@example.org', 'Administration', 'aktiv', '22.11.2026, 09:05', 'Authenticator-App, 1 Passkey', 'Aktionen'],
      ['bernd@example.org', 'Anwältin/Anwalt', 'aktiv', 'noch nie', 'Authenticator-App', 'Aktionen'],
      ['clara@example.org', 'Anwältin/Anwalt', 'aktiv', 'noch nie', 'nicht eingerichtet', 'Aktionen'],
      ['dora@example.org', 'Anwältin/Anwalt', 'deaktiviert', 'noch nie', 'nicht eingerichtet', 'Aktionen'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('Dr. Anna Berger (Sie)');
  });

  it('should narrow a firm of many to the people whose name, address, role or status match, and say how many', async () => {
    const many = [
      anna,
      bernd,
      clara,
      dora,
      ...['Jonas Älbers', 'Ida Krüger', 'Noah Schröder', 'Greta Schmitt', 'Tim Weiß'].map((name, index) =>
        member({ Id: `law-m${index}`, Name: name, Email: `m${index}@example.org` }),
      ),
    ];
    setUp({ lawyers: vi.fn(() => of(ok(many))) });
    const table = await screen.findByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('rowheader').textContent?.trim());
    expect(names()).toHaveLength(9);
    const search = within(screen.getByRole('search', { name: 'Team durchsuchen' })).getByRole('searchbox', { name: 'Team durchsuchen' });
    expect(screen.getByText('9 Personen im Team.').getAttribute('role')).toBe('status');
    // Accents, ß and case do not count: „albers“ finds Älbers, „weiss“ Weiß, „KRUGER“ Krüger.
    fireEvent.change(search, { target: { value: 'albers' } });
    expect(names()).toEqual(['Jonas Älbers']);
    expect(screen.getByText('1 von 9 Personen passt zu „albers“.').getAttribute('aria-live')).toBe('polite');
    fireEvent.change(search, { target: { value: 'weiss' } });
    expect(names()).toEqual(['Tim Weiß']);
    fireEvent.change(search, { target: { value: 'KRUGER' } });
    expect(names()).toEqual(['Ida Krüger']);
    // By address, by status and by role as the table shows them.
    fireEvent.change(search, { target: { value: 'clara@' } });
    expect(names()).toEqual(['Clara Vogt']);
    fireEvent.change(search, { target: { value: 'deaktiviert' } });
    expect(names()).toEqual(['Dora Alt']);
    fireEvent.change(search, { target: { value: 'Administration' } });
    expect(names()).toEqual(['Dr. Anna Berger (Sie)']);
    fireEvent.change(search, { target: { value: 'Schm' } });
    expect(names()).toEqual(['Greta Schmitt']);
    fireEvent.change(search, { target: { value: 'niemand' } });
    expect(names()).toEqual([]);
    screen.getByText('Niemand im Team passt zu „niemand“.');
    fireEvent.change(search, { target: { value: '' } });
    expect(names()).toHaveLength(9);
  });

  it('should sort by a heading’s button – last login (never as the oldest), family name, status – either way, also the search’s hits, and say so', async () => {
    // The server's order: active people by family name, then the deactivated ones.
    const people = [
      member({ Id: 'law-5', Name: 'Dr. Jonas Älbers', Email: 'jonas@example.org', LastLoginAt: '2026-12-01T09:00:00.000Z' }),
      { ...anna },
      member({ Id: 'law-6', Name: 'Ida Krüger', Email: 'ida@example.org', Role: 'admin', LastLoginAt: '2026-09-15T09:00:00.000Z' }),
      bernd,
      { ...clara, LastLoginAt: '2026-06-01T09:00:00.000Z' },
      { ...dora, LastLoginAt: '2026-03-01T09:00:00.000Z' },
    ];
    setUp({ lawyers: vi.fn(() => of(ok(people))) });
    const table = await screen.findByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('rowheader').textContent?.replace(' (Sie)', '').trim());
    const heading = (name: string) => within(table).getByRole('columnheader', { name });
    const sortBy = (name: string) => fireEvent.click(within(heading(name)).getByRole('button', { name }));
    const sortedHeadings = () =>
      within(table)
        .getAllByRole('columnheader')
        .filter((th) => th.hasAttribute('aria-sort'));
    const region = () => document.getElementById('team-sort-notice') as HTMLElement;
    const announced = () => region().textContent;
    // Until a heading is pressed, the server's order stands and no column claims to be sorted.
    expect(names()).toEqual(['Dr. Jonas Älbers', 'Dr. Anna Berger', 'Ida Krüger', 'Bernd Roth', 'Clara Vogt', 'Dora Alt']);
    expect(sortedHeadings()).toEqual([]);
    expect(announced()).toBe('');
    expect(['Name', 'Rolle', 'Status', 'Letzte Anmeldung'].map((name) => within(heading(name)).getByRole('button').tagName)).toEqual(Array(4).fill('BUTTON'));

    sortBy('Letzte Anmeldung');
    expect(names()).toEqual(['Bernd Roth', 'Dora Alt', 'Clara Vogt', 'Ida Krüger', 'Dr. Anna Berger', 'Dr. Jonas Älbers']);
    expect(sortedHeadings()).toEqual([heading('Letzte Anmeldung')]);
    expect(heading('Letzte Anmeldung').getAttribute('aria-sort')).toBe('ascending');
    expect(announced()).toBe('Nach letzter Anmeldung sortiert, die älteste zuerst; wer sich noch nie angemeldet hat, steht oben.');
    expect(region().getAttribute('aria-live')).toBe('polite');
    sortBy('Letzte Anmeldung');
    expect(names()).toEqual(['Dr. Jonas Älbers', 'Dr. Anna Berger', 'Ida Krüger', 'Clara Vogt', 'Dora Alt', 'Bernd Roth']);
    expect(heading('Letzte Anmeldung').getAttribute('aria-sort')).toBe('descending');
    expect(announced()).toBe('Nach letzter Anmeldung sortiert, die neueste zuerst.');

    // Family name first, titles left out, Ä with A.
    sortBy('Name');
    expect(names()).toEqual(['Dr. Jonas Älbers', 'Dora Alt', 'Dr. Anna Berger', 'Ida Krüger', 'Bernd Roth', 'Clara Vogt']);
    expect(sortedHeadings()).toEqual([heading('Name')]);
    expect(heading('Name').getAttribute('aria-sort')).toBe('ascending');
    sortBy('Name');
    expect(names()).toEqual(['Clara Vogt', 'Bernd Roth', 'Ida Krüger', 'Dr. Anna Berger', 'Dora Alt', 'Dr. Jonas Älbers']);
    expect(announced()).toBe('Nach Familienname sortiert, von Z bis A.');

    // The search narrows the sorted table and keeps its order.
    const search = screen.getByRole('searchbox', { name: 'Team durchsuchen' });
    fireEvent.change(search, { target: { value: 'Administration' } });
    expect(names()).toEqual(['Ida Krüger', 'Dr. Anna Berger']);
    fireEvent.change(search, { target: { value: '' } });

    // Equal ones keep the server's order either way round.
    sortBy('Status');
    expect(names()).toEqual(['Dr. Jonas Älbers', 'Dr. Anna Berger', 'Ida Krüger', 'Bernd Roth', 'Clara Vogt', 'Dora Alt']);
    sortBy('Status');
    expect(names()).toEqual(['Dora Alt', 'Dr. Jonas Älbers', 'Dr. Anna Berger', 'Ida Krüger', 'Bernd Roth', 'Clara Vogt']);
    expect(announced()).toBe('Nach Status sortiert, deaktivierte zuerst.');
  });

  /** The Team table of `people` and how to press its headings' buttons and read its order. */
  async function sortableTable(people: readonly TeamMember[]) {
    setUp({ lawyers: vi.fn(() => of(ok(people))) });
    const table = await screen.findByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' });
    const heading = (name: string) => within(table).getByRole('columnheader', { name });
    return {
      heading,
      sortBy: (name: string) => fireEvent.click(within(heading(name)).getByRole('button', { name })),
      emails: () =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
      sortedHeadings: () =>
        within(table)
          .getAllByRole('columnheader')
          .filter((th) => th.hasAttribute('aria-sort')),
      announced: () => document.getElementById('team-sort-notice')?.textContent,
    };
  }

  it('should hold a sorting button in every heading of comparable data, the actions’ only excepted', async () => {
    const { heading } = await sortableTable([anna, bernd, clara, dora]);
    expect(
      ['Name', 'E-Mail-Adresse', 'Rolle', 'Status', 'Letzte Anmeldung', 'Zweiter Faktor'].map(
        (name) => within(heading(name)).getByRole('button', { name }).tagName,
      ),
    ).toEqual(Array(6).fill('BUTTON'));
    expect(within(heading('Aktionen')).queryByRole('button')).toBeNull();
  });

  it('should sort by e-mail address in German order, upper and lower case and umlauts alike, either way, and say so', async () => {
    const people = [
      member({ Id: 'law-e1', Name: 'Eva Zorn', Email: 'zorn@example.org' }),
      member({ Id: 'law-e2', Name: 'Ute Öz', Email: 'Özil@example.org' }),
      member({ Id: 'law-e3', Name: 'Max Berg', Email: 'MAX@example.org' }),
      member({ Id: 'law-e4', Name: 'Ina Abel', Email: 'abel@example.org' }),
      member({ Id: 'law-e5', Name: 'Olaf Pohl', Email: 'olaf@example.org' }),
    ];
    const { heading, sortBy, emails, sortedHeadings, announced } = await sortableTable(people);
    sortBy('E-Mail-Adresse');
    // Code-point order would put „MAX“ and „Özil“ apart from „max“ and „oz“: upper case before a, Ö after z.
    expect(emails()).toEqual(['abel@example.org', 'MAX@example.org', 'olaf@example.org', 'Özil@example.org', 'zorn@example.org']);
    expect(sortedHeadings()).toEqual([heading('E-Mail-Adresse')]);
    expect(heading('E-Mail-Adresse').getAttribute('aria-sort')).toBe('ascending');
    expect(announced()).toBe('Nach E-Mail-Adresse sortiert, von A bis Z.');
    sortBy('E-Mail-Adresse');
    expect(emails()).toEqual(['zorn@example.org', 'Özil@example.org', 'olaf@example.org', 'MAX@example.org', 'abel@example.org']);
    expect(heading('E-Mail-Adresse').getAttribute('aria-sort')).toBe('descending');
    expect(announced()).toBe('Nach E-Mail-Adresse sortiert, von Z bis A.');
  });

  it('should sort by second factor – none first, then by how many are set up – either way, equal ones in the server’s order, and say so', async () => {
    const people = [
      member({ Id: 'law-f1', Email: 'app-und-zwei@example.org', Mfa: { Totp: true, Passkeys: 2 } }),
      member({ Id: 'law-f2', Email: 'keiner@example.org', Mfa: { Totp: false, Passkeys: 0 } }),
      member({ Id: 'law-f3', Email: 'app@example.org', Mfa: { Totp: true, Passkeys: 0 } }),
      member({ Id: 'law-f4', Email: 'auch-keiner@example.org', Mfa: { Totp: false, Passkeys: 0 } }),
      member({ Id: 'law-f5', Email: 'ein-passkey@example.org', Mfa: { Totp: false, Passkeys: 1 } }),
      member({ Id: 'law-f6', Email: 'zwei-passkeys@example.org', Mfa: { Totp: false, Passkeys: 2 } }),
    ];
    const { heading, sortBy, emails, sortedHeadings, announced } = await sortableTable(people);
    sortBy('Zweiter Faktor');
    expect(emails()).toEqual([
      'keiner@example.org',
      'auch-keiner@example.org',
      'app@example.org',
      'ein-passkey@example.org',
      'zwei-passkeys@example.org',
      'app-und-zwei@example.org',
    ]);
    expect(sortedHeadings()).toEqual([heading('Zweiter Faktor')]);
    expect(heading('Zweiter Faktor').getAttribute('aria-sort')).toBe('ascending');
    expect(announced()).toBe('Nach zweitem Faktor sortiert, Personen ohne zweiten Faktor zuerst.');
    sortBy('Zweiter Faktor');
    expect(emails()).toEqual([
      'app-und-zwei@example.org',
      'zwei-passkeys@example.org',
      'app@example.org',
      'ein-passkey@example.org',
      'keiner@example.org',
      'auch-keiner@example.org',
    ]);
    expect(heading('Zweiter Faktor').getAttribute('aria-sort')).toBe('descending');
    expect(announced()).toBe('Nach zweitem Faktor sortiert, Personen mit den meisten Faktoren zuerst.');
  });

  it('should return to the server’s order on a third press of the sorted heading, claim no sorted column, and say so politely', async () => {
    const { heading, sortBy, emails, sortedHeadings, announced } = await sortableTable([anna, bernd, clara, dora]);
    const serverOrder = ['anna@example.org', 'bernd@example.org', 'clara@example.org', 'dora@example.org'];
    sortBy('Name');
    expect(emails()).toEqual(['dora@example.org', 'anna@example.org', 'bernd@example.org', 'clara@example.org']);
    sortBy('Name');
    expect(heading('Name').getAttribute('aria-sort')).toBe('descending');
    sortBy('Name');
    expect(emails()).toEqual(serverOrder);
    expect(sortedHeadings()).toEqual([]);
    expect(announced()).toBe('Wieder in der ursprünglichen Reihenfolge: aktive Personen zuerst, dann nach Familienname.');
    expect(document.getElementById('team-sort-notice')?.getAttribute('aria-live')).toBe('polite');
    // The keyboard stays on the heading's button, and the next press starts over, ascending.
    const button = within(heading('Name')).getByRole('button', { name: 'Name' });
    button.focus();
    sortBy('Name');
    expect(document.activeElement).toBe(button);
    expect(heading('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(announced()).toBe('Nach Familienname sortiert, von A bis Z.');
    // Another column in between starts that column ascending; its third press, too, ends in the server's order.
    sortBy('Status');
    expect(heading('Status').getAttribute('aria-sort')).toBe('ascending');
    sortBy('Status');
    sortBy('Status');
    expect(emails()).toEqual(serverOrder);
    expect(sortedHeadings()).toEqual([]);
  });

  it('should offer no search to a firm of a few, whose table fits at a glance', async () => {
    setUp();
    await screen.findByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('should invite by e-mail and role and show the single-use link once', async () => {
    const { api } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    // The second factor at the first login only where the firm requires it (LAWYER_MFA=required); the console does not know.
    expect(dialog.textContent).not.toContain('den zweiten Faktor richtet sie bei der ersten Anmeldung ein');
    expect(dialog.textContent).toContain('Verlangt Ihre Kanzlei die Zwei-Faktor-Anmeldung, richtet sie diese bei der ersten Anmeldung ein');
    within(dialog).getByRole('button', { name: 'Einladen' }).focus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await within(dialog).findByText('Bitte geben Sie die E-Mail-Adresse ein.')).toBeTruthy();
    expect(api.invite).not.toHaveBeenCalled();
    // The field is marked, names the message (WCAG 3.3.1) and has the focus back.
    const field = within(dialog).getByLabelText(/E-Mail-Adresse/);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Bitte geben Sie die E-Mail-Adresse ein.');
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: ' neu@example.org ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Administration' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await within(dialog).findByText('Die Einladung an neu@example.org ist verschickt.')).toBeTruthy();
    expect(api.invite).toHaveBeenCalledWith({ Email: 'neu@example.org', Role: 'admin' });
    expect((within(dialog).getByLabelText('Einladungslink') as HTMLInputElement).value).toBe(link.Url);
    expect(within(dialog).getByText(/nur jetzt angezeigt\. Er gilt bis 25\.11\.2026, 10:00/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Die Einladung an neu@example.org ist verschickt.')).toBeTruthy();
  });

  it('should read a refused invitation out once: its message is no live region inside the dialog’s assertive one', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await findAssertiveText(dialog)).toBe('Bitte geben Sie die E-Mail-Adresse ein.');
    expect(nestedLiveRegions(dialog)).toEqual([]);
  });

  it('should say before sending that a new invitation to an address with an open one replaces it', async () => {
    const open = {
      Id: 'inv-1',
      Email: 'Neu@Example.org',
      Role: 'lawyer' as const,
      CreatedAt: '2026-11-22T08:30:00.000Z',
      ExpiresAt: '2026-11-25T08:30:00.000Z',
      Expired: false,
    };
    setUp({ invitations: vi.fn(() => of(ok([open]))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: 'andere@example.org' } });
    expect(within(dialog).queryByText(/der Link der früheren Einladung gilt dann nicht mehr/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: ' neu@example.org' } });
    expect(
      within(dialog).getByText(
        'An Neu@Example.org ist seit 22.11.2026, 09:30 eine Einladung offen. Mit „Einladen“ verschicken Sie eine neue; der Link der früheren Einladung gilt dann nicht mehr.',
      ),
    ).toBeTruthy();
  });

  it('should say that an invitation was not sent when the server has no mail relay, and offer its link to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setUp({ invite: vi.fn(() => of(ok({ ...link, Delivery: 'outbox' as const }))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: 'neu@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(
      await within(dialog).findByText(
        'Die Einladung an neu@example.org wurde nicht verschickt, weil kein Mailserver eingerichtet ist. Sie liegt im Postausgang-Ordner des Servers; geben Sie den Link bitte selbst weiter:',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/ist verschickt/)).toBeNull();
    expect((within(dialog).getByLabelText('Einladungslink') as HTMLInputElement).value).toBe(link.Url);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link kopieren' }));
    expect(writeText).toHaveBeenCalledWith(link.Url);
    // The copy is announced in a status region, like every copy button of the console.
    const copied = await within(dialog).findByText('Der Link ist kopiert.');
    expect(copied.closest('[role="status"]')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(
        'Die Einladung an neu@example.org wurde nicht verschickt, weil kein Mailserver eingerichtet ist; sie liegt nur im Postausgang-Ordner des Servers.',
      ),
    ).toBeTruthy();
  });

  it('should mark the address the server refused as no address and name its message', async () => {
    setUp({ invite: vi.fn(() => of(err(httpError(400, 'BadRequest', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.')))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(/E-Mail-Adresse/);
    fireEvent.change(field, { target: { value: 'kein-at-zeichen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await within(dialog).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it("should show the server's German refusal of an invitation in the dialog", async () => {
    setUp({ invite: vi.fn(() => of(err(httpError(409, 'Conflict', 'Für diese E-Mail-Adresse gibt es bereits ein Konto.')))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: 'bernd@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await within(dialog).findByText('Für diese E-Mail-Adresse gibt es bereits ein Konto.')).toBeTruthy();
  });

  it('should give the keyboard focus back to „Einladen“ when the server refused, not leave it on the dialog’s container', async () => {
    const answer = new Subject<Result<IssuedAccountLink>>();
    setUp({ invite: vi.fn(() => answer) });
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: 'bernd@example.org' } });
    const submit = within(dialog).getByRole('button', { name: 'Einladen' });
    submit.focus();
    fireEvent.click(submit);
    expect(submit.hasAttribute('disabled')).toBe(true);
    // What the browser does with a focused button that is disabled: the dialog's focus trap catches it on its container.
    (dialog.parentElement as HTMLElement).focus();
    act(() => answer.next(err(httpError(409, 'Conflict', 'Für diese E-Mail-Adresse gibt es bereits ein Konto.'))));
    expect(await within(dialog).findByText('Für diese E-Mail-Adresse gibt es bereits ein Konto.')).toBeTruthy();
    expect(document.activeElement).toBe(submit);
  });

  it('should deactivate only after choosing the colleague who takes over, showing what is open', async () => {
    const { api } = setUp();
    const dialog = await openAction('Bernd Roth', 'Deaktivieren');
    expect(within(dialog).getByText('Offen bei Bernd Roth: 1 Chat, 2 Rückrufe und 3 Fallakten.')).toBeTruthy();
    // As with a keyboard: the focus on the button, then the submit without a choice.
    within(dialog).getByRole('button', { name: 'Deaktivieren' }).focus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(await within(dialog).findByText('Bitte wählen Sie, wer die offenen Vorgänge übernimmt.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ }));
    expect(api.deactivate).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // Only active colleagues, never the lawyer themselves or a deactivated one – each with when they last signed in, so
    // the work (the client is told at once who took over) does not go to someone who never looks.
    expect(options.map((option) => option.textContent)).toEqual([
      'Dr. Anna Berger – zuletzt angemeldet am 22.11.2026, 09:05',
      'Clara Vogt – noch nie angemeldet',
    ]);
    fireEvent.click(options[1] as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(await screen.findByText('Bernd Roth ist deaktiviert. Clara Vogt hat 1 laufenden Chat, 2 Rückrufe und 3 Fallakten übernommen.')).toBeTruthy();
    expect(api.deactivate).toHaveBeenCalledWith('law-2', 'law-3');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The screen's first read, the dialog's fresh one, and the one after the deactivation.
    expect(api.lawyers).toHaveBeenCalledTimes(3);
  });

  it('should read the open work afresh when the dialog opens, not trust the list read minutes before', async () => {
    // Clara accepted a chat after the screen was read: the dialog shows it and asks who takes it over.
    const claraNow = { ...clara, OpenWork: { Chats: 1, Callbacks: 0, CaseFiles: 0 } };
    const lists = [
      [anna, bernd, clara, dora],
      [anna, bernd, claraNow, dora],
    ];
    const answer = new Subject<Result<readonly TeamMember[]>>();
    const { api } = setUp({ lawyers: vi.fn(() => (lists.length > 1 ? of(ok(lists.shift() ?? [])) : answer)) });
    const dialog = await openAction('Clara Vogt', 'Deaktivieren');
    // While the work is read, „Deaktivieren“ waits; „Abbrechen“ does not.
    expect(within(dialog).getByRole('status').textContent).toBe('Die offenen Vorgänge von Clara Vogt werden geprüft …');
    expect(within(dialog).getByRole('button', { name: 'Deaktivieren' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' }).hasAttribute('disabled')).toBe(false);
    expect(within(dialog).queryByText(/keine offenen Chats/)).toBeNull();
    act(() => answer.next(ok(lists[0] ?? [])));
    expect(within(dialog).getByText('Offen bei Clara Vogt: 1 Chat.')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Deaktivieren' }).hasAttribute('disabled')).toBe(false);
    expect(api.lawyers).toHaveBeenCalledTimes(2);
  });

  it('should ask for a colleague, saying why, when work arrived after the dialog opened and the server refused', async () => {
    // The tester's case: the dialog said „keine offenen Chats“, the server refused, and there was no way on but a reload.
    const claraNow = { ...clara, OpenWork: { Chats: 1, Callbacks: 0, CaseFiles: 0 } };
    const lists = [
      [anna, bernd, clara, dora],
      [anna, bernd, clara, dora],
      [anna, bernd, claraNow, dora],
    ];
    const refusal = httpError(400, 'BadRequest', 'Diese Person hat noch offene Chats, Rückrufe oder Fallakten. Bitte wählen Sie, wer sie übernimmt.');
    const deactivate = vi.fn((_id: string, to: string | null) =>
      of(
        to === null
          ? err(refusal)
          : ok({ Lawyer: { ...claraNow, Status: 'deactivated' as const }, Reassigned: { ...claraNow.OpenWork, ForwardedChats: 0 }, EndedSessions: 1 }),
      ),
    );
    setUp({ lawyers: vi.fn(() => of(ok(lists.length > 1 ? (lists.shift() ?? []) : (lists[0] ?? [])))), deactivate });
    const dialog = await openAction('Clara Vogt', 'Deaktivieren');
    expect(within(dialog).getByText('Clara Vogt hat keine offenen Chats, Rückrufe oder Fallakten.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(
      await within(dialog).findByText(
        'Während dieser Dialog offen war, hat Clara Vogt neue Vorgänge erhalten. Deshalb wurde Clara Vogt noch nicht deaktiviert. Bitte wählen Sie, wer die offenen Vorgänge übernimmt.',
      ),
    ).toBeTruthy();
    // No contradiction: the sentence about the work is the new one, the server's refusal is not shown beside it.
    expect(within(dialog).getByText('Offen bei Clara Vogt: 1 Chat.')).toBeTruthy();
    expect(within(dialog).queryByText(/keine offenen Chats/)).toBeNull();
    expect(within(dialog).queryByText(/Diese Person hat noch offene Chats/)).toBeNull();
    const choice = within(dialog).getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ });
    await waitFor(() => expect(document.activeElement).toBe(choice));
    fireEvent.mouseDown(choice);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Dr\. Anna Berger/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(await screen.findByText('Clara Vogt ist deaktiviert. Sie haben 1 laufenden Chat übernommen.')).toBeTruthy();
    expect(deactivate).toHaveBeenLastCalledWith('law-3', 'law-1');
  });

  it('should address the administrator who takes the work over herself and name running and waiting forwarded chats apart', async () => {
    // The operator pass: „Dr. Anna Berger hat 3 Chats übernommen.“ on Anna's own screen, two running and one forwarded chat lumped together.
    const answers = [
      { Chats: 3, Callbacks: 0, CaseFiles: 0, ForwardedChats: 1 },
      { Chats: 2, Callbacks: 1, CaseFiles: 0, ForwardedChats: 2 },
      { Chats: 1, Callbacks: 0, CaseFiles: 1, ForwardedChats: 1 },
    ];
    const deactivate = vi.fn(() =>
      of(
        ok({ Lawyer: { ...bernd, Status: 'deactivated' as const }, Reassigned: answers.shift() ?? { ...bernd.OpenWork, ForwardedChats: 0 }, EndedSessions: 1 }),
      ),
    );
    setUp({ deactivate });
    const deactivateBernd = async (to: RegExp) => {
      const dialog = await openAction('Bernd Roth', 'Deaktivieren');
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ }));
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: to }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await deactivateBernd(/Dr\. Anna Berger/);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Bernd Roth ist deaktiviert. Sie haben 2 laufende Chats und 1 weitergeleiteten Chat übernommen.');
    await deactivateBernd(/Clara Vogt/);
    expect(status.textContent).toBe('Bernd Roth ist deaktiviert. Clara Vogt hat 2 weitergeleitete Chats und 1 Rückruf übernommen.');
    await deactivateBernd(/Clara Vogt/);
    expect(status.textContent).toBe('Bernd Roth ist deaktiviert. Clara Vogt hat 1 weitergeleiteten Chat und 1 Fallakte übernommen.');
  });

  it('should read the table again when the window or the tab is back in front (no polling)', async () => {
    const signedIn = { ...clara, LastLoginAt: '2026-11-23T07:30:00.000Z' };
    const lists = [
      [anna, bernd, clara, dora],
      [anna, bernd, signedIn, dora],
    ];
    const { api } = setUp({ lawyers: vi.fn(() => of(ok(lists.length > 1 ? (lists.shift() ?? []) : (lists[0] ?? [])))) });
    const row = (await screen.findByRole('rowheader', { name: /Clara Vogt/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('noch nie')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(row).findByText('23.11.2026, 08:30')).toBeTruthy();
    expect(api.lawyers).toHaveBeenCalledTimes(2);
    // A tab shown again reads once more; one hidden does not.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(api.lawyers).toHaveBeenCalledTimes(2);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(api.lawyers).toHaveBeenCalledTimes(3);
    visibility.mockRestore();
  });

  it('should ask for a colleague before deactivating a lawyer whose only case files have an ended mandate', async () => {
    // Before, the dialog said there was nothing open and offered no choice, and the server refused without a colleague.
    const erik = member({ Id: 'law-5', Name: 'Erik Ende', Email: 'erik@example.org', EndedCaseFiles: 2 });
    const { api } = setUp({ lawyers: vi.fn(() => of(ok([anna, bernd, clara, dora, erik]))) });
    const dialog = await openAction('Erik Ende', 'Deaktivieren');
    expect(within(dialog).getByText(/Erik Ende hat 2 Fallakten mit beendetem Mandat\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(await within(dialog).findByText('Bitte wählen Sie, wer die offenen Vorgänge übernimmt.')).toBeTruthy();
    expect(api.deactivate).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Clara Vogt/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() => expect(api.deactivate).toHaveBeenCalledWith('law-5', 'law-3'));
  });

  it('should deactivate a lawyer without open work without asking for a colleague', async () => {
    const { api } = setUp();
    const dialog = await openAction('Clara Vogt', 'Deaktivieren');
    expect(within(dialog).getByText('Clara Vogt hat keine offenen Chats, Rückrufe oder Fallakten.')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() => expect(api.deactivate).toHaveBeenCalledWith('law-3', null));
  });

  it('should offer no deactivation or role change of the own account, and reactivation only for a deactivated one', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für Dr. Anna Berger' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Passwort zurücksetzen', 'Zweiten Faktor zurücksetzen']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Aktionen für Dora Alt' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toContain('Reaktivieren');
  });

  it('should name the actions menu after the person and work it from the keyboard: the arrows open it, Escape goes back to the button', async () => {
    setUp();
    const button = await screen.findByRole('button', { name: 'Aktionen für Clara Vogt' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'Aktionen für Clara Vogt' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Rolle ändern' })));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Deaktivieren' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);
    // The up arrow opens it at its last item.
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Passwort zurücksetzen' })));
  });

  it('should give the focus back to the person’s button on Escape also when a click opened the menu without focusing it', async () => {
    setUp();
    const button = await screen.findByRole('button', { name: 'Aktionen für Bernd Roth' });
    // A click in Safari does not focus a button: the menu opens with the focus on the page.
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(button);
    fireEvent.keyDown(await screen.findByRole('menu', { name: 'Aktionen für Bernd Roth' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('should offer no role change for a deactivated account (the server refuses it until reactivation)', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für Dora Alt' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Reaktivieren']);
  });

  it('should offer the second factor’s reset only for a lawyer who has one (it also ends every session of the lawyer)', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für Clara Vogt' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Rolle ändern', 'Deaktivieren', 'Passwort zurücksetzen']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Aktionen für Bernd Roth' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toContain('Zweiten Faktor zurücksetzen');
  });

  it('should change the role in a dialog and reactivate a deactivated lawyer', async () => {
    const { api } = setUp();
    let dialog = await openAction('Clara Vogt', 'Rolle ändern');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Administration' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rolle speichern' }));
    const changed = await screen.findByText('Die Rolle von Clara Vogt ist jetzt: Administration.');
    // In the polite status line, as the deactivation's and the reactivation's notices.
    expect(changed.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(api.changeRole).toHaveBeenCalledWith('law-3', 'admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openAction('Dora Alt', 'Reaktivieren');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByText('Dora Alt ist wieder aktiv.')).toBeTruthy();
    expect(api.reactivate).toHaveBeenCalledWith('law-4');
  });

  it('should close the role dialog without a call when the role stays as it is, saying so in the status line', async () => {
    const { api } = setUp();
    const dialog = await openAction('Clara Vogt', 'Rolle ändern');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rolle speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changeRole).not.toHaveBeenCalled();
    expect(screen.queryByText(/Die Rolle von Clara Vogt ist jetzt/)).toBeNull();
    // Announced politely, like every notice: „Rolle speichern“ never closes without a word.
    const notice = screen.getByText('Die Rolle von Clara Vogt bleibt unverändert: Anwältin/Anwalt.');
    expect(notice.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('should mail a password-reset link after confirming, and show no password', async () => {
    const { api } = setUp();
    const dialog = await openAction('Bernd Roth', 'Passwort zurücksetzen');
    // Before the click the administrator reads that the old password and every sign-in of the colleague end at once.
    expect(dialog.textContent).toContain('Das bisherige Passwort gilt ab sofort nicht mehr, und alle Anmeldungen von Bernd Roth enden sofort');
    // Running chats do not end for the clients: they stay with him for the away time, then go back to the queue.
    expect(dialog.textContent).toContain(
      'Laufende Chats bleiben noch 5 Minuten bei Bernd Roth; ist Bernd Roth bis dahin nicht wieder angemeldet, kommen sie zurück in die Warteschlange aller Anwältinnen und Anwälte.',
    );
    expect(dialog.textContent).not.toContain('auch laufende Chats');
    expect(within(dialog).getByText(/Ein Passwort wird niemandem angezeigt/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link verschicken' }));
    expect(
      await screen.findByText('Ein Link zum Festlegen eines neuen Passworts wurde an bernd@example.org geschickt (gültig bis 25.11.2026, 10:00).'),
    ).toBeTruthy();
    expect(api.resetPassword).toHaveBeenCalledWith('law-2');
    expect(screen.queryByText(link.Url)).toBeNull();
  });

  it('should show the reset link to pass on when the e-mail could not be sent', async () => {
    setUp({ resetPassword: vi.fn(() => of(ok({ ...link, Delivery: 'failed' as const }))) });
    const dialog = await openAction('Bernd Roth', 'Passwort zurücksetzen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link verschicken' }));
    expect(await within(dialog).findByText(/konnte nicht verschickt werden: Der Mailserver hat sie nicht angenommen oder war nicht erreichbar/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Link zum Festlegen des Passworts') as HTMLInputElement).value).toBe(link.Url);
    expect(
      within(dialog)
        .getAllByText(/bis 25\.11\.2026, 10:00/)
        .map((node) => node.textContent),
    ).toEqual(['Der Link wird nur jetzt angezeigt. Er gilt bis 25.11.2026, 10:00 und nur einmal:']);
  });

  it('should say that a reset link was not sent when the server has no mail relay, and hand it to the administrator', async () => {
    setUp({ resetPassword: vi.fn(() => of(ok({ ...link, Delivery: 'outbox' as const }))) });
    const dialog = await openAction('Bernd Roth', 'Passwort zurücksetzen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link verschicken' }));
    expect(
      await within(dialog).findByText(
        'Der Link zum Festlegen eines neuen Passworts wurde nicht an bernd@example.org verschickt, weil kein Mailserver eingerichtet ist. Die E-Mail liegt im Postausgang-Ordner des Servers; geben Sie den Link bitte selbst weiter:',
      ),
    ).toBeTruthy();
    // Until when the link works is said once, right above it – not also in the sentence about the mail.
    expect(
      within(dialog)
        .getAllByText(/bis 25\.11\.2026, 10:00/)
        .map((node) => node.textContent),
    ).toEqual(['Der Link wird nur jetzt angezeigt. Er gilt bis 25.11.2026, 10:00 und nur einmal:']);
    expect((within(dialog).getByLabelText('Link zum Festlegen des Passworts') as HTMLInputElement).value).toBe(link.Url);
    expect(screen.queryByText(/wurde an bernd@example\.org geschickt/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(
        'Der Link zum Festlegen eines neuen Passworts wurde nicht an bernd@example.org verschickt, weil kein Mailserver eingerichtet ist; die E-Mail liegt nur im Postausgang-Ordner des Servers.',
      ),
    ).toBeTruthy();
  });

  it("should reset the second factor after confirming, and return focus to the lawyer's action button", async () => {
    const { api } = setUp();
    const dialog = await openAction('Bernd Roth', 'Zweiten Faktor zurücksetzen');
    // Before the click the administrator reads that the colleague is signed out at once.
    expect(dialog.textContent).toContain('alle Anmeldungen von Bernd Roth enden sofort. Laufende Chats bleiben noch 5 Minuten bei Bernd Roth;');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurücksetzen' }));
    expect(await screen.findByText('Der zweite Faktor von Bernd Roth ist zurückgesetzt.')).toBeTruthy();
    expect(api.resetSecondFactor).toHaveBeenCalledWith('law-2');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aktionen für Bernd Roth' })));
  });

  it('should withdraw an open invitation after confirming, and read the list again', async () => {
    const pending = {
      Id: 'AbCdEf_-12345678',
      Email: 'vertippt@kanzlei.exmaple',
      Role: 'lawyer' as const,
      CreatedAt: '2026-11-22T09:00:00.000Z',
      ExpiresAt: '2026-11-25T09:00:00.000Z',
      Expired: false,
    };
    const invitations = vi
      .fn()
      .mockReturnValueOnce(of(ok([pending])))
      .mockReturnValue(of(ok([])));
    const { api } = setUp({ invitations });
    fireEvent.click(await screen.findByRole('button', { name: 'Einladung an vertippt@kanzlei.exmaple zurückziehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einladung an vertippt@kanzlei.exmaple zurückziehen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladung zurückziehen' }));
    expect(await screen.findByText('Die Einladung an vertippt@kanzlei.exmaple ist zurückgezogen; ihr Link funktioniert nicht mehr.')).toBeTruthy();
    expect(api.withdrawInvitation).toHaveBeenCalledWith('AbCdEf_-12345678');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Offene Einladungen' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kollegin oder Kollegen einladen' })));
  });

  it('should list an invitation that ran out unused as expired, to send again with its address and role or to remove', async () => {
    const expired = {
      Id: 'ZyXwVu_-87654321',
      Email: 'urlaub@kanzlei.example',
      Role: 'admin' as const,
      CreatedAt: '2026-11-18T09:00:00.000Z',
      ExpiresAt: '2026-11-21T09:00:00.000Z',
      Expired: true,
    };
    const mistyped = { ...expired, Id: 'AbCdEf_-12345678', Email: 'vertippt@kanzlei.exmaple', Role: 'lawyer' as const };
    const invitations = vi
      .fn()
      .mockReturnValueOnce(of(ok([expired, mistyped])))
      .mockReturnValue(of(ok([mistyped])));
    const { api } = setUp({ invitations });
    const section = await screen.findByRole('region', { name: 'Abgelaufene Einladungen' });
    expect(screen.queryByRole('heading', { name: 'Offene Einladungen' })).toBeNull();
    expect(within(section).getByText(/urlaub@kanzlei\.example \(Administration\), abgelaufen am 21\.11\.2026, 10:00/)).toBeTruthy();
    // Its link is dead already: nothing to withdraw, and a new invitation to it replaces nothing that works.
    expect(within(section).queryByRole('button', { name: /zurückziehen/ })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'urlaub@kanzlei.example erneut einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    expect((within(dialog).getByLabelText(/E-Mail-Adresse/) as HTMLInputElement).value).toBe('urlaub@kanzlei.example');
    expect((within(dialog).getByRole('radio', { name: 'Administration' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByText(/der Link der früheren Einladung gilt dann nicht mehr/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(api.invite).toHaveBeenCalledWith({ Email: 'urlaub@kanzlei.example', Role: 'admin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/urlaub@kanzlei\.example \(Administration\), abgelaufen/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Abgelaufene Einladung an vertippt@kanzlei.exmaple entfernen' }));
    const remove = await screen.findByRole('dialog', { name: 'Abgelaufene Einladung an vertippt@kanzlei.exmaple entfernen' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Einladung entfernen' }));
    expect(await screen.findByText('Die abgelaufene Einladung an vertippt@kanzlei.exmaple ist aus der Liste entfernt.')).toBeTruthy();
    expect(api.withdrawInvitation).toHaveBeenCalledWith('AbCdEf_-12345678');
  });

  it('should ask before Escape throws away a typed invitation address, and close at once when nothing was typed', async () => {
    const { api } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    fireEvent.change(within(dialog).getByLabelText(/E-Mail-Adresse/), { target: { value: 'neu@example.org' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const question = screen.getByRole('alertdialog', { name: 'Eingaben verwerfen?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.invite).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Kollegin oder Kollegen einladen' }));
    dialog = await screen.findByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    expect((within(dialog).getByLabelText(/E-Mail-Adresse/) as HTMLInputElement).value).toBe('');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should close a dialog with Abbrechen without calling the server', async () => {
    const { api } = setUp();
    const dialog = await openAction('Bernd Roth', 'Zweiten Faktor zurücksetzen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.resetSecondFactor).not.toHaveBeenCalled();
  });

  it('should say "Keine Berechtigung" when the server refuses the list, and go to the login on an ended session', async () => {
    setUp({ lawyers: vi.fn(() => of(err(httpError(403, 'Forbidden', 'Forbidden')))) });
    expect(await screen.findByText(/Keine Berechtigung/)).toBeTruthy();
    cleanup();
    const { onSessionExpired } = setUp({ lawyers: vi.fn(() => of(err(httpError(401, 'NotAuthenticated', 'Bitte melden Sie sich an.')))) });
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalled());
  });
});
