// @vitest-environment jsdom
// The Fragebogen's birth date and the Vollmacht's place as the outside testers typed them: the form's rules (a minor's
// birth date is sent; a place „1“ is refused with the rule's text, nothing sent) – core's rules, which the server applies as well.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type CaseFileContentApi } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../testSupport/caseFile.js';
import { fakeCanvas } from '../testSupport/canvas.js';
import { berlinToday } from './caseFileFormat.js';

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const signedIn = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });

async function open(path: string, heading: string, patch: Partial<CaseFileContentApi>) {
  renderApp(`/digitale-fallakte/tok/${path}`, { caseFileAuthApi: signedIn, caseFileContentApi: fakeCaseFileContentApi(patch), storage: memoryStorage() });
  expect(await pageHeading()).toBe(heading);
}

const findField = async (label: RegExp) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;
const type = async (label: RegExp, value: string) => fireEvent.change(await findField(label), { target: { value } });

describe('case-file form rules', () => {
  it('should send the birth date of an eleven-year-old from the Fragebogen – no minimum age – and offer days up to today', async () => {
    // jsdom has no layout and no scrollIntoView (the form scrolls to its first error).
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: () => undefined });
    const submitQuestionnaire = vi.fn(() => of(ok({ Submitted: true, Answers: {} })));
    await open('fragebogen', 'Fragebogen', { getQuestionnaire: () => of(ok({ Submitted: false, Answers: {} })), submitQuestionnaire });
    await type(/^Geburtsdatum/, '2015-05-01');
    await type(/^Was ist passiert\?/, 'Der Vermieter hat fristlos gekündigt.');
    fireEvent.click(screen.getByRole('radio', { name: 'Nein' }));
    fireEvent.click(screen.getByRole('radio', { name: 'per E-Mail' }));
    // The date picker offers every day from 1900 to today.
    const birthDate = await findField(/^Geburtsdatum/);
    expect([birthDate.min, birthDate.max]).toEqual(['1900-01-01', berlinToday()]);
    fireEvent.click(screen.getByRole('button', { name: 'Fragebogen senden' }));
    await waitFor(() => expect(submitQuestionnaire).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ BirthDate: '2015-05-01' })));
    expect(screen.queryByText(/ab 18 Jahren/)).toBeNull();
  });

  it('should refuse „1“ as the place of the Vollmacht, asking for a place name, and send nothing', async () => {
    fakeCanvas();
    const signPowerOfAttorney = vi.fn();
    const person = {
      FirstName: 'Erika',
      LastName: 'Muster',
      Email: 'erika@example.org',
      Phone: '+49 151 ••• 45',
      Street: 'Hauptstr. 1',
      PostalCode: '50667',
      City: 'Köln',
    };
    await open('uebersicht/vollmacht', 'Vollmacht', { getPerson: () => of(ok(person)), signPowerOfAttorney });
    await type(/^Oder Namen eintippen/, 'Erika Muster');
    await type(/^Ort/, '1');
    fireEvent.click(screen.getByRole('button', { name: 'Vollmacht unterschrieben senden' }));
    expect(await screen.findByText('Bitte geben Sie als Ort den Namen Ihres Wohn- oder Aufenthaltsorts an, z. B. Köln.')).toBeTruthy();
    expect(signPowerOfAttorney).not.toHaveBeenCalled();
  });
});
