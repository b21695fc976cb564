// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { of, Subject } from 'rxjs';
import {
  err,
  httpError,
  ok,
  type DataErasureRequest,
  type DataRequestQuery,
  type DataRequestsApi,
  type DataSubjectSummary,
  type Result,
} from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { DataRequestsScreen } from './DataRequestsScreen.js';

afterEach(cleanup);

// The case file's mandate ended in 2026: it may be deleted from 1 January 2033, 00:00 Berlin time.
const UNTIL = '2032-12-31T23:00:00.000Z';
const found: DataSubjectSummary = {
  Found: true,
  SearchedBy: 'insuranceNumber',
  CustomerSince: '2026-03-01T09:00:00.000Z',
  ChatCases: [
    {
      Id: 'case-1',
      Reference: 'RC-AAAAAAAA',
      Insurer: null,
      FieldOfLaw: 'Mietrecht',
      CreatedAt: '2026-03-02T09:00:00.000Z',
      ClosedAt: '2026-03-02T10:00:00.000Z',
      Running: false,
      Messages: 12,
      Files: 1,
      Callbacks: 0,
      Ratings: 1,
      KeptFor: null,
      KeptUntil: null,
    },
    {
      Id: 'case-2',
      Reference: 'RC-BBBBBBBB',
      Insurer: 'Muster Versicherung AG',
      FieldOfLaw: 'Arbeitsrecht',
      CreatedAt: '2026-03-05T09:00:00.000Z',
      ClosedAt: '2026-03-05T10:00:00.000Z',
      Running: false,
      Messages: 4,
      Files: 0,
      Callbacks: 1,
      Ratings: 0,
      KeptFor: 'FA-2026-ABC123',
      KeptUntil: UNTIL,
    },
  ],
  CaseFiles: [
    {
      Id: 'cf-1',
      CaseNumber: 'FA-2026-ABC123',
      Title: 'Kündigung',
      CreatedAt: '2026-03-05T10:00:00.000Z',
      MandateOpen: false,
      MandateEndedAt: '2026-03-10T09:00:00.000Z',
      RetentionUntil: UNTIL,
      Documents: 2,
      History: 5,
      Contacts: 0,
      ChatCaseReference: 'RC-BBBBBBBB',
    },
  ],
};

function setup(overrides: Partial<DataRequestsApi> = {}, today = new Date('2026-03-20T10:00:00.000Z')) {
  const searches: DataRequestQuery[] = [];
  const erasures: DataErasureRequest[] = [];
  const api: DataRequestsApi = {
    search: (query) => (searches.push(query), of(ok(found))),
    downloadArchive: () => of(ok(new Blob(['PK'], { type: 'application/zip' }))),
    erase: (request) => (
      erasures.push(request),
      of(
        ok({
          ErasedChatCases: ['RC-AAAAAAAA'],
          ErasedFiles: 1,
          Kept: [{ Kind: 'caseFile' as const, Reference: 'FA-2026-ABC123', Until: UNTIL, Message: 'Die Fallakte FA-2026-ABC123 … ab dem 01.01.2033.' }],
        }),
      )
    ),
    ...overrides,
  };
  const save = vi.fn();
  const onSessionExpired = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <DataRequestsScreen api={api} onSessionExpired={onSessionExpired} save={save} today={() => today} />
    </I18nextProvider>,
  );
  return { searches, erasures, save, onSessionExpired };
}

async function searchNumber(number: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
  await screen.findByRole('heading', { name: /Gefunden: 2 Chat-Beratung/ });
}

/** Where a sentence is on screen: out of sight (only read out) or visible. */
function placesOf(text: string) {
  const all = screen.getAllByText(text);
  // jsdom computes no `clip`; a 1 px box that hides its overflow, taken out of the flow, is the visually hidden text.
  const hidden = (element: HTMLElement) => {
    const style = window.getComputedStyle(element);
    return style.position === 'absolute' && style.width === '1px' && style.height === '1px' && style.overflow === 'hidden';
  };
  return { visible: all.filter((element) => !hidden(element)), readOutOnly: all.filter(hidden) };
}

/** The search's answer for a number that belongs to different people at two insurers. */
const ambiguous = {
  ...httpError(409, 'Conflict', 'Diese Versicherungsnummer gehört bei mehreren Versicherern … zu verschiedenen Personen.'),
  details: {
    Insurers: [
      { Id: 'default', Name: 'Rechtsschutz (Standard)' },
      { Id: 'ins-a', Name: 'Muster Versicherung AG' },
    ],
  },
};

