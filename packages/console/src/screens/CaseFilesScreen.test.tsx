// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ok, type LawyerCaseFileDetail, type LawyerCaseFileSummary, type MandateApi } from '@rechtschat/core';
import { NEVER, of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { CaseFilesScreen } from './CaseFilesScreen.js';
import { caseFileSummary } from '../testSupport/caseFileSummaries.js';

afterEach(cleanup);

const detail = (over: Partial<LawyerCaseFileDetail> = {}): LawyerCaseFileDetail => ({
  CaseId: 'cf-9',
  CaseNumber: 'FA-2026-ABCDEF',
  Title: 'Kündigung der Wohnung',
  Description: 'Der Vermieter hat zum 31. Januar gekündigt.',
  FieldOfLaw: 'Mietrecht',
  FirstName: 'Max',
  LastName: 'Mustermann',
  Phone: '+491705550123',
  PhoneDisplay: '+49 170 5550123',
  Email: 'max.neu@example.org',
  Street: 'Domstraße 12a',
  PostalCode: '50667',
  City: 'Köln',
  // 10:17 UTC in winter: 11:17 in Berlin, as the client's history shows it.
  PersonUpdatedAt: '2026-01-15T10:17:00.000Z',
  ChatCaseReference: 'RC-1A2B3C4D',
  Created: '2026-01-10T09:00:00.000Z',
  Documents: [{ Id: 'd-1', FileName: 'Kündigung.pdf', ContentType: 'application/pdf', Size: 10, Created: '2026-07-01T22:30:00.000Z', UploadedBy: 'client' }],
  Questionnaire: { Submitted: false, SubmittedAt: null, Answers: {} },
  Contacts: [],
  FirmMessages: [],
  PowerOfAttorneySignedAt: '2026-07-02T06:05:00.000Z',
  Closed: false,
  ClosedAt: null,
  RetentionUntil: null,
  LoginLockedUntil: null,
  ...over,
});

/** A file of the list, with nothing from the client yet. */
const summary = (id: string, title: string, client = 'Max Mustermann'): LawyerCaseFileSummary =>
  caseFileSummary({ CaseId: id, CaseNumber: `FA-2026-${id.toUpperCase()}`, Title: title, ClientName: client });

function show(opened: LawyerCaseFileDetail) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <CaseFilesScreen
        caseFiles={[]}
        opened={opened}
        documentUrl={(id, doc) => `http://chat.test/api/lawyer/case-files/${id}/documents/${doc}`}
        onOpen={() => undefined}
        onClose={() => undefined}
        onRefresh={() => undefined}
      />
    </I18nextProvider>,
  );
  return screen.getByRole('region', { name: /Fallakte Kündigung der Wohnung/ });
}

