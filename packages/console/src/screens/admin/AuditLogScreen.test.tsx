// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { err, httpError, ok, type AdminTeamApi, type AuditLogEntry, type AuditLogFilter, type AuditLogPage, type TeamMember } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { AuditLogScreen } from './AuditLogScreen.js';
import { auditFilterFromQuery, queryOfAuditFilter } from './auditLogQuery.js';

afterEach(cleanup);

const entry = (id: string, at: string, action: string, over: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  Id: id,
  At: at,
  ActorId: 'law-1',
  ActorName: 'Dr. Anna Berger',
  Action: action,
  TargetKind: 'lawyer',
  TargetId: 'law-2',
  TargetLabel: 'Bernd Roth',
  Details: {},
  Ip: '203.0.113.7',
  ...over,
});

const noTeam = () => of(ok([]));
/** The adapter's address of the export for these filters. */
const csvUrl = vi.fn((filter: AuditLogFilter) => of(ok(`http://chat.test/api/admin/audit.csv?${new URLSearchParams({ ...filter }).toString()}`)));

/** Shows the audit log with these entries (one page) and answers its table once it is there. */
async function showEntries(entries: AuditLogEntry[]): Promise<HTMLElement> {
  const api = { auditLog: vi.fn(() => of(ok({ Entries: entries, NextBefore: null }))), lawyers: noTeam, auditLogCsvUrl: csvUrl } as unknown as AdminTeamApi;
  render(
    <I18nextProvider i18n={createI18n()}>
      <AuditLogScreen ports={{ adminTeam: api }} onSessionExpired={() => undefined} />
    </I18nextProvider>,
  );
  return screen.findByRole('table', { name: 'Protokoll der Administration' });
}