describe('DataRequestsScreen', () => {
  it('should let the administration choose the insurer when the number belongs to different people at several insurers', async () => {
    const { searches } = setup({
      search: (query) => {
        searches.push(query);
        return query.Insurer === undefined ? of(err(ambiguous)) : of(ok(found));
      },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: ' VN-4711 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    const choice = await screen.findByRole('radiogroup', { name: 'Versicherer der Person' });
    expect(screen.getByText(/Bei welchem Versicherer ist die Person versichert\?/)).toBeTruthy();
    // The keyboard continues at the choice.
    expect(document.activeElement).toBe(within(choice).getByRole('radio', { name: 'Rechtsschutz (Standard)' }));
    // Without a choice: said at the choice, nothing searched.
    fireEvent.click(screen.getByRole('button', { name: 'Bei diesem Versicherer suchen' }));
    expect(screen.getByText('Bitte wählen Sie einen Versicherer.').getAttribute('role')).toBe('alert');
    expect(searches).toHaveLength(1);
    fireEvent.click(within(choice).getByRole('radio', { name: 'Muster Versicherung AG' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bei diesem Versicherer suchen' }));
    await screen.findByRole('heading', { name: /Gefunden: 2 Chat-Beratung/ });
    expect(searches).toEqual([{ InsuranceNumber: 'VN-4711' }, { InsuranceNumber: 'VN-4711', Insurer: 'ins-a' }]);
    expect(screen.queryByRole('radiogroup', { name: 'Versicherer der Person' })).toBeNull();
  });

  it('should hide the person found once the entry is changed, offering neither their archive nor the erasure until a new search', async () => {
    const { searches } = setup();
    await searchNumber('VN-4711');
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: 'VN-0815' } });
    expect(screen.queryByRole('heading', { name: /Gefunden/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auskunft herunterladen (ZIP)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chats löschen' })).toBeNull();
    expect(screen.getByText(/Sie haben die Eingabe geändert\. Bitte klicken Sie auf „Suchen“/)).toBeTruthy();
    // Back to what was searched (blanks around it do not count): the result is that entry's again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: ' VN-4711' } });
    expect(screen.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' })).toBeTruthy();
    // Another kind of key is another entry too.
    fireEvent.click(screen.getByRole('radio', { name: 'Aktenzeichen (RC-… oder FA-…)' }));
    expect(screen.queryByRole('button', { name: 'Auskunft herunterladen (ZIP)' })).toBeNull();
    expect(searches).toEqual([{ InsuranceNumber: 'VN-4711' }]);
  });

  it('should not show the person found before beside the insurer question of another number', async () => {
    setup({ search: (query) => (query.InsuranceNumber === 'VN-4711' ? of(ok(found)) : of(err(ambiguous))) });
    await searchNumber('VN-4711');
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: 'VN-0815' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await screen.findByRole('radiogroup', { name: 'Versicherer der Person' });
    expect(screen.queryByRole('heading', { name: /Gefunden/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auskunft herunterladen (ZIP)' })).toBeNull();
    // The question belongs to VN-0815: typing another number takes it away as well.
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: 'VN-0816' } });
    expect(screen.queryByRole('radiogroup', { name: 'Versicherer der Person' })).toBeNull();
  });

  it('should show the result line once after a search and announce it through the status line', async () => {
    setup();
    await searchNumber('VN123');
    const sentence = 'Gefunden: 2 Chat-Beratungen und 1 Fallakte.';
    // Since when the firm holds the person's data – the firm's records, not the product's name.
    expect(screen.getByText('Erstmals gespeichert am 01.03.2026.')).toBeTruthy();
    const found = placesOf(sentence);
    // Shown once: as the result's heading, which gets the focus …
    expect(found.visible).toEqual([screen.getByRole('heading', { name: sentence })]);
    expect(document.activeElement).toBe(found.visible[0]);
    // … and announced by the polite live region, out of sight.
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(found.readOutOnly).toHaveLength(1);
    expect(status.contains(found.readOutOnly[0] as HTMLElement)).toBe(true);

    // The erasure's result likewise: shown in its result box, announced in the status line.
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chats endgültig löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Chat RC-AAAAAAAA gelöscht (1 Datei).'));
    const erased = placesOf('Chat RC-AAAAAAAA gelöscht (1 Datei).');
    expect(erased.visible).toHaveLength(1);
    expect(screen.getByRole('status').contains(erased.visible[0] as HTMLElement)).toBe(false);
    expect(erased.readOutOnly).toHaveLength(1);

    // A status the result does not show stays visible in the status line.
    fireEvent.click(screen.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' }));
    await waitFor(() => expect(placesOf('Das Archiv wurde heruntergeladen.').visible).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Das Archiv wurde heruntergeladen.');
  });

  it("should sit in the console's outline like every other screen: its title under the console's h1, the result and groups below it", async () => {
    setup();
    // The console's banner holds the page's only h1 ("Anwaltskonsole"); every screen's title is an h2.
    expect(screen.getByRole('heading', { name: 'Auskunft und Löschung (Art. 15/17 DSGVO)', level: 2 })).toBeTruthy();
    await searchNumber('VN 123');
    expect(screen.getByRole('heading', { name: /Gefunden: 2 Chat-Beratung/, level: 3 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chat-Beratungen', level: 4 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Versicherer: Muster Versicherung AG', level: 5 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Fallakten', level: 4 })).toBeTruthy();
  });

  it('should search by insurance number and show the chats grouped by insurer and the case file with its deletion date', async () => {
    const { searches } = setup();
    await searchNumber(' VN 123 ');
    expect(searches).toEqual([{ InsuranceNumber: 'VN 123' }]);
    expect(screen.getByRole('heading', { name: 'Versicherer: Standardversicherer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Versicherer: Muster Versicherung AG' })).toBeTruthy();
    expect(screen.getByText(/Gehört zur Fallakte FA-2026-ABC123 – muss nach § 50 BRAO aufbewahrt werden, löschbar ab 01.01.2033/)).toBeTruthy();
    expect(screen.getByText(/Mandat beendet am 10.03.2026 – Aufbewahrung nach § 50 BRAO, löschbar ab 01.01.2033/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Gefunden: 2 Chat-Beratungen und 1 Fallakte.');
  });

  it('should say before the erasure what goes and that only the invoice’s facts stay, with no person', async () => {
    setup();
    await searchNumber('VN123');
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chats endgültig löschen?' });
    expect(dialog.textContent).toContain('und die Beratungen gehören danach zu keiner Person mehr.');
    expect(dialog.textContent).toContain(
      'Für die Abrechnung mit dem Versicherer bleiben nur Datum, Aktenzeichen, Versicherer, Rechtsgebiet und Dauer bis zum Ende der Aufbewahrungsfrist erhalten',
    );
  });

  it('should say zero in words as the ZIP archive does („keine Fallakte“, „Keine Nachrichten, …“), never „0 Nachrichten“ or „und 0 Fallakten“', async () => {
    const empty: DataSubjectSummary = {
      ...found,
      ChatCases: [{ ...found.ChatCases[0]!, Messages: 0, Files: 0, Callbacks: 0, Ratings: 0 }],
      CaseFiles: [],
    };
    setup({ search: () => of(ok(empty)) });
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: 'VN123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByRole('heading', { name: 'Gefunden: 1 Chat-Beratung und keine Fallakte.' })).toBeTruthy();
    expect(screen.getByText('Keine Nachrichten, keine Dateien, keine Rückrufwünsche, keine Bewertungen')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b0 /);
  });

  it('should count in German singular and plural, never "Fallakte(n)" or "1 Bewertungen"', async () => {
    setup();
    await searchNumber('VN123');
    expect(screen.getByText('12 Nachrichten, 1 Datei, keine Rückrufwünsche, 1 Bewertung')).toBeTruthy();
    expect(screen.getByText('4 Nachrichten, keine Dateien, 1 Rückrufwunsch, keine Bewertungen')).toBeTruthy();
    expect(screen.getByText('2 Dokumente, 5 Verlaufseinträge, keine Kontaktnachrichten')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chats endgültig löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findAllByText('Chat RC-AAAAAAAA gelöscht (1 Datei).')).not.toHaveLength(0);
  });

  it('should name each erased chat by its reference, apart from the kept chat the server names', async () => {
    const kept = 'Der Chat RC-BBBBBBBB gehört zur Fallakte FA-2026-ABC123 … Die Löschung ist vorgemerkt: Dann wird er automatisch gelöscht.';
    setup({
      erase: () =>
        of(
          ok({
            ErasedChatCases: ['RC-AAAAAAAA', 'RC-CCCCCCCC'],
            ErasedFiles: 0,
            Kept: [{ Kind: 'chatCase' as const, Reference: 'RC-BBBBBBBB', Until: UNTIL, Message: kept }],
          }),
        ),
    });
    await searchNumber('VN123');
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Chats endgültig löschen?' })).getByRole('button', { name: 'Endgültig löschen' }));
    const result = (await screen.findByRole('heading', { name: 'Ergebnis der Löschung' })).parentElement as HTMLElement;
    expect(within(result).getByText('Chats RC-AAAAAAAA und RC-CCCCCCCC gelöscht (keine Dateien).')).toBeTruthy();
    expect(within(result).getByRole('listitem').textContent).toBe(kept);
  });

  it('should say so when the erasure erased no chat', async () => {
    setup({ erase: () => of(ok({ ErasedChatCases: [], ErasedFiles: 0, Kept: [] })) });
    await searchNumber('VN123');
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Chats endgültig löschen?' })).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findAllByText('Es wurde kein Chat gelöscht.')).not.toHaveLength(0);
  });

  it('should search by reference and ask for a value before searching', async () => {
    const { searches } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Aktenzeichen (RC-… oder FA-…)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('Bitte geben Sie eine Versicherungsnummer oder ein Aktenzeichen ein.')).toBeTruthy();
    expect(searches).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Aktenzeichen (RC-… oder FA-…)' }), { target: { value: 'fa-2026-abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await screen.findByRole('heading', { name: /Gefunden/ });
    expect(searches).toEqual([{ Reference: 'fa-2026-abc123' }]);
  });

  it('should download the archive for the searched person, named by their first chat case and the Berlin day', async () => {
    const downloads: DataRequestQuery[] = [];
    // 00:30 on 20 March in Berlin is still the 19th in UTC.
    const { save } = setup({ downloadArchive: (query) => (downloads.push(query), of(ok(new Blob(['PK'])))) }, new Date('2026-03-19T23:30:00.000Z'));
    await searchNumber('VN123');
    fireEvent.click(screen.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('Auskunft-RC-AAAAAAAA-2026-03-20.zip');
    expect(downloads).toEqual([{ InsuranceNumber: 'VN123' }]);
    expect(screen.getByRole('status').textContent).toContain('Das Archiv wurde heruntergeladen.');
  });

  it('should confirm what will be erased and what must be kept with its date, then erase only the erasable chats', async () => {
    const { erasures } = setup();
    await searchNumber('VN123');
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chats endgültig löschen?' });
    const erased = within(dialog).getByRole('list', { name: 'Gelöscht werden' });
    expect(
      within(erased)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('RC-AAAAAAAA')]);
    const kept = within(dialog).getByRole('list', { name: 'Aufbewahrt werden müssen' });
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fallakte FA-2026-ABC123: löschbar ab 01.01.2033 (§ 50 BRAO)', 'Chat RC-BBBBBBBB (gehört zu FA-2026-ABC123): löschbar ab 01.01.2033']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(erasures).toEqual([{ InsuranceNumber: 'VN123', ChatCaseIds: ['case-1'] }]);
    expect(await screen.findByText('Die Fallakte FA-2026-ABC123 … ab dem 01.01.2033.')).toBeTruthy();
    // The dialog and its opener are gone: the keyboard focus is on the result, not at the page's start.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ergebnis der Löschung' })));
  });

  it('should show the server’s refusal in the dialog and keep it open', async () => {
    setup({ erase: () => of(err(httpError(409, 'Conflict', 'Ein Chat dieser Person läuft noch.'))) });
    await searchNumber('VN123');
    fireEvent.click(screen.getByRole('button', { name: 'Chats löschen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await within(dialog).findByText('Ein Chat dieser Person läuft noch.')).toBeTruthy();
  });

  it('should not offer the erasure while a chat runs', async () => {
    setup({ search: () => of(ok({ ...found, ChatCases: found.ChatCases.map((c) => ({ ...c, Running: c.Id === 'case-1' })) })) });
    await searchNumber('VN123');
    expect((screen.getByRole('button', { name: 'Chats löschen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Chat läuft noch – vor dem Löschen muss er beendet sein.')).toBeTruthy();
  });

  it('should hand a 401 to the session handling', async () => {
    const { onSessionExpired } = setup({ search: () => of(err(httpError(401, 'NotAuthenticated', 'Bitte melden Sie sich an.'))) });
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: 'VN1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalled());
  });

  it('should give the keyboard focus back to „Suchen“ when nothing is stored, and to „Auskunft herunterladen“ once the archive is saved', async () => {
    const answers = new Subject<Result<DataSubjectSummary>>();
    const archives = new Subject<Result<Blob>>();
    const { save } = setup({ search: () => answers, downloadArchive: () => archives });
    fireEvent.change(screen.getByRole('textbox', { name: 'Versicherungsnummer' }), { target: { value: 'RS2026000999' } });
    const search = screen.getByRole('button', { name: 'Suchen' });
    search.focus();
    fireEvent.click(search);
    expect(search.hasAttribute('disabled')).toBe(true);
    // The browser drops the focus of a button that becomes disabled to the page's start.
    search.blur();
    act(() => answers.next(ok({ Found: false, SearchedBy: 'insuranceNumber', CustomerSince: null, ChatCases: [], CaseFiles: [] })));
    await waitFor(() => expect(search.hasAttribute('disabled')).toBe(false));
    expect(document.activeElement).toBe(search);

    fireEvent.click(search);
    act(() => answers.next(ok(found)));
    // A found person: the keyboard continues at the result.
    expect(await screen.findByRole('heading', { name: /Gefunden: 2 Chat-Beratung/ })).toBe(document.activeElement);
    const download = screen.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' });
    download.focus();
    fireEvent.click(download);
    download.blur();
    act(() => archives.next(ok(new Blob(['PK'], { type: 'application/zip' }))));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(document.activeElement).toBe(download);
  });
});