describe('CaseFilesScreen detail', () => {
  // The lawyer's machine may be in any zone; the console shows Berlin time like the client's web app.
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it("should show the client's name, phone and e-mail as links, the address as stored now and when the client last changed them", () => {
    const region = show(detail());
    const contact = within(region).getByRole('heading', { name: 'Mandantin / Mandant' }).nextElementSibling as HTMLElement;
    expect(contact.tagName).toBe('DL');
    expect(within(contact).getByText('Max Mustermann')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '+49 170 5550123 anrufen' }).getAttribute('href')).toBe('tel:+491705550123');
    expect(within(contact).getByRole('link', { name: 'E-Mail an max.neu@example.org schreiben' }).getAttribute('href')).toBe('mailto:max.neu@example.org');
    expect(within(contact).getByText('Anschrift').nextElementSibling?.textContent).toBe('Domstraße 12a\n50667 Köln');
    expect(within(region).getByText('E-Mail-Adresse und Anschrift zuletzt von der Mandantin / dem Mandanten geändert am 15.01.2026, 11:17.')).toBeTruthy();
    expect(within(region).getByText('Angelegt aus dem Chat RC-1A2B3C4D.')).toBeTruthy();
  });

  it('should show an umlaut domain as the client wrote it and keep the deliverable form in the mail link', () => {
    const region = show(detail({ Email: 'max@xn--mller-kva.de' }));
    const link = within(region).getByRole('link', { name: 'E-Mail an max@müller.de schreiben' });
    expect(link.textContent).toBe('max@müller.de');
    expect(link.getAttribute('href')).toBe('mailto:max@xn--mller-kva.de');
  });

  it('should show a web address in the client’s message to the firm as a link, the message otherwise as written', () => {
    const region = show(
      detail({ Contacts: [{ Id: 'c-1', Subject: 'Unterlagen', Message: 'Infos unter www.example.de.\nGruß', Created: '2026-07-01T08:00:00.000Z' }] }),
    );
    const link = within(region).getByRole('link', { name: /www\.example\.de/ });
    expect(link.getAttribute('href')).toBe('https://www.example.de');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(region).getByText(/Gruß/)).toBeTruthy();
  });

  it('should name the firm’s message a client’s message answers, with its date, and link to it in the same list', () => {
    const asked = {
      Kind: 'FirmMessage' as const,
      Id: 'fm-1',
      Subject: 'Fehlende Unterlagen',
      Text: 'Bitte senden Sie uns den Mietvertrag.',
      // 09:30 UTC in winter: 10:30 in Berlin.
      Created: '2026-12-07T09:30:00.000Z',
      By: 'Dr. Anna Berger',
    };
    const region = show(
      detail({
        Contacts: [
          {
            Id: 'c-2',
            Subject: 'Re: Fehlende Unterlagen',
            Message: 'Anbei der Vertrag.',
            Created: '2026-12-08T08:00:00.000Z',
            InReplyTo: { Id: 'fm-1', Subject: 'Fehlende Unterlagen', Created: '2026-12-07T09:30:00.000Z' },
          },
          { Id: 'c-1', Subject: 'Termin', Message: 'Wann ist der Termin?', Created: '2026-12-06T08:00:00.000Z' },
        ],
        FirmMessages: [asked],
      }),
    );
    const link = within(region).getByRole('link', { name: 'Antwort auf Ihre Nachricht „Fehlende Unterlagen“ vom 07.12.2026, 10:30' });
    const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
    expect(target?.textContent).toContain('Bitte senden Sie uns den Mietvertrag.');
    expect(target?.tabIndex).toBe(-1);
    // Only the answer says so; the client's other message answers nothing.
    expect(within(region).getAllByText(/^Antwort auf Ihre Nachricht/)).toHaveLength(1);
    expect(link.closest('li')?.textContent).toContain('Anbei der Vertrag.');
  });

  it('should say what the client has not given instead of leaving the contact data blank, and no change date before a change', () => {
    const region = show(detail({ Email: null, Street: null, PostalCode: null, City: null, PersonUpdatedAt: null, ChatCaseReference: null }));
    const contact = within(region).getByRole('heading', { name: 'Mandantin / Mandant' }).nextElementSibling as HTMLElement;
    expect(within(contact).getByText('E-Mail-Adresse').nextElementSibling?.textContent).toBe('nicht angegeben');
    expect(within(contact).getByText('Anschrift').nextElementSibling?.textContent).toBe('nicht angegeben');
    expect(within(contact).queryByRole('link', { name: /E-Mail an/ })).toBeNull();
    expect(within(region).queryByText(/zuletzt von der Mandantin/)).toBeNull();
    expect(within(region).queryByText(/Angelegt aus dem Chat/)).toBeNull();
  });

  it('should date uploads and the Vollmacht in Berlin time (summer time, a late upload on the next Berlin day)', () => {
    const region = show(detail());
    expect(within(region).getByText('Unterschrieben am 02.07.2026, 08:05')).toBeTruthy();
    expect(within(region).getByText('(02.07.2026, 00:30, von der Mandantin / dem Mandanten)')).toBeTruthy();
  });

  it('should name the lawyer who shared a document into the Fallakte, with the note to the client', () => {
    const shared = { Id: 'd-2', FileName: 'Klageentwurf.pdf', ContentType: 'application/pdf', Size: 10, Created: '2026-07-03T08:00:00.000Z' } as const;
    const region = show(detail({ Documents: [{ ...shared, UploadedBy: 'lawyer', SharedBy: 'Dr. Anna Berger', Note: 'Bitte bis Freitag lesen.' }] }));
    const item = within(region)
      .getByRole('link', { name: /Klageentwurf\.pdf/ })
      .closest('li') as HTMLElement;
    expect(item.textContent).toContain('(03.07.2026, 10:00, bereitgestellt von Dr. Anna Berger)');
    expect(within(item).getByText('Notiz: Bitte bis Freitag lesen.')).toBeTruthy();
  });
});

