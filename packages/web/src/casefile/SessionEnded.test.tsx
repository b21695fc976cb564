// @vitest-environment jsdom
// A save after the session ended on the server (401/403) says so and leads to the PIN login of the same token,
// which brings the person back to the same screen with what they typed; focus lands on the page's heading.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defer, of, Subject, type Observable } from 'rxjs';
import {
  caseFileDraftKey,
  err,
  ok,
  REDIRECT_KEY,
  type CaseDocument,
  type CaseFileContentApi,
  type KeyValueStorage,
  type PersonInfo,
  type Result,
} from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi, personOnFile, signedInCaseFileAuthApi } from '../testSupport/caseFile.js';
import { drawStroke, fakeCanvas, PAD_PNG } from '../testSupport/canvas.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SESSION_ENDED = /Ihre Sitzung ist abgelaufen\. Bitte melden Sie sich erneut an\./;
const ended = () => of(err({ _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'Nicht angemeldet.' }));
const signedIn = signedInCaseFileAuthApi();

const person = personOnFile;

const answered = {
  BirthDate: '1980-05-01',
  LegalInsurance: false,
  Description: 'Der Vermieter hat fristlos gekündigt.',
  PreferredContact: 'email',
};

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const click = async (name: string): Promise<void> => void fireEvent.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));

