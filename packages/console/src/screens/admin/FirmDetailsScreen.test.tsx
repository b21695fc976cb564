// @vitest-environment jsdom
// /konsole/verwaltung/kanzlei: the firm's details in a labelled form with hints, where they come from, checks before
// sending named at their fields (aria-invalid, aria-describedby) with the focus on the first, the server's refusal at
// its field, a save announced in the status line, and the reset to the server's settings after a question.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, ok, type AppError, type FirmDetails, type FirmDetailsAdminApi, type FirmDetailsSettings } from '@rechtschat/core';
import { createI18n } from '../../i18n/i18n.js';
import { FirmDetailsScreen } from './FirmDetailsScreen.js';

afterEach(cleanup);

const details: FirmDetails = {
  Name: 'Berger & Partner Rechtsanwälte',
  RepresentedBy: '',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '+49 30 1234567',
  Email: 'kanzlei@berger-partner.example',
  BarChamber: '',
  LiabilityInsurance: '',
  Register: '',
  VatId: '',
  DataProtectionOfficer: '',
  SupervisoryAuthority: '',
};
const fromEnvironment: FirmDetailsSettings = {
  Details: { ...details, Street: '', PostalCode: '', City: '' },
  Source: 'environment',
  UpdatedByName: null,
  UpdatedAt: null,
};

function fakeApi(overrides: Partial<FirmDetailsAdminApi> = {}): FirmDetailsAdminApi {
  return {
    get: vi.fn(() => of(ok(fromEnvironment))),
    save: vi.fn((request) =>
      of(ok({ Details: request, Source: 'console' as const, UpdatedByName: 'Dr. Eva Schneider', UpdatedAt: '2026-12-07T09:00:00.000Z' })),
    ),
    reset: vi.fn(() => of(ok(fromEnvironment))),
    ...overrides,
  };
}

function show(api: FirmDetailsAdminApi) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <FirmDetailsScreen api={api} onSessionExpired={vi.fn()} />
    </I18nextProvider>,
  );
}

const input = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('FirmDetailsScreen', () => {
  it('should show the environment defaults in labelled groups with hints and say where the details appear', () => {
    show(fakeApi());
    expect(screen.getByRole('heading', { level: 2, name: 'Kanzlei' })).toBeTruthy();
    expect(screen.getByText(/Sie erscheinen im Impressum der Web-App/)).toBeTruthy();
    expect(screen.getByText(/FIRM_NAME, FIRM_PHONE und FIRM_EMAIL/)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Anbieter' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Berufsrechtliche Angaben' })).toBeTruthy();
    expect(input(/^Name der Kanzlei/).value).toBe('Berger & Partner Rechtsanwälte');
    expect(input(/^Name der Kanzlei/).required).toBe(true);
    expect(describedBy(input('Zuständige Rechtsanwaltskammer'))).toBe('Name und Anschrift, z. B. „Rechtsanwaltskammer Berlin, Littenstraße 9, 10179 Berlin“.');
  });

  it('should name wrong fields beside them, focus the first and send nothing', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.change(input('PLZ'), { target: { value: '1011' } });
    fireEvent.change(input('E-Mail'), { target: { value: 'kanzlei-at-example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kanzleiangaben speichern' }));
    expect(api.save).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte korrigieren Sie die markierten Felder.')).toBeTruthy();
    expect(input('PLZ').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input('PLZ'))).toBe('Bitte geben Sie die Postleitzahl mit fünf Ziffern an, z. B. 10115.');
    expect(describedBy(input('E-Mail'))).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. kanzlei@beispiel.de.');
    expect(input('Ort').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(input('PLZ')));
  });

  it('should save the trimmed details, announce it and say who saved them', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.change(input('Straße und Hausnummer'), { target: { value: '  Musterstraße 12 ' } });
    fireEvent.change(input('PLZ'), { target: { value: '10115' } });
    fireEvent.change(input('Ort'), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kanzleiangaben speichern' }));
    expect(api.save).toHaveBeenCalledWith(details);
    expect(screen.getByRole('status').textContent).toBe('Die Kanzleiangaben wurden gespeichert. Sie gelten ab dem nächsten Seitenaufruf.');
    expect(screen.getByText('Zuletzt geändert von Dr. Eva Schneider am 07.12.2026, 10:00.')).toBeTruthy();
    expect(input('Straße und Hausnummer').value).toBe('Musterstraße 12');
  });

  it("should show the server's refusal at its field and keep what was typed", async () => {
    const refusal: AppError = {
      _tag: 'HttpError',
      status: 400,
      code: 'BadRequest',
      message: 'Bitte geben Sie die USt-IdNr. mit Länderkennung an, z. B. DE123456789.',
      details: { Fields: [{ Field: 'VatId', Code: 'VatId', Message: 'Bitte geben Sie die USt-IdNr. mit Länderkennung an, z. B. DE123456789.' }] },
    };
    show(fakeApi({ save: vi.fn(() => of(err(refusal))) }));
    fireEvent.change(input('Telefon'), { target: { value: '+49 30 7654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kanzleiangaben speichern' }));
    const vatId = input('USt-IdNr. (falls vorhanden)');
    expect(vatId.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(vatId)).toBe('Bitte geben Sie die USt-IdNr. mit Länderkennung an, z. B. DE123456789.');
    expect(input('Telefon').value).toBe('+49 30 7654321');
    expect(screen.getByRole('status').textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(vatId));
  });

  it("should offer the server's settings only once details are saved, ask first and announce the reset", async () => {
    const saved: FirmDetailsSettings = { Details: details, Source: 'console', UpdatedByName: 'Dr. Eva Schneider', UpdatedAt: '2026-12-07T09:00:00.000Z' };
    const api = fakeApi({ get: vi.fn(() => of(ok(saved))) });
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Server-Einstellungen verwenden' }));
    const dialog = screen.getByRole('dialog', { name: 'Gespeicherte Kanzleiangaben verwerfen?' });
    expect(dialog.textContent).toContain('FIRM_NAME, FIRM_PHONE und FIRM_EMAIL');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(api.reset).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Server-Einstellungen verwenden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Angaben verwerfen' }));
    expect(api.reset).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe(
      'Es gelten wieder die Server-Einstellungen (FIRM_NAME, FIRM_PHONE, FIRM_EMAIL), ab dem nächsten Seitenaufruf.',
    );
    expect(input('Straße und Hausnummer').value).toBe('');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Server-Einstellungen verwenden' })).toBeNull());
  });

  it('should not offer a reset while the server settings apply, and say when a reset was refused', () => {
    show(fakeApi());
    expect(screen.queryByRole('button', { name: 'Server-Einstellungen verwenden' })).toBeNull();
    cleanup();
    const saved: FirmDetailsSettings = { Details: details, Source: 'console', UpdatedByName: 'Dr. Eva Schneider', UpdatedAt: '2026-12-07T09:00:00.000Z' };
    const refusal: AppError = { _tag: 'HttpError', status: 500, code: 'Error', message: 'Interner Fehler' };
    show(fakeApi({ get: vi.fn(() => of(ok(saved))), reset: vi.fn(() => of(err(refusal))) }));
    fireEvent.click(screen.getByRole('button', { name: 'Server-Einstellungen verwenden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Angaben verwerfen' }));
    expect(screen.getByText(/^Die Kanzleiangaben wurden nicht zurückgesetzt: /)).toBeTruthy();
    expect(input('Straße und Hausnummer').value).toBe('Musterstraße 12');
  });
});