describe('CaseFilesScreen: the keyboard focus when a file opens and closes', () => {
  it('should continue at the opened file’s heading, and back in the list at the „Öffnen“ of that file', () => {
    const list = [summary('cf-1', 'Mietminderung'), summary('cf-9', 'Kündigung der Wohnung')];
    const i18n = createI18n();
    const view = (opened: LawyerCaseFileDetail | null) => (
      <I18nextProvider i18n={i18n}>
        <CaseFilesScreen
          caseFiles={list}
          opened={opened}
          documentUrl={() => ''}
          onOpen={() => undefined}
          onClose={() => undefined}
          onRefresh={() => undefined}
        />
      </I18nextProvider>
    );
    const { rerender } = render(view(null));
    screen.getByRole('button', { name: 'Fallakte öffnen: Kündigung der Wohnung – Max Mustermann' }).focus();
    // „Öffnen“ goes with the list; the browser would drop the focus to the page's start.
    rerender(view(detail()));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Fallakte Kündigung der Wohnung (Az. FA-2026-ABCDEF)' }));
    // The file read again (its own „Aktualisieren“, a changed mandate) leaves the focus where it is.
    const refresh = screen.getByRole('button', { name: 'Aktualisieren' });
    refresh.focus();
    rerender(view(detail({ Contacts: [] })));
    expect(document.activeElement).toBe(refresh);
    rerender(view(null));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fallakte öffnen: Kündigung der Wohnung – Max Mustermann' }));
  });
});