describe('AuditLogScreen', () => {
  it('should show the newest entries first and load older pages on request, focusing the first new row', async () => {
    const auditLog = vi.fn((query: { before?: string; limit?: number }) =>
      of(
        ok(
          query.before === undefined
            ? {
                Entries: [
                  entry('e-3', '2026-11-22T10:00:00.000Z', 'lawyer.deactivated', { Details: { reassignedTo: 'Clara Vogt', chats: 1 } }),
                  entry('e-2', '2026-11-22T09:00:00.000Z', 'lawyer.invited', {
                    TargetLabel: null,
                    TargetId: 'neu@example.org',
                    Details: { role: 'lawyer', expiresAt: '2026-11-25T09:00:00.000Z', mailed: true },
                  }),
                ],
                NextBefore: 'e-2',
              }
            : {
                Entries: [entry('e-1', '2026-11-21T09:00:00.000Z', 'something.new', { ActorId: null, ActorName: 'Server-Befehl', Ip: null })],
                NextBefore: null,
              },
        ),
      ),
    );
    const api = { auditLog, lawyers: noTeam, auditLogCsvUrl: csvUrl } as unknown as AdminTeamApi;
    render(
      <I18nextProvider i18n={createI18n()}>
        <AuditLogScreen ports={{ adminTeam: api }} onSessionExpired={() => undefined} pageSize={2} />
      </I18nextProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Protokoll der Administration' });
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          ...within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ]);
    expect(cells()).toEqual([
      ['22.11.2026, 11:00', 'Dr. Anna Berger', 'Deaktiviert', 'Bernd Roth', 'übernommen von: Clara Vogt, Chats: 1', '203.0.113.7'],
      [
        '22.11.2026, 10:00',
        'Dr. Anna Berger',
        'Eingeladen',
        'neu@example.org',
        'Rolle: Anwältin/Anwalt, gültig bis: 25.11.2026, 10:00, per E-Mail verschickt: ja',
        '203.0.113.7',
      ],
    ]);
    expect(auditLog).toHaveBeenCalledWith({ limit: 2 });
    expect(screen.getByText('2 Einträge angezeigt.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ältere Einträge laden' }));
    await waitFor(() => expect(cells()).toHaveLength(3));
    expect(auditLog).toHaveBeenLastCalledWith({ limit: 2, before: 'e-2' });
    // An action this screen does not know yet is shown by its name; an operator command has no address.
    expect(cells()[2]).toEqual(['21.11.2026, 10:00', 'Server-Befehl', 'something.new', 'Bernd Roth', '–', '–']);
    expect(document.activeElement).toBe(within(table).getAllByRole('row')[3]);
    expect(screen.queryByRole('button', { name: 'Ältere Einträge laden' })).toBeNull();
  });

  it('should show every action and its details in German, not as the stored names', async () => {
    const entries = [
      entry('e-9', '2026-11-22T18:00:00.000Z', 'callback.released', {
        ActorId: 'law-3',
        ActorName: 'Clara Vogt',
        TargetKind: 'callback',
        TargetId: 'cb-1',
        TargetLabel: 'RC-7K3M9Q2T',
        Details: { holder: 'Dr. Anna Berger' },
      }),
      entry('e-8', '2026-11-22T17:00:00.000Z', 'serviceHours.weekly.saved', {
        TargetKind: null,
        TargetId: null,
        TargetLabel: null,
        Details: { hours: 'Mo 08:00–12:00, Mo 13:00–18:00', previousHours: 'Mo 08:00–20:00' },
      }),
      entry('e-7', '2026-11-22T16:00:00.000Z', 'serviceHours.closure.added', {
        TargetKind: 'serviceClosure',
        TargetLabel: 'Heiligabend',
        Details: { firstDay: '2026-12-24', lastDay: '2026-12-24' },
      }),
      entry('e-6', '2026-11-22T15:00:00.000Z', 'lawyer.role.changed', { Details: { from: 'lawyer', to: 'admin' } }),
      entry('e-5b', '2026-11-22T14:30:00.000Z', 'reports.invoice.exported', {
        Details: { from: '2026-11-01', to: '2026-11-30', insurer: 'cXij6LjvDuYOnRobZXIUgA', insurerName: 'Muster Rechtsschutz AG', rows: 2 },
      }),
      entry('e-5a', '2026-11-22T14:15:00.000Z', 'reports.invoice.exported', {
        Details: { from: '2026-11-01', to: '2026-11-30', insurer: null, insurerName: null, rows: 3 },
      }),
      entry('e-5', '2026-11-22T14:00:00.000Z', 'reports.invoice.exported', { Details: { from: '2026-11-01', to: '2026-11-30', insurer: null, rows: 3 } }),
      entry('e-4a', '2026-11-22T13:30:00.000Z', 'dataRequest.erase', {
        Details: {
          searchedBy: 'insuranceNumber',
          chatCases: 2,
          chatReferences: 'RC-WG6YMVYU, RC-QWEVA2SM',
          caseFiles: 1,
          caseFileNumbers: 'FA-2026-PN4EUB',
          erasedChatCases: 1,
          erasedReferences: 'RC-WG6YMVYU',
          erasedFiles: 0,
          keptChatCases: 1,
          keptCaseFiles: 1,
          keptReferences: 'RC-QWEVA2SM, FA-2026-PN4EUB',
        },
      }),
      entry('e-4', '2026-11-22T13:00:00.000Z', 'dataRequest.search', {
        Details: { searchedBy: 'chatReference', reference: 'RC-7K3M9Q2T', chatCases: 1, caseFiles: 0, found: true },
      }),
      entry('e-3', '2026-11-22T12:00:00.000Z', 'lawyer.deactivated', {
        Details: { reassignedTo: 'law-3', reassignedToName: 'Clara Vogt', chats: 1, callbacks: 0, caseFiles: 2 },
      }),
      entry('e-2', '2026-11-22T11:00:00.000Z', 'lawyer.mfa.reset', {
        Details: { hadFactor: true, removedPasskeys: 1, removedRecoveryCodes: 10, endedSessions: 2 },
      }),
      entry('e-1b', '2026-11-22T10:30:00.000Z', 'lawyer.profile.changed', {
        Details: { from: 'Markus Hoffmann', to: 'Dr. Markus Hoffmann', gender: 'other', phone: 'removed' },
      }),
      entry('e-1', '2026-11-22T10:00:00.000Z', 'insurer.key.revoked', { Details: { kid: 'k-2026-1' } }),
      entry('e-0', '2026-11-22T09:00:00.000Z', 'lawyer.invitation.withdrawn', { TargetKind: 'invitation', TargetLabel: 'vertippt@example.org' }),
    ];
    const api = { auditLog: vi.fn(() => of(ok({ Entries: entries, NextBefore: null }))), lawyers: noTeam, auditLogCsvUrl: csvUrl } as unknown as AdminTeamApi;
    render(
      <I18nextProvider i18n={createI18n()}>
        <AuditLogScreen ports={{ adminTeam: api }} onSessionExpired={() => undefined} />
      </I18nextProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Protokoll der Administration' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const cells = within(row).getAllByRole('cell');
        return [cells[1]?.textContent, cells[3]?.textContent];
      });
    expect(rows).toEqual([
      // An administrator gave back a colleague's callback (Rückrufe › „Zurückgeben“): whose it was.
      ['Rückruf einer Kollegin oder eines Kollegen zurückgegeben', 'bisher übernommen von: Dr. Anna Berger'],
      ['Servicezeiten geändert', 'Servicezeiten: Mo 08:00–12:00, Mo 13:00–18:00, bisher: Mo 08:00–20:00'],
      ['Schließtag eingetragen', 'erster Tag: 24.12.2026, letzter Tag: 24.12.2026'],
      ['Rolle geändert', 'bisherige Rolle: Anwältin/Anwalt, neue Rolle: Administration'],
      // The insurer by name, not by its id; no filter: every insurer.
      ['Abrechnung exportiert', 'von: 01.11.2026, bis: 30.11.2026, Versicherer: Muster Rechtsschutz AG, Zeilen: 2'],
      ['Abrechnung exportiert', 'von: 01.11.2026, bis: 30.11.2026, Versicherer: Alle Versicherer, Zeilen: 3'],
      ['Abrechnung exportiert', 'von: 01.11.2026, bis: 30.11.2026, Versicherer: –, Zeilen: 3'],
      [
        'Auskunftsersuchen: Chats gelöscht',
        'gesucht nach: Versicherungsnummer, Chat-Beratungen: 2, Aktenzeichen der Chat-Beratungen: RC-WG6YMVYU, RC-QWEVA2SM, Fallakten: 1, ' +
          'Nummern der Fallakten: FA-2026-PN4EUB, gelöschte Chat-Beratungen: 1, gelöscht: RC-WG6YMVYU, gelöschte Dateien: 0, ' +
          'aufbewahrte Chat-Beratungen: 1, aufbewahrte Fallakten: 1, aufbewahrt: RC-QWEVA2SM, FA-2026-PN4EUB',
      ],
      ['Auskunftsersuchen: Suche', 'gesucht nach: Aktenzeichen eines Chats, Aktenzeichen: RC-7K3M9Q2T, Chat-Beratungen: 1, Fallakten: 0, gefunden: ja'],
      ['Deaktiviert', 'übernommen von: Clara Vogt, Chats: 1, Rückrufe: 0, Fallakten: 2'],
      [
        'Zweiter Faktor zurückgesetzt',
        'zweiter Faktor war eingerichtet: ja, entfernte Passkeys: 1, entfernte Wiederherstellungscodes: 10, beendete Anmeldungen: 2',
      ],
      ['Eigenes Profil geändert', 'bisheriger Name: Markus Hoffmann, neuer Name: Dr. Markus Hoffmann, Anrede: Keine Angabe, Telefonnummer: entfernt'],
      ['Schlüssel des Versicherers widerrufen', 'Schlüssel-ID (kid): k-2026-1'],
      ['Einladung zurückgezogen', '–'],
    ]);
  });

  it('should say in German that a data request matching several people led to a question, what it wanted and how many people the key matched', async () => {
    const table = await showEntries([
      entry('e-1', '2026-11-22T10:00:00.000Z', 'dataRequest.ambiguous', {
        TargetKind: null,
        TargetId: null,
        TargetLabel: null,
        Details: { requested: 'erase', searchedBy: 'insuranceNumber', people: 2 },
      }),
    ]);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    // The screen asked which insurer (or which key) is meant: a question, not a refusal.
    expect(cells[1]?.textContent).toBe('Auskunftsersuchen: Rückfrage, mehrere Personen gefunden – noch nichts gelesen oder gelöscht');
    expect(cells[3]?.textContent).toBe('gewünscht: Löschung, gesucht nach: Versicherungsnummer, gefundene Personen: 2');
  });

  it('should let e-mail addresses, ids and IP addresses break, but keep the target and details columns wide enough for whole words', async () => {
    const table = await showEntries([
      entry('e-1', '2026-11-22T09:00:00.000Z', 'lawyer.invited', {
        TargetLabel: null,
        TargetId: 'eine.sehr.lange.adresse.der.kollegin@kanzlei-mustermann-und-partner.example',
        Details: { role: 'lawyer', mailed: true },
        Ip: '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      }),
    ]);
    const [, , target, details, ip] = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    for (const cell of [target, details, ip] as HTMLElement[]) {
      const style = window.getComputedStyle(cell);
      // Not `word-break: break-word`, which let the table squeeze the column until every word broke.
      expect(style.wordBreak, cell.textContent ?? '').not.toBe('break-word');
      expect(style.getPropertyValue('overflow-wrap'), cell.textContent ?? '').toBe('break-word');
      expect(style.minWidth, cell.textContent ?? '').toMatch(/^\d+(\.\d+)?rem$/);
    }
    // The details column holds the longest German words of a details text on one line.
    expect(parseFloat(window.getComputedStyle(details as HTMLElement).minWidth)).toBeGreaterThanOrEqual(12);
    // Where the table is wider than the screen, it scrolls in a region the keyboard can reach.
    const region = screen.getByRole('region', { name: 'Protokoll der Administration' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(table)).toBe(true);
  });

  it('should say how the e-mail of an invitation went: only in the outbox folder when the server has no mail relay', async () => {
    const table = await showEntries([
      entry('e-1', '2026-11-22T09:00:00.000Z', 'lawyer.invited', {
        TargetLabel: null,
        TargetId: 'neu@example.org',
        Details: { role: 'lawyer', mailed: false, delivery: 'outbox' },
      }),
      entry('e-0', '2026-11-22T08:00:00.000Z', 'lawyer.password.reset', { Details: { mailed: false, delivery: 'failed', endedSessions: 1 } }),
    ]);
    const details = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]?.textContent);
    expect(details).toEqual([
      'Rolle: Anwältin/Anwalt, E-Mail: nur im Postausgang-Ordner (kein Mailserver eingerichtet)',
      'E-Mail: vom Mailserver nicht angenommen, beendete Anmeldungen: 1',
    ]);
    // The action does not claim the link was sent when the details say its e-mail went nowhere.
    const actions = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(actions).toEqual(['Eingeladen', 'Passwort zurückgesetzt (Link erstellt)']);
  });

  describe('filters', () => {
    const member = (id: string, name: string, status: TeamMember['Status'] = 'active'): TeamMember => ({
      Id: id,
      Name: name,
      Email: `${id}@kanzlei.example`,
      Role: 'admin',
      Status: status,
      CreatedAt: '2026-01-01T00:00:00.000Z',
      LastLoginAt: null,
      DeactivatedAt: null,
      Mfa: { Totp: false, Passkeys: 0 },
      OpenWork: { Chats: 0, Callbacks: 0, CaseFiles: 0 },
      EndedCaseFiles: 0,
    });
    const team = [member('law-1', 'Dr. Anna Berger'), member('law-2', 'Bernd Roth', 'deactivated')];

    /** The screen over a log whose answer `answer` makes of each query; returns the queries and the filters handed back. */
    function showFiltered(answer: (query: AuditLogFilter & { before?: string }) => AuditLogPage, initialFilter?: AuditLogFilter) {
      const auditLog = vi.fn((query: AuditLogFilter & { before?: string; limit?: number }) => of(ok(answer(query))));
      const handedBack: AuditLogFilter[] = [];
      const api = { auditLog, lawyers: () => of(ok(team)), auditLogCsvUrl: csvUrl } as unknown as AdminTeamApi;
      render(
        <I18nextProvider i18n={createI18n()}>
          <AuditLogScreen
            ports={{ adminTeam: api }}
            onSessionExpired={() => undefined}
            pageSize={1}
            onFilter={(filter) => handedBack.push(filter)}
            {...(initialFilter ? { initialFilter } : {})}
          />
        </I18nextProvider>,
      );
      return { auditLog, handedBack };
    }
    const choose = async (field: string, option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: field }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    const one = (query: { before?: string }) =>
      query.before === undefined
        ? { Entries: [entry('e-2', '2026-12-02T09:00:00.000Z', 'lawyer.invited')], NextBefore: 'e-2' }
        : { Entries: [entry('e-1', '2026-12-01T09:00:00.000Z', 'lawyer.invited')], NextBefore: null };

    it('should narrow the list by kind, person, period and text, page older entries within them and hand them back for the address', async () => {
      const { auditLog, handedBack } = showFiltered(one);
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      expect(auditLog).toHaveBeenLastCalledWith({ limit: 1 });
      const form = screen.getByRole('form', { name: 'Protokoll filtern' });
      await choose('Aktion', 'Eingeladen');
      await choose('Wer', 'Bernd Roth (deaktiviert)');
      fireEvent.change(within(form).getByLabelText('Von'), { target: { value: '2026-12-01' } });
      fireEvent.change(within(form).getByLabelText('Bis'), { target: { value: '2026-12-31' } });
      fireEvent.change(within(form).getByLabelText('Suche'), { target: { value: '  Müller ' } });
      const apply = within(form).getByRole('button', { name: 'Filter anwenden' });
      apply.focus();
      fireEvent.click(apply);
      // The button keeps the keyboard focus while the page loads (a disabled one dropped it to the page's start).
      expect(document.activeElement).toBe(apply);
      const filter: AuditLogFilter = { action: 'lawyer.invited', actor: 'law-2', from: '2026-12-01', to: '2026-12-31', q: 'Müller' };
      expect(auditLog).toHaveBeenLastCalledWith({ ...filter, limit: 1 });
      expect(handedBack).toEqual([filter]);
      fireEvent.click(await screen.findByRole('button', { name: 'Ältere Einträge laden' }));
      expect(auditLog).toHaveBeenLastCalledWith({ ...filter, limit: 1, before: 'e-2' });
      expect(queryOfAuditFilter(filter).toString()).toBe('aktion=lawyer.invited&person=law-2&von=2026-12-01&bis=2026-12-31&suche=M%C3%BCller');
    });

    it('should offer the operator commands as "Server-Befehl" and every kind of entry by its German name', async () => {
      const { auditLog } = showFiltered(one);
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      await choose('Wer', 'Server-Befehl');
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Aktion' }));
      const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
      expect(options).toContain('Textbaustein der Kanzlei gelöscht');
      expect(options).toContain('Auskunftsersuchen: Chats gelöscht');
      expect(options.filter((o) => o?.includes('.'))).toEqual([]);
      fireEvent.click(screen.getByRole('option', { name: 'Alle Aktionen' }));
      fireEvent.click(screen.getByRole('button', { name: 'Filter anwenden' }));
      expect(auditLog).toHaveBeenLastCalledWith({ actor: 'server', limit: 1 });
    });

    it('should say „Keine Einträge für diese Filter.“ when nothing matches, and show every entry again after „Filter zurücksetzen“', async () => {
      const { auditLog, handedBack } = showFiltered((query) => (query.q ? { Entries: [], NextBefore: null } : one(query)));
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      fireEvent.change(screen.getByLabelText('Suche'), { target: { value: 'niemand' } });
      fireEvent.submit(screen.getByRole('form', { name: 'Protokoll filtern' }));
      expect(await screen.findByText('Keine Einträge für diese Filter.')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      expect(auditLog).toHaveBeenLastCalledWith({ limit: 1 });
      expect(handedBack).toEqual([{ q: 'niemand' }, {}]);
      expect((screen.getByLabelText('Suche') as HTMLInputElement).value).toBe('');
    });

    it('should refuse a period whose Von lies after Bis without asking the server', async () => {
      const { auditLog } = showFiltered(one);
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-12-05' } });
      fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-12-01' } });
      fireEvent.click(screen.getByRole('button', { name: 'Filter anwenden' }));
      expect(screen.getByRole('alert').textContent).toBe('Bitte wählen Sie einen gültigen Zeitraum (Von nicht nach Bis).');
      expect(screen.getByLabelText('Von').getAttribute('aria-describedby')).toContain('audit-filter-period-error');
      expect(auditLog).toHaveBeenCalledTimes(1);
    });

    it('should open with the filters of the address, leaving out what the server could not take', async () => {
      const initial = auditFilterFromQuery(new URLSearchParams('aktion=lawyer.invited&person=law-1&von=2026-12-01&bis=gestern&suche=Roth&x=1'));
      expect(initial).toEqual({ action: 'lawyer.invited', actor: 'law-1', from: '2026-12-01', q: 'Roth' });
      expect(auditFilterFromQuery(new URLSearchParams('aktion=unbekannt'))).toEqual({});
      const { auditLog } = showFiltered(one, initial);
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      expect(auditLog).toHaveBeenCalledWith({ ...initial, limit: 1 });
      expect(screen.getByRole('combobox', { name: 'Aktion' }).textContent).toBe('Eingeladen');
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Wer' }).textContent).toBe('Dr. Anna Berger'));
      expect((screen.getByLabelText('Von') as HTMLInputElement).value).toBe('2026-12-01');
      expect((screen.getByLabelText('Suche') as HTMLInputElement).value).toBe('Roth');
    });

    it("should show the server's German refusal of a filter", async () => {
      const auditLog = vi.fn(() => of(err(httpError(400, 'BadRequest', 'Diese Person gibt es nicht. Bitte wählen Sie eine Person aus der Liste.'))));
      const api = { auditLog, lawyers: noTeam, auditLogCsvUrl: csvUrl } as unknown as AdminTeamApi;
      render(
        <I18nextProvider i18n={createI18n()}>
          <AuditLogScreen ports={{ adminTeam: api }} onSessionExpired={() => undefined} initialFilter={{ actor: 'weg' }} />
        </I18nextProvider>,
      );
      expect(await screen.findByText('Diese Person gibt es nicht. Bitte wählen Sie eine Person aus der Liste.')).toBeTruthy();
    });
  });

  describe('CSV download', () => {
    const december: AuditLogFilter = { action: 'lawyer.invited', from: '2026-12-01', to: '2026-12-31' };
    function showWith(initialFilter: AuditLogFilter, fetcher = vi.fn(async (_input: string, _init?: RequestInit) => new Response('\uFEFFZeitpunkt;Wer\r\n'))) {
      const saved: Array<{ name: string; size: number }> = [];
      const api = {
        auditLog: vi.fn(() => of(ok({ Entries: [entry('e-1', '2026-12-02T09:00:00.000Z', 'lawyer.invited')], NextBefore: null }))),
        lawyers: noTeam,
        auditLogCsvUrl: csvUrl,
      };
      render(
        <I18nextProvider i18n={createI18n()}>
          <AuditLogScreen
            ports={{ adminTeam: api as unknown as AdminTeamApi }}
            onSessionExpired={() => undefined}
            initialFilter={initialFilter}
            download={{ fetcher, save: (blob, name) => saved.push({ name, size: blob.size }) }}
          />
        </I18nextProvider>,
      );
      return { fetcher, saved };
    }

    it('should offer „Als CSV herunterladen“ for the filters shown and save the file under its period’s name', async () => {
      const { fetcher, saved } = showWith(december);
      const link = await screen.findByRole('link', { name: 'Als CSV herunterladen' });
      expect(link.getAttribute('href')).toBe('http://chat.test/api/admin/audit.csv?action=lawyer.invited&from=2026-12-01&to=2026-12-31');
      expect(link.getAttribute('download')).toBe('Protokoll_2026-12-01_2026-12-31.csv');
      // A link: the keyboard reaches it with Tab and starts it with Enter, which browsers turn into this click.
      link.focus();
      expect(document.activeElement).toBe(link);
      fireEvent.click(link);
      await waitFor(() => expect(saved).toEqual([{ name: 'Protokoll_2026-12-01_2026-12-31.csv', size: expect.any(Number) }]));
      expect(fetcher).toHaveBeenCalledWith(link.getAttribute('href'), expect.objectContaining({ credentials: 'include' }));
    });

    it('should keep the download on the filters shown while other ones are only typed, and follow them once applied', async () => {
      showWith(december);
      await screen.findByRole('link', { name: 'Als CSV herunterladen' });
      const form = screen.getByRole('form', { name: 'Protokoll filtern' });
      fireEvent.change(within(form).getByLabelText('Von'), { target: { value: '2026-11-01' } });
      fireEvent.change(within(form).getByLabelText('Suche'), { target: { value: 'Roth' } });
      const link = screen.getByRole('link', { name: 'Als CSV herunterladen' });
      expect(link.getAttribute('href')).toBe('http://chat.test/api/admin/audit.csv?action=lawyer.invited&from=2026-12-01&to=2026-12-31');
      fireEvent.click(within(form).getByRole('button', { name: 'Filter anwenden' }));
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Als CSV herunterladen' }).getAttribute('href')).toBe(
          'http://chat.test/api/admin/audit.csv?action=lawyer.invited&from=2026-11-01&to=2026-12-31&q=Roth',
        ),
      );
      expect(screen.getByRole('link', { name: 'Als CSV herunterladen' }).getAttribute('download')).toBe('Protokoll_2026-11-01_2026-12-31.csv');
    });

    it('should ask for a period of at most 366 days instead of offering a download the server would refuse', async () => {
      showWith({ action: 'lawyer.invited' });
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      expect(screen.queryByRole('link', { name: 'Als CSV herunterladen' })).toBeNull();
      expect(screen.getByText(/Zum Herunterladen als CSV wählen Sie bitte einen Zeitraum mit Von und Bis \(höchstens 366 Tage\)/)).toBeTruthy();
      cleanup();
      showWith({ from: '2025-01-01', to: '2026-12-31' });
      await screen.findByRole('table', { name: 'Protokoll der Administration' });
      expect(screen.queryByRole('link', { name: 'Als CSV herunterladen' })).toBeNull();
    });

    it('should list an export in the Protokoll with its period and filters in German', async () => {
      const table = await showEntries([
        entry('e-9', '2026-12-07T09:00:00.000Z', 'auditLog.exported', {
          TargetKind: null,
          TargetId: null,
          TargetLabel: null,
          Details: { from: '2026-12-01', to: '2026-12-31', action: 'lawyer.invited', actor: 'law-2', actorName: 'Bernd Roth', q: 'Roth', rows: 3 },
        }),
      ]);
      const cells = within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells).toContain('Protokoll als CSV heruntergeladen');
      expect(cells).toContain('von: 01.12.2026, bis: 31.12.2026, Aktion: Eingeladen, Person: Bernd Roth, Suche: Roth, Zeilen: 3');
    });

    it('should show the server’s German refusal of the download beside the link', async () => {
      const message = 'Für diese Filter gibt es mehr als 10.000 Einträge. Bitte wählen Sie einen kürzeren Zeitraum oder weitere Filter.';
      const refusing = vi.fn(
        async () => new Response(JSON.stringify({ Error: 'BadRequest', Message: message }), { status: 400, headers: { 'content-type': 'application/json' } }),
      );
      const { saved } = showWith(december, refusing);
      fireEvent.click(await screen.findByRole('link', { name: 'Als CSV herunterladen' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(saved).toEqual([]);
    });
  });
});
