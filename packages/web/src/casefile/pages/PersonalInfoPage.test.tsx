// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { err, ok, type CaseFileContentApi, type PersonInfo, type PersonUpdate } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi, personOnFile } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const stored = personOnFile;

const authApi = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });

const contentApi = (updatePerson: CaseFileContentApi['updatePerson']): CaseFileContentApi =>
  fakeCaseFileContentApi({ getPerson: () => of(ok(stored)), updatePerson });

async function openForm(updatePerson: CaseFileContentApi['updatePerson']) {
  renderApp('/digitale-fallakte/tok/uebersicht/persoenlich', {
    caseFileAuthApi: authApi,
    caseFileContentApi: contentApi(updatePerson),
    storage: memoryStorage(),
  });
  expect(await pageHeading()).toBe('Persönliche Daten');
  fireEvent.click(await screen.findByRole('button', { name: 'Angaben ändern' }, { timeout: 10_000 }));
  return {
    email: screen.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement,
    street: screen.getByLabelText(/^Straße und Hausnummer/) as HTMLInputElement,
    postalCode: screen.getByLabelText(/^Postleitzahl/) as HTMLInputElement,
    city: screen.getByLabelText(/^Ort/) as HTMLInputElement,
  };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

/** The error shown next to a field: marked invalid and named by aria-describedby. */
function fieldError(input: HTMLInputElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('personal data screen', () => {
  it('should label the shown address "Anschrift" and show it as "Straße Nr., PLZ Ort"', async () => {
    renderApp('/digitale-fallakte/tok/uebersicht/persoenlich', {
      caseFileAuthApi: authApi,
      caseFileContentApi: contentApi(() => of(ok(stored))),
      storage: memoryStorage(),
    });
    expect(await pageHeading()).toBe('Persönliche Daten');
    const label = await screen.findByText('Anschrift', { selector: 'dt' }, { timeout: 10_000 });
    expect(label.nextElementSibling?.textContent).toBe('Hauptstr. 1, 50667 Köln');
    expect(screen.queryByText('Straße und Hausnummer', { selector: 'dt' })).toBeNull();
  });

  it('should show German errors next to the fields and send nothing for invalid input', async () => {
    const updatePerson = vi.fn(() => of(ok(stored)));
    const fields = await openForm(updatePerson);
    type(fields.email, '');
    type(fields.street, '   ');
    type(fields.postalCode, 'abcde');
    type(fields.city, '');
    save();
    await waitFor(() => expect(fieldError(fields.email)).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.'));
    expect(fieldError(fields.street)).toBe('Bitte geben Sie Straße und Hausnummer ein.');
    expect(fieldError(fields.postalCode)).toBe('Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.');
    expect(fieldError(fields.city)).toBe('Bitte geben Sie Ihren Wohnort ein.');
    expect(document.activeElement).toBe(fields.email);

    type(fields.email, 'erika(at)example.org');
    type(fields.street, 'Hauptstr. 1');
    type(fields.city, 'Köln');
    save();
    await waitFor(() => expect(fieldError(fields.email)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.'));
    expect(fieldError(fields.street)).toBeNull();
    expect(fieldError(fields.postalCode)).toBe('Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.');
    expect(updatePerson).not.toHaveBeenCalled();
  });

  it('should send valid input trimmed and show the saved address', async () => {
    const saved: PersonInfo = { ...stored, Email: 'neu@example.org', Street: 'Domstraße 12a', PostalCode: '01067', City: 'Dresden' };
    const updatePerson = vi.fn((_token: string, _update: PersonUpdate) => of(ok(saved)));
    const fields = await openForm(updatePerson);
    type(fields.email, ' neu@example.org ');
    type(fields.street, 'Domstraße 12a ');
    type(fields.postalCode, ' 01067');
    type(fields.city, 'Dresden');
    save();
    await waitFor(() => expect(screen.getByText('Ihre Angaben wurden gespeichert.')).toBeTruthy());
    expect(updatePerson).toHaveBeenCalledWith('tok', { Email: 'neu@example.org', Street: 'Domstraße 12a', PostalCode: '01067', City: 'Dresden' });
    const list = document.querySelector('dl') as HTMLElement;
    expect(within(list).getByText('Anschrift').nextElementSibling?.textContent).toBe('Domstraße 12a, 01067 Dresden');
  });

  it('should save the e-mail address alone while no address is stored, with the address fields not marked required', async () => {
    const noAddress: PersonInfo = { ...stored, Street: null, PostalCode: null, City: null };
    const updatePerson = vi.fn((_token: string, _update: PersonUpdate) => of(ok({ ...noAddress, Email: 'neu@example.org' })));
    renderApp('/digitale-fallakte/tok/uebersicht/persoenlich', {
      caseFileAuthApi: authApi,
      caseFileContentApi: fakeCaseFileContentApi({ getPerson: () => of(ok(noAddress)), updatePerson }),
      storage: memoryStorage(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Angaben ändern' }, { timeout: 10_000 }));
    const street = screen.getByLabelText(/^Straße und Hausnummer/) as HTMLInputElement;
    expect(street.required).toBe(false);
    type(screen.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement, 'neu@example.org');
    save();
    await waitFor(() => expect(screen.getByText('Ihre Angaben wurden gespeichert.')).toBeTruthy());
    expect(updatePerson).toHaveBeenCalledWith('tok', { Email: 'neu@example.org' });
  });

  it('should keep an umlaut domain as typed (no xn--): a text field with the e-mail keyboard, sent in ASCII form, shown as written', async () => {
    const saved: PersonInfo = { ...stored, Email: 'max@xn--mller-kva.de' };
    const updatePerson = vi.fn((_token: string, _update: PersonUpdate) => of(ok(saved)));
    const fields = await openForm(updatePerson);
    expect(fields.email.type).toBe('text');
    expect(fields.email.getAttribute('inputmode')).toBe('email');
    expect(fields.email.getAttribute('autocomplete')).toBe('email');
    type(fields.email, 'max@müller.de');
    save();
    await screen.findByText('Ihre Angaben wurden gespeichert.');
    expect(updatePerson.mock.calls[0]?.[1]).toMatchObject({ Email: 'max@xn--mller-kva.de' });
    expect(screen.getByText('E-Mail-Adresse', { selector: 'dt' }).nextElementSibling?.textContent).toBe('max@müller.de');
    fireEvent.click(screen.getByRole('button', { name: 'Angaben ändern' }));
    expect((screen.getByLabelText(/^E-Mail-Adresse/) as HTMLInputElement).value).toBe('max@müller.de');
  });

  it('should keep all five digits of a postal code pasted with a space (no maxlength cuts it first)', async () => {
    const fields = await openForm(vi.fn(() => of(ok(stored))));
    expect(fields.postalCode.getAttribute('maxlength')).toBeNull();
    type(fields.postalCode, ' 50667');
    expect(fields.postalCode.value).toBe('50667');
    type(fields.postalCode, '50 667 ');
    expect(fields.postalCode.value).toBe('50667');
    type(fields.postalCode, '506671');
    expect(fields.postalCode.value).toBe('50667');
  });

  it('should say so when the server refuses the data', async () => {
    const refused = () => of(err({ _tag: 'HttpError' as const, status: 400, code: 'InvalidInput', message: 'Die Eingabe ist ungültig.' }));
    await openForm(refused);
    save();
    await waitFor(() =>
      expect(screen.getByText('Die Angaben konnten nicht gespeichert werden. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.')).toBeTruthy(),
    );
  });
});