describe('CaseFilesScreen: taking back a document the firm shared', () => {
  it('should withdraw it after the confirmation, read the file and the list again, and show the file read again once', async () => {
    const shared = { Id: 'd-2', FileName: 'Fremd.pdf', ContentType: 'application/pdf', Size: 10, Created: '2026-07-03T08:00:00.000Z' } as const;
    const withWithdrawal = detail({ Documents: [{ ...shared, UploadedBy: 'lawyer', SharedBy: 'Dr. Anna Berger' }, ...detail().Documents] });
    const withdrawn: [string, string][] = [];
    // Only what this journey calls; the other sections are never used here.
    const mandates = { withdrawSharedDocument: (id: string, doc: string) => (withdrawn.push([id, doc]), of(ok(undefined))) } as unknown as MandateApi;
    const onOpen = vi.fn();
    const onRefresh = vi.fn();
    const i18n = createI18n();
    const view = (opened: LawyerCaseFileDetail) => (
      <I18nextProvider i18n={i18n}>
        <CaseFilesScreen
          caseFiles={[]}
          opened={opened}
          documentUrl={() => ''}
          onOpen={onOpen}
          onClose={() => undefined}
          onRefresh={onRefresh}
          mandates={mandates}
        />
      </I18nextProvider>
    );
    const { rerender } = render(view(withWithdrawal));
    // The client's upload has no „Zurückziehen“, the firm's document has.
    expect(screen.getAllByRole('button', { name: /zurückziehen$/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['„Fremd.pdf“ zurückziehen']);
    fireEvent.click(screen.getByRole('button', { name: '„Fremd.pdf“ zurückziehen' }));
    const dialog = screen.getByRole('dialog', { name: '„Fremd.pdf“ zurückziehen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(withdrawn).toEqual([['cf-9', 'd-2']]);
    expect(onOpen).toHaveBeenCalledWith('cf-9');
    expect(onRefresh).toHaveBeenCalled();
    // The file as read again: the document is gone, the list and its notice stand once.
    rerender(view(detail()));
    expect(screen.getAllByRole('heading', { name: 'Dokumente' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /Fremd\.pdf/ })).toBeNull();
    expect(screen.getByText(/^„Fremd\.pdf“ wurde zurückgezogen und gelöscht\./)).toBeTruthy();
  });
});

describe('CaseFilesScreen: searching the list', () => {
  const list = [
    summary('ab12', 'Mietminderung', 'Jana Müller'),
    summary('cd34', 'Kündigung der Wohnung', 'Max Mustermann'),
    summary('ef56', 'Abmahnung', 'Jörg Müller'),
  ];

  it('should narrow the list by every word typed, in number, title or client, say how many match, and say when none does', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CaseFilesScreen caseFiles={list} opened={null} documentUrl={() => ''} onOpen={() => undefined} onClose={() => undefined} onRefresh={() => undefined} />
      </I18nextProvider>,
    );
    const openButtons = () => screen.queryAllByRole('button', { name: /^Fallakte öffnen/ }).map((button) => button.getAttribute('aria-label'));
    const search = screen.getByRole('searchbox', { name: 'Fallakten durchsuchen' });
    fireEvent.change(search, { target: { value: 'MÜLLER' } });
    expect(openButtons()).toEqual(['Fallakte öffnen: Mietminderung – Jana Müller', 'Fallakte öffnen: Abmahnung – Jörg Müller']);
    expect(screen.getByRole('status').textContent).toBe('2 von 3 Fallakten passen zur Suche.');
    fireEvent.change(search, { target: { value: 'müller miet' } });
    expect(openButtons()).toEqual(['Fallakte öffnen: Mietminderung – Jana Müller']);
    expect(screen.getByRole('status').textContent).toBe('1 von 3 Fallakten passt zur Suche.');
    fireEvent.change(search, { target: { value: 'fa-2026-cd' } });
    expect(openButtons()).toEqual(['Fallakte öffnen: Kündigung der Wohnung – Max Mustermann']);
    fireEvent.change(search, { target: { value: 'Erbschaft' } });
    expect(openButtons()).toEqual([]);
    expect(screen.getByText('Keine Fallakte passt zu „Erbschaft“.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(openButtons()).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('CaseFilesScreen: the order of an open file', () => {
  it('should put the daily sections (Vollmacht, Dokumente, Fragebogen, Nachrichten) before access link, withdrawal and hand-over', () => {
    // Every call stays open: only the sections' headings are read here.
    const mandates = new Proxy({}, { get: () => () => NEVER }) as MandateApi;
    render(
      <I18nextProvider i18n={createI18n()}>
        <CaseFilesScreen
          caseFiles={[]}
          opened={detail()}
          documentUrl={() => ''}
          onOpen={() => undefined}
          onClose={() => undefined}
          onRefresh={() => undefined}
          mandates={mandates}
          onWithdrawn={() => undefined}
          onHandedOver={() => undefined}
        />
      </I18nextProvider>,
    );
    const region = screen.getByRole('region', { name: /Fallakte Kündigung der Wohnung/ });
    const headings = within(region)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent ?? '');
    const at = (pattern: RegExp) => {
      const index = headings.findIndex((text) => pattern.test(text));
      expect(index, `${pattern} in ${headings.join(' | ')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const daily = [/^Vollmacht/, /^Dokumente$/, /^Fragebogen/, /^Nachrichten/].map(at);
    const rare = [/Zugang/, /^Versehentlich angelegt\?$/, /Übergeben|übergeben/].map(at);
    expect(daily).toEqual([...daily].sort((a, b) => a - b));
    expect(Math.max(...daily)).toBeLessThan(Math.min(...rare));
  });
});