/** Each saving screen: how to reach it, its port with the save answering 401, how to save, and its own failure text. */
const screens: ReadonlyArray<{
  readonly name: string;
  readonly path: string;
  readonly content: Partial<CaseFileContentApi>;
  readonly save: () => Promise<void>;
  readonly ownFailure: string;
}> = [
  {
    name: 'Kontakt',
    path: 'uebersicht/kontakt',
    content: { sendContact: ended },
    save: async () => {
      type(/^Betreff/, 'Rückfrage');
      type(/^Ihre Nachricht/, 'Muss ich die Miete weiter zahlen?');
      await click('Nachricht senden');
    },
    ownFailure: 'Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  },
  {
    name: 'Persönliche Daten',
    path: 'uebersicht/persoenlich',
    content: { getPerson: () => of(ok(person)), updatePerson: ended },
    save: async () => {
      await click('Angaben ändern');
      type(/^E-Mail-Adresse/, 'neu@example.org');
      await click('Speichern');
    },
    ownFailure: 'Die Angaben konnten nicht gespeichert werden. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.',
  },
  {
    name: 'Dokumente',
    path: 'uebersicht/dokumente',
    content: { uploadDocument: ended },
    save: async () => {
      await screen.findByRole('button', { name: 'Datei auswählen und hochladen' }, { timeout: 10_000 });
      const input = document.getElementById('document-file') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    },
    ownFailure: 'Die Datei konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
  },
  {
    name: 'Fragebogen',
    path: 'fragebogen',
    content: { getQuestionnaire: () => of(ok({ Submitted: false, Answers: answered })), submitQuestionnaire: ended },
    save: () => click('Fragebogen senden'),
    ownFailure: 'Der Fragebogen konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  },
  {
    name: 'Vollmacht',
    path: 'uebersicht/vollmacht',
    content: { getPerson: () => of(ok(person)), signPowerOfAttorney: ended },
    save: async () => {
      await screen.findByRole('button', { name: 'Vollmacht unterschrieben senden' }, { timeout: 10_000 });
      type(/^Oder Namen eintippen/, 'Erika Muster');
      await click('Vollmacht unterschrieben senden');
    },
    ownFailure: 'Die Vollmacht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  },
];

describe('a save after the session ended', () => {
  beforeEach(() => {
    // jsdom draws nothing; the typed signature needs only a picture to send.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
  });

  for (const { name, path, content, save, ownFailure } of screens) {
    it(`should say on ${name} that the session ended, focus that notice and lead to the login of the token that returns to ${name}`, async () => {
      const storage = memoryStorage();
      // The session is live while the screen opens and has ended when the save is refused.
      let live = true;
      const auth = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(live)), hasConsent: () => of(ok(true)) });
      renderApp(`/digitale-fallakte/tok/${path}`, { caseFileAuthApi: auth, caseFileContentApi: fakeCaseFileContentApi(content), storage });
      await pageHeading();
      live = false;
      await save();
      const alert = await screen.findByText(SESSION_ENDED, undefined, { timeout: 10_000 });
      expect(alert.closest('[role="alert"]')).not.toBeNull();
      // The notice takes the focus (on a phone it sits far above the pressed button): focusing scrolls it into view.
      await waitFor(() => expect(document.activeElement?.classList.contains('ui-alert')).toBe(true));
      expect(document.activeElement?.textContent).toMatch(SESSION_ENDED);
      expect(document.activeElement?.contains(screen.getByRole('link', { name: 'Erneut anmelden' }))).toBe(true);
      expect(screen.queryByText(ownFailure)).toBeNull();
      const login = screen.getByRole('link', { name: 'Erneut anmelden' });
      expect(login.getAttribute('href')).toBe('/digitale-fallakte/tok');
      fireEvent.click(login);
      expect(storage.get(REDIRECT_KEY)).toBe(`/digitale-fallakte/tok/${path}`);
    });
  }

  it('should still ask to check the input when the server refuses the personal data, and to try again on other failures', async () => {
    let answer: Observable<Result<PersonInfo>> = of(err({ _tag: 'HttpError' as const, status: 400, code: 'InvalidInput', message: 'x' }));
    renderApp('/digitale-fallakte/tok/uebersicht/persoenlich', {
      caseFileAuthApi: signedIn,
      caseFileContentApi: fakeCaseFileContentApi({ getPerson: () => of(ok(person)), updatePerson: () => answer }),
      storage: memoryStorage(),
    });
    await click('Angaben ändern');
    await click('Speichern');
    await screen.findByText('Die Angaben konnten nicht gespeichert werden. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.');
    answer = of(err({ _tag: 'NetworkError' as const, message: 'offline' }));
    await click('Speichern');
    await screen.findByText('Die Angaben konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.');
  });

  it('should bring the Kontakt draft back after signing in again, put focus on the heading and send it', async () => {
    const memory = memoryStorage();
    const written: string[] = [];
    const storage: KeyValueStorage = { ...memory, set: (key, value) => (written.push(value), memory.set(key, value)) };
    let session = true;
    const auth = fakeCaseFileAuthApi({
      isAuthenticated: () => defer(() => of(ok(session))),
      hasConsent: () => of(ok(true)),
      login: () =>
        defer(() => {
          session = true;
          return of(ok(undefined));
        }),
    });
    const sent = new Subject<Result<void>>();
    const sendContact = vi.fn((): Observable<Result<void>> => (session ? sent : ended()));
    renderApp('/digitale-fallakte/tok/uebersicht/kontakt', { caseFileAuthApi: auth, caseFileContentApi: fakeCaseFileContentApi({ sendContact }), storage });
    expect(await pageHeading()).toBe('Kontaktieren Sie uns');
    type(/^Betreff/, 'Rückfrage zur Miete');
    type(/^Ihre Nachricht/, 'Muss ich die Miete weiter voll zahlen?');

    session = false; // 30 minutes idle
    await click('Nachricht senden');
    await screen.findByText(/Ihre Sitzung ist abgelaufen\. Bitte melden Sie sich erneut an\. Ihre Eingaben bleiben/);
    fireEvent.click(screen.getByRole('link', { name: 'Erneut anmelden' }));

    // The PIN never goes into the tab's storage; the draft does.
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '4711' } });
    fireEvent.submit(pin.closest('form')!);
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Kontaktieren Sie uns'), { timeout: 10_000 });
    expect(field(/^Betreff/).value).toBe('Rückfrage zur Miete');
    expect(field(/^Ihre Nachricht/).value).toBe('Muss ich die Miete weiter voll zahlen?');
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('h1')));
    expect(written.some((value) => value.includes('Muss ich die Miete'))).toBe(true);
    expect(written.some((value) => value.includes('4711'))).toBe(false);

    await click('Nachricht senden');
    expect(sendContact).toHaveBeenLastCalledWith('tok', { Subject: 'Rückfrage zur Miete', Message: 'Muss ich die Miete weiter voll zahlen?' });
    sent.next(ok(undefined));
    await screen.findByText(/Ihre Nachricht wurde gesendet\./);
    expect(field(/^Betreff/).value).toBe('');
    expect(storage.get(caseFileDraftKey('tok', 'contact'))).toBeNull();
  });

  it('should bring the drawn Vollmacht signature and the place back after signing in again, drawn onto the pad, and send them', async () => {
    // The new login happens on a screen with another pixel ratio: the kept 680 × 360 drawing fits the 340 × 180 pad.
    const canvas = fakeCanvas(340, { width: 680, height: 360 });
    const memory = memoryStorage();
    const written: string[] = [];
    const storage: KeyValueStorage = { ...memory, set: (key, value) => (written.push(value), memory.set(key, value)) };
    let session = true;
    const auth = fakeCaseFileAuthApi({
      isAuthenticated: () => defer(() => of(ok(session))),
      hasConsent: () => of(ok(true)),
      login: () =>
        defer(() => {
          session = true;
          return of(ok(undefined));
        }),
    });
    const signed: CaseDocument = {
      Id: 'd1',
      FileName: 'Vollmacht.pdf',
      ContentType: 'application/pdf',
      Size: 1,
      Created: '2026-11-20T10:00:00Z',
      UploadedBy: 'system',
    };
    const signPowerOfAttorney = vi.fn((): Observable<Result<CaseDocument>> => (session ? of(ok(signed)) : ended()));
    const content = fakeCaseFileContentApi({ getPerson: () => of(ok(person)), signPowerOfAttorney });
    renderApp('/digitale-fallakte/tok/uebersicht/vollmacht', { caseFileAuthApi: auth, caseFileContentApi: content, storage });
    expect(await pageHeading()).toBe('Vollmacht');
    drawStroke(await screen.findByTestId('signature-pad', undefined, { timeout: 10_000 }), 12);
    type(/^Ort/, 'Berlin');

    session = false; // logged out in another tab
    await click('Vollmacht unterschrieben senden');
    await screen.findByText(/Ihre Sitzung ist abgelaufen\. Bitte melden Sie sich erneut an\. Ihre Eingaben bleiben/, undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('link', { name: 'Erneut anmelden' }));

    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '4711' } });
    fireEvent.submit(pin.closest('form')!);
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Vollmacht'), { timeout: 10_000 });
    expect(((await screen.findByLabelText(/^Ort/, undefined, { timeout: 10_000 })) as HTMLInputElement).value).toBe('Berlin');
    await waitFor(() => expect(canvas.drawnImages).toEqual([{ src: PAD_PNG, x: 0, y: 0, width: 340, height: 180 }]));
    expect(written.some((value) => value.includes(PAD_PNG))).toBe(true);
    expect(written.some((value) => value.includes('4711'))).toBe(false);

    // The kept drawing counts as the signature: sent without drawing again.
    await click('Vollmacht unterschrieben senden');
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Vollmacht gesendet'), { timeout: 10_000 });
    expect(signPowerOfAttorney).toHaveBeenLastCalledWith('tok', { SignatureImage: PAD_PNG, Place: 'Berlin' });
    expect(storage.get(caseFileDraftKey('tok', 'signature'))).toBeNull();
  });
});
