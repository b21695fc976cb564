// @vitest-environment jsdom
// Enter in a field that is itself the first wrong one: the focus stays there, where a screen reader does not read its
// description (the error) again. The error is then an alert as well, a new one for each try, gone with the next edit –
// in the Vollmacht's typed name, the Fragebogen, the contact form and the personal data (useSubmitRefusal), as in the
// PIN login (CaseFileArea.test.tsx).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type CaseFileContentApi } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../testSupport/app.js';
import { fakeCaseFileContentApi, personOnFile, signedInCaseFileAuthApi } from '../testSupport/caseFile.js';
import { fakeCanvas } from '../testSupport/canvas.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const signedIn = signedInCaseFileAuthApi();

const person = personOnFile;

async function open(path: string, heading: string, patch: Partial<CaseFileContentApi>) {
  renderApp(`/digitale-fallakte/tok/${path}`, { caseFileAuthApi: signedIn, caseFileContentApi: fakeCaseFileContentApi(patch), storage: memoryStorage() });
  expect(await pageHeading()).toBe(heading);
}

const findField = async (label: RegExp) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;

/** Enter in the field (its form submitted with the focus in it), twice, then an edit that leaves it wrong. */
function expectErrorReadOutOnEachEnter(field: HTMLInputElement, error: string, stillWrong: string) {
  field.focus();
  fireEvent.submit(field.closest('form')!);
  expect(document.activeElement).toBe(field);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const first = screen.getByRole('alert');
  expect(first.textContent).toBe(error);
  // Still the field's description, for when the focus comes back to it.
  expect(
    field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent),
  ).toContain(error);
  fireEvent.submit(field.closest('form')!);
  // A new alert for the second try, so it is read out again.
  expect(screen.getByRole('alert')).not.toBe(first);
  expect(screen.getByRole('alert').textContent).toBe(error);
  fireEvent.change(field, { target: { value: stillWrong } });
  // Typing on: the error stays under the field, but it is not announced again with each key.
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByRole('alert')).toBeNull();
}

describe('a refused send by Enter in the first wrong field', () => {
  it('should read out the Vollmacht’s typed-name error when Enter in the empty name field sends it unsigned, each time', async () => {
    fakeCanvas();
    const signPowerOfAttorney = vi.fn();
    await open('uebersicht/vollmacht', 'Vollmacht', { getPerson: () => of(ok(person)), signPowerOfAttorney });
    expectErrorReadOutOnEachEnter(await findField(/^Oder Namen eintippen/), 'Bitte unterschreiben Sie im Feld oder tippen Sie Ihren Namen ein.', ' ');
    expect(signPowerOfAttorney).not.toHaveBeenCalled();
  });

  it('should read out the Fragebogen’s birth-date error when Enter in the empty birth-date field sends it, each time', async () => {
    const submitQuestionnaire = vi.fn();
    await open('fragebogen', 'Fragebogen', { getQuestionnaire: () => of(ok({ Submitted: false, Answers: {} })), submitQuestionnaire });
    expectErrorReadOutOnEachEnter(await findField(/^Geburtsdatum/), 'Bitte geben Sie Ihr Geburtsdatum an.', '1850-01-01');
    expect(submitQuestionnaire).not.toHaveBeenCalled();
  });

  it('should read out the contact form’s subject error when Enter in the empty subject sends it, each time', async () => {
    const sendContact = vi.fn();
    await open('uebersicht/kontakt', 'Kontaktieren Sie uns', { sendContact });
    expectErrorReadOutOnEachEnter(await findField(/^Betreff/), 'Bitte geben Sie einen Betreff ein.', '  ');
    expect(sendContact).not.toHaveBeenCalled();
  });

  it('should read out the personal data’s e-mail error when Enter in the wrong address saves it, each time', async () => {
    const updatePerson = vi.fn();
    await open('uebersicht/persoenlich', 'Persönliche Daten', { getPerson: () => of(ok(person)), updatePerson });
    fireEvent.click(await screen.findByRole('button', { name: 'Angaben ändern' }, { timeout: 10_000 }));
    const email = await findField(/^E-Mail-Adresse/);
    fireEvent.change(email, { target: { value: 'erika@' } });
    expectErrorReadOutOnEachEnter(email, 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.', 'erika@x');
    expect(updatePerson).not.toHaveBeenCalled();
  });

  it('should not add an alert when the refusal moves the focus to the wrong field, whose error is read with it', async () => {
    await open('uebersicht/kontakt', 'Kontaktieren Sie uns', { sendContact: vi.fn() });
    const subject = await findField(/^Betreff/);
    const sendButton = screen.getByRole('button', { name: 'Nachricht senden' });
    sendButton.focus();
    fireEvent.click(sendButton);
    expect(document.activeElement).toBe(subject);
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
