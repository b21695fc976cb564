// @vitest-environment jsdom
// /konsole/verwaltung/versicherer: insurers with their keys; a new key's secret is shown once (copy, warning, the
// JWT header with its kid) and the dialog closes only once the administrator confirms; revoking asks first; ending the
// collaboration asks first and says what happens, an ended insurer says since when and can be resumed; only a never-used
// insurer offers „Versicherer löschen“, with confirmation.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, httpError, ok, type Insurer, type InsurersApi, type IssuedInsurerKey } from '@rechtschat/core';
import { createI18n } from '../../i18n/i18n.js';
import { InsurersScreen } from './InsurersScreen.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const arag: Insurer = {
  Id: 'ins-1',
  Name: 'ARAG SE',
  DisplayName: 'ARAG',
  CreatedAt: '2026-11-01T09:00:00.000Z',
  EndedAt: null,
  Keys: [
    { Kid: 'k-old', CreatedAt: '2026-11-01T09:00:00.000Z', RevokedAt: null, LastUsedAt: '2026-11-28T09:41:00.000Z' },
    { Kid: 'k-spare', CreatedAt: '2026-11-02T09:00:00.000Z', RevokedAt: null, LastUsedAt: null },
  ],
  Deletable: false,
};
const ENDED_AT = '2026-12-01T10:00:00.000Z';
const endedArag: Insurer = { ...arag, EndedAt: ENDED_AT, Keys: arag.Keys.map((key) => ({ ...key, RevokedAt: ENDED_AT })) };
/** Created by mistake: its one key never signed a login. */
const huk: Insurer = {
  Id: 'ins-2',
  Name: 'HUK-COBURG',
  DisplayName: null,
  CreatedAt: '2026-11-20T09:00:00.000Z',
  EndedAt: null,
  Keys: [{ Kid: 'k-huk', CreatedAt: '2026-11-20T09:00:00.000Z', RevokedAt: null, LastUsedAt: null }],
  Deletable: true,
};
const issued: IssuedInsurerKey = {
  InsurerId: 'ins-1',
  Kid: 'k-new',
  Secret: 'geheim-0123456789abcdef',
  Algorithm: 'HS256',
  CreatedAt: '2026-11-28T10:00:00.000Z',
};

/** A firm with 35 insurers (the operator's case): „Versicherung 01“ … „Versicherung 33“ besides ARAG and HUK. */
const many: Insurer[] = [
  arag,
  huk,
  ...Array.from({ length: 33 }, (_, index): Insurer => {
    const number = String(index + 1).padStart(2, '0');
    return { ...huk, Id: `ins-v${number}`, Name: `Versicherung ${number}`, Keys: [{ ...huk.Keys[0]!, Kid: `k-v${number}` }] };
  }),
  { ...huk, Id: 'ins-aerzte', Name: 'Ärzte-Rechtsschutz', DisplayName: 'Ärzte-RS', Keys: [] },
];

function fakeApi(overrides: Partial<InsurersApi> = {}): InsurersApi {
  return {
    list: vi.fn(() => of(ok([arag]))),
    create: vi.fn((request) =>
      of(
        ok({
          Id: 'ins-2',
          Name: request.Name,
          DisplayName: request.DisplayName,
          CreatedAt: '2026-11-28T10:00:00.000Z',
          EndedAt: null,
          Keys: [],
          Deletable: true,
        }),
      ),
    ),
    update: vi.fn((_id, request) => of(ok({ ...arag, Name: request.Name, DisplayName: request.DisplayName }))),
    createKey: vi.fn(() => of(ok(issued))),
    revokeKey: vi.fn(() => of(ok({ ...arag, Keys: [{ ...arag.Keys[0]!, RevokedAt: '2026-11-28T10:05:00.000Z' }] }))),
    end: vi.fn(() => of(ok(endedArag))),
    resume: vi.fn(() => of(ok({ ...endedArag, EndedAt: null }))),
    remove: vi.fn(() => of(ok(undefined))),
    ...overrides,
  };
}

function show(api: InsurersApi, copyText: (text: string) => Promise<void> = async () => undefined) {
  const onSessionExpired = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <InsurersScreen api={api} onSessionExpired={onSessionExpired} copyText={copyText} />
    </I18nextProvider>,
  );
  return { onSessionExpired };
}

describe('InsurersScreen', () => {
  it('should explain the „Standardversicherer“ that reports and invoices name but this list does not hold', () => {
    show(fakeApi());
    expect(screen.getByText(/Links ohne Schlüssel-ID .* unter „Standardversicherer“/)).toBeTruthy();
  });

  it('should list each insurer with its display name and keys, never a secret', () => {
    show(fakeApi());
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    expect(within(card).getByText('Anzeigename im Chat: ARAG')).toBeTruthy();
    const keys = within(card).getByRole('table', { name: 'Schlüssel von ARAG SE' });
    expect(within(keys).getByText('k-old')).toBeTruthy();
    expect(within(keys).getAllByText('Aktiv')).toHaveLength(2);
  });

  it("should name each insurer's scrollable key table region after the insurer, so two insurers' regions differ", () => {
    show(fakeApi({ list: vi.fn(() => of(ok([arag, huk]))) }));
    expect(within(screen.getByRole('region', { name: 'Schlüssel von HUK-COBURG' })).getByText('k-huk')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Schlüssel von ARAG SE' })).getByText('k-old')).toBeTruthy();
  });

  it('should show when each key was last used, in Berlin time, or that it never was', () => {
    show(fakeApi());
    const keys = within(screen.getByRole('region', { name: 'ARAG SE' })).getByRole('table', { name: 'Schlüssel von ARAG SE' });
    expect(within(keys).getByRole('columnheader', { name: 'Benutzung' })).toBeTruthy();
    const used = within(keys).getByRole('row', { name: /k-old/ });
    expect(within(used).getByRole('cell', { name: 'Zuletzt benutzt: 28.11.2026, 10:41' })).toBeTruthy();
    const spare = within(keys).getByRole('row', { name: /k-spare/ });
    expect(within(spare).getByRole('cell', { name: 'Noch nie benutzt' })).toBeTruthy();
  });

  it('should create an insurer with an optional display name and announce it', async () => {
    const api = fakeApi();
    show(api);
    const form = screen.getByRole('form', { name: 'Versicherer anlegen' });
    fireEvent.click(within(form).getByRole('button', { name: 'Versicherer anlegen' }));
    expect(within(form).getByText('Bitte geben Sie einen Namen ein.')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /^Name/ }));
    expect(api.create).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: ' HUK-COBURG ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Versicherer anlegen' }));
    expect(api.create).toHaveBeenCalledWith({ Name: 'HUK-COBURG', DisplayName: null });
    expect(await screen.findByRole('region', { name: 'HUK-COBURG' })).toBeTruthy();
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Der Versicherer „HUK-COBURG“ wurde angelegt.');
    // Accepted: the form is empty again, ready for the next insurer.
    expect((screen.getByRole('form', { name: 'Versicherer anlegen' }).querySelector('#new-insurer-name') as HTMLInputElement).value).toBe('');
  });

  it('should list many insurers one line each (name, state, keys) with a search by name, display name or key ID whose count is announced politely', () => {
    show(fakeApi({ list: vi.fn(() => of(ok(many))) }));
    const count = screen.getByText(/^36 Versicherer\./);
    expect(count.getAttribute('role')).toBe('status');
    expect(count.getAttribute('aria-live')).toBe('polite');
    // Closed: no key table, no buttons beyond the name; the line says what matters at a glance.
    const arag = screen.getByRole('region', { name: 'ARAG SE' });
    expect(within(arag).queryByRole('table')).toBeNull();
    expect(within(arag).getByText('2 aktive Schlüssel · Anzeigename im Chat: ARAG')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Ärzte-Rechtsschutz' })).getByText(/^Kein aktiver Schlüssel/)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Neuen Schlüssel erzeugen/ })).toHaveLength(0);

    const search = screen.getByRole('searchbox', { name: 'Versicherer suchen' });
    fireEvent.change(search, { target: { value: 'arzte' } });
    expect(count.textContent).toBe('1 von 36 Versicherern passt zu „arzte“.');
    const list = () => within(document.getElementById('insurers-list')!);
    expect(
      list()
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-labelledby')),
    ).toEqual(['insurer-ins-aerzte-heading']);
    fireEvent.change(search, { target: { value: 'Versicherung 1' } });
    expect(count.textContent).toBe('10 von 36 Versicherern passen zu „Versicherung 1“.');
    fireEvent.change(search, { target: { value: 'K-HUK' } });
    expect(screen.getByRole('region', { name: 'HUK-COBURG' })).toBeTruthy();
    expect(count.textContent).toBe('1 von 36 Versicherern passt zu „K-HUK“.');
    fireEvent.change(search, { target: { value: 'Allianz' } });
    expect(count.textContent).toBe('Kein Versicherer passt zu „Allianz“.');
    expect(list().queryAllByRole('region')).toHaveLength(0);
    fireEvent.change(search, { target: { value: '' } });
    expect(count.textContent).toBe('36 Versicherer. Öffnen Sie einen mit seinem Namen.');
  });

  it('should open an insurer of many with its name button (aria-expanded), keep it open after a reload in the tab, and open a newly created one at once', async () => {
    const api = fakeApi({ list: vi.fn(() => of(ok(many))) });
    show(api);
    const toggle = screen.getByRole('button', { name: 'ARAG SE' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    expect(within(card).getByRole('table', { name: 'Schlüssel von ARAG SE' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Neuen Schlüssel erzeugen für ARAG SE' })).toBeTruthy();
    cleanup();
    show(api);
    expect(screen.getByRole('button', { name: 'ARAG SE' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'HUK-COBURG' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'ARAG SE' }));
    expect(screen.queryByRole('table', { name: 'Schlüssel von ARAG SE' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Versicherer anlegen' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Zurich' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Versicherer anlegen' }));
    expect(await screen.findByRole('button', { name: 'Neuen Schlüssel erzeugen für Zurich' })).toBeTruthy();
  });

  it('should rename an insurer and its display name', () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG SE' }));
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    expect(document.activeElement).toBe(within(card).getByRole('textbox', { name: /^Name/ }));
    fireEvent.change(within(card).getByRole('textbox', { name: 'Anzeigename im Chat (optional)' }), { target: { value: 'ARAG Rechtsschutz' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Speichern' }));
    expect(api.update).toHaveBeenCalledWith('ins-1', { Name: 'ARAG SE', DisplayName: 'ARAG Rechtsschutz' });
    expect(screen.getByText('Anzeigename im Chat: ARAG Rechtsschutz')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG SE' }));
  });

  it('should say „Bitte geben Sie einen Namen ein.“ for a renamed insurer whose name is blank or invisible characters only, without calling the server', () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG SE' }));
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    for (const blank of ['   ', '\u200B\u2060 ']) {
      fireEvent.change(within(card).getByRole('textbox', { name: /^Name/ }), { target: { value: blank } });
      fireEvent.click(within(card).getByRole('button', { name: 'Speichern' }));
      expect(within(card).getByText('Bitte geben Sie einen Namen ein.')).toBeTruthy();
    }
    expect(api.update).not.toHaveBeenCalled();
  });

  it('should show a new key once with its secret, a copy button, the warning and the JWT header, and close only after confirmation', async () => {
    const copyText = vi.fn(async () => undefined);
    show(fakeApi(), copyText);
    fireEvent.click(screen.getByRole('button', { name: 'Neuen Schlüssel erzeugen für ARAG SE' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Schlüssel für ARAG SE' });
    expect(within(dialog).getByText(/Das Geheimnis wird nur jetzt angezeigt/)).toBeTruthy();
    expect(within(dialog).getByTestId('issued-secret').textContent).toBe(issued.Secret);
    expect(within(dialog).getByText(/"kid": "k-new"/)).toBeTruthy();
    // exp as the number the server needs (an outside tester signed the old text placeholder as it stood: refused).
    const claims = JSON.parse(within(dialog).getByText(/"exp"/).textContent ?? '{}') as { exp: unknown };
    expect(typeof claims.exp).toBe('number');
    expect(Number(claims.exp) * 1000 - Date.now()).toBeGreaterThan(590_000);
    expect(Number(claims.exp) * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    expect(within(dialog).getByTestId('token-link').textContent).toBe(`${window.location.origin}/chat/new?InsuranceNumber=<Token, Base64url-kodiert>`);
    expect(within(dialog).getByText(/Base64url-kodiert \(RFC 4648/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Geheimnis kopieren' }));
    expect(copyText).toHaveBeenCalledWith(issued.Secret);
    await waitFor(() => expect(within(dialog).getByText('In die Zwischenablage kopiert.')).toBeTruthy());
    const done = within(dialog).getByRole('button', { name: 'Fertig' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ich habe das Geheimnis sicher übergeben oder gespeichert.' }));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(issued.Secret)).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Schlüssel von ARAG SE' })).getByText('k-new')).toBeTruthy();
  });

  it('should revoke a key only after confirmation', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Schlüssel k-old widerrufen' }));
    const dialog = screen.getByRole('dialog', { name: 'Schlüssel widerrufen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(api.revokeKey).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Schlüssel k-old widerrufen' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Endgültig widerrufen' }));
    expect(api.revokeKey).toHaveBeenCalledWith('ins-1', 'k-old');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Schlüssel'));
    expect(screen.getByText(/^Widerrufen am 28\.11\.2026, 11:05$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Schlüssel k-old widerrufen' })).toBeNull();
  });

  it('should end the collaboration only after a dialog that says what happens, then say since when and offer no new key', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Zusammenarbeit beenden: ARAG SE' }));
    const dialog = screen.getByRole('dialog', { name: 'Zusammenarbeit mit ARAG SE beenden?' });
    // What happens, before anything does: every key revoked, its clients signed out, no new keys, cases and reports kept.
    expect(within(dialog).getByText('Alle Schlüssel von ARAG SE werden widerrufen. Zugangslinks dieses Versicherers werden ab sofort abgelehnt.')).toBeTruthy();
    expect(within(dialog).getByText(/wird abgemeldet, und seine Chat-Verbindung wird getrennt/)).toBeTruthy();
    expect(within(dialog).getByText('Solange die Zusammenarbeit beendet ist, können keine neuen Schlüssel erzeugt werden.')).toBeTruthy();
    expect(within(dialog).getByText(/Fälle, Chats, Fallakten und Berichte bleiben erhalten\. Berichte und die Abrechnung nennen/)).toBeTruthy();
    expect(within(dialog).getByText(/Widerrufene Schlüssel bleiben widerrufen/)).toBeTruthy();
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.end).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Zusammenarbeit beenden: ARAG SE' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Zusammenarbeit beenden' }));
    expect(api.end).toHaveBeenCalledWith('ins-1');
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    const state = within(card).getByText('Beendet am 01.12.2026, 11:00');
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Die Zusammenarbeit mit „ARAG SE“ wurde beendet; alle Schlüssel sind widerrufen.');
    expect(within(card).getAllByText('Widerrufen am 01.12.2026, 11:00')).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: /^Neuen Schlüssel erzeugen/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Zusammenarbeit beenden/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Zusammenarbeit wieder aufnehmen: ARAG SE' })).toBeTruthy();
  });

  it('should resume an ended collaboration and lead to the next step, a new key', async () => {
    const api = fakeApi({ list: vi.fn(() => of(ok([endedArag]))) });
    show(api);
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    expect(within(card).getByText('Beendet am 01.12.2026, 11:00')).toBeTruthy();
    expect(within(card).getByText(/Zugangslinks dieses Versicherers werden abgelehnt/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Zusammenarbeit wieder aufnehmen: ARAG SE' }));
    expect(api.resume).toHaveBeenCalledWith('ins-1');
    const createKey = within(card).getByRole('button', { name: 'Neuen Schlüssel erzeugen für ARAG SE' });
    await waitFor(() => expect(document.activeElement).toBe(createKey));
    expect(within(card).queryByText(/^Beendet am/)).toBeNull();
    expect(screen.getAllByRole('status')[0]?.textContent).toBe(
      'Die Zusammenarbeit mit „ARAG SE“ wurde wieder aufgenommen. Erzeugen Sie jetzt einen neuen Schlüssel für den Versicherer.',
    );
  });

  it('should offer „Versicherer löschen“ only for an insurer none of whose keys was used, and delete it after confirmation', async () => {
    const api = fakeApi({ list: vi.fn(() => of(ok([arag, huk]))) });
    show(api);
    // ARAG's key signed logins: it can only be ended.
    expect(screen.queryByRole('button', { name: 'Versicherer löschen: ARAG SE' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Versicherer löschen: HUK-COBURG' }));
    const dialog = screen.getByRole('dialog', { name: 'Versicherer HUK-COBURG löschen?' });
    expect(
      within(dialog).getByText(/^HUK-COBURG und seine Schlüssel werden endgültig gelöscht\. .* beenden Sie stattdessen die Zusammenarbeit\.$/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Versicherer löschen: HUK-COBURG' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Endgültig löschen' }));
    expect(api.remove).toHaveBeenCalledWith('ins-2');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'HUK-COBURG' })).toBeNull());
    expect(screen.getByRole('region', { name: 'ARAG SE' })).toBeTruthy();
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Der Versicherer „HUK-COBURG“ wurde gelöscht.');
    // The card and its button are gone: the keyboard continues at the screen's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Versicherer', level: 2 })));
  });

  it('should not offer „Versicherer löschen“ for an insurer the server would not delete (no key used, but cases), and say why instead', () => {
    // No key, none used – but consultations name it (`Deletable` false): the server would answer 409.
    const withCases: Insurer = { ...huk, Id: 'ins-3', Name: 'ÖRAG Rechtsschutz', Keys: [], Deletable: false };
    const endedUsed: Insurer = { ...endedArag, Name: 'ARAG beendet', Id: 'ins-4' };
    show(fakeApi({ list: vi.fn(() => of(ok([withCases, endedUsed]))) }));
    const card = screen.getByRole('region', { name: 'ÖRAG Rechtsschutz' });
    expect(within(card).queryByRole('button', { name: /^Versicherer löschen/ })).toBeNull();
    expect(
      within(card).getByText(
        'Kann nicht gelöscht werden: Es gibt bereits Kundinnen, Kunden oder Fälle zu diesem Versicherer. Sie können stattdessen die Zusammenarbeit beenden.',
      ),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Zusammenarbeit beenden: ÖRAG Rechtsschutz' })).toBeTruthy();
    // Ended already: no pointer to ending it again.
    const ended = screen.getByRole('region', { name: 'ARAG beendet' });
    expect(within(ended).queryByRole('button', { name: /^Versicherer löschen/ })).toBeNull();
    expect(within(ended).getByText('Kann nicht gelöscht werden: Einer seiner Schlüssel wurde bereits benutzt.')).toBeTruthy();
  });

  it('should show the server’s refusal of a deletion, which points to „Zusammenarbeit beenden“, and keep the insurer', async () => {
    const message =
      'Dieser Versicherer kann nicht gelöscht werden, weil er bereits genutzt wurde: … Beenden Sie stattdessen die Zusammenarbeit („Zusammenarbeit beenden“): …';
    const api = fakeApi({ list: vi.fn(() => of(ok([huk]))), remove: vi.fn(() => of(err(httpError(409, 'Conflict', message)))) });
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Versicherer löschen: HUK-COBURG' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`Das hat nicht geklappt: ${message}`));
    expect(screen.getByRole('region', { name: 'HUK-COBURG' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zusammenarbeit beenden: HUK-COBURG' })).toBeTruthy();
  });

  it('should mark the Name field with a refused name (taken), name the message there and move the focus to it', async () => {
    const taken = 'Ein Versicherer mit diesem Namen ist bereits angelegt.';
    const api = fakeApi({ create: vi.fn(() => of(err(httpError(409, 'Conflict', taken)))) });
    show(api);
    const form = screen.getByRole('form', { name: 'Versicherer anlegen' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'ARAG SE' } });
    const submit = within(form).getByRole('button', { name: 'Versicherer anlegen' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(taken);
    // Said once, at the field: not a second time at the top.
    expect(screen.queryByRole('alert')).toBeNull();
    // Refused: what was typed stays to correct, and no earlier success stands beside the refusal.
    expect(name).toHaveProperty('value', 'ARAG SE');
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('');
    // The same refusal again: the focus goes to the field again.
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('should keep a refused rename (name taken) open with what was typed, mark its Name field there and close it once a name is taken', async () => {
    const taken = 'Ein Versicherer mit diesem Namen ist bereits angelegt.';
    const update = vi
      .fn<InsurersApi['update']>()
      .mockReturnValueOnce(of(err(httpError(409, 'Conflict', taken))))
      .mockImplementation((_id, request) => of(ok({ ...arag, Name: request.Name, DisplayName: request.DisplayName })));
    const api = fakeApi({ list: vi.fn(() => of(ok([arag, huk]))), update });
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG SE' }));
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    const name = within(card).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'HUK-COBURG' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Speichern' }));
    expect(update).toHaveBeenCalledWith('ins-1', { Name: 'HUK-COBURG', DisplayName: 'ARAG' });
    // The form stays with the typed name; the refusal is said at its field, once, and the focus is there to correct it.
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name).toHaveProperty('value', 'HUK-COBURG');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(taken);
    expect(screen.queryByRole('alert')).toBeNull();
    // The creation form above is not the one refused.
    const createForm = screen.getByRole('form', { name: 'Versicherer anlegen' });
    expect(within(createForm).getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('false');
    // Corrected and saved: the form closes and the keyboard is back on the card's button.
    fireEvent.change(name, { target: { value: 'ARAG Rechtsschutz SE' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG Rechtsschutz SE' })));
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('should forget a refused rename once its form is cancelled: opened again, the Name field is not marked', async () => {
    const taken = 'Ein Versicherer mit diesem Namen ist bereits angelegt.';
    const api = fakeApi({ update: vi.fn(() => of(err(httpError(409, 'Conflict', taken)))) });
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG SE' }));
    const card = screen.getByRole('region', { name: 'ARAG SE' });
    fireEvent.change(within(card).getByRole('textbox', { name: /^Name/ }), { target: { value: 'HUK-COBURG' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(within(card).getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true'));
    fireEvent.click(within(card).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Namen bearbeiten: ARAG SE' }));
    const again = within(card).getByRole('textbox', { name: /^Name/ });
    expect(again).toHaveProperty('value', 'ARAG SE');
    expect(again.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should show the server message of a refused change and end the session on 401', () => {
    const api = fakeApi({ create: vi.fn(() => of(err(httpError(500, 'Internal', 'Interner Fehler.')))) });
    const { onSessionExpired } = show(api);
    const form = screen.getByRole('form', { name: 'Versicherer anlegen' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'ARAG SE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Versicherer anlegen' }));
    expect(screen.getByRole('alert').textContent).toBe('Das hat nicht geklappt: Interner Fehler.');
    expect(within(form).getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('false');
    cleanup();
    const expired = show(fakeApi({ list: vi.fn(() => of(err(httpError(401, 'NotAuthenticated', 'Bitte melden Sie sich an.')))) }));
    expect(expired.onSessionExpired).toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});
