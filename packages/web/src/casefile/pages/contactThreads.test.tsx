// @vitest-environment jsdom
// „Kontaktieren Sie uns“ lists the client's messages with the firm's answers below the form, and the messages the firm
// started, marked as the firm's; „Antworten“ on one fills the form with „Re: …“ and sends the message as the answer to it
// (`InReplyTo`), which the list then names. The list is read again after a message was sent.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { err, httpError, ok, type Call, type ContactEntry, type ContactMessage, type ContactThread, type FirmMessage } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

/** The page's own status line, not the shell's announcement of the firm's news (data-testid firm-news). */
const formStatus = (): HTMLElement => screen.getAllByRole('status').find((element) => element.dataset['testid'] !== 'firm-news') as HTMLElement;

afterEach(cleanup);

const answered: ContactThread = {
  Id: 'c2',
  Subject: 'Termin',
  Message: 'Wann ist der Termin?',
  Created: '2026-12-07T09:00:00Z',
  // 09:30 UTC in winter: 10:30 in Berlin.
  Reply: { Text: 'Am Montag um 10 Uhr.', Created: '2026-12-07T09:30:00Z', By: 'Dr. Anna Berger' },
};
const open: ContactThread = { Id: 'c1', Subject: 'Unterlagen', Message: 'Brauchen Sie noch etwas?', Created: '2026-12-06T09:00:00Z', Reply: null };

const fromFirm: FirmMessage = {
  Kind: 'FirmMessage',
  Id: 'f1',
  Subject: 'Fehlende Unterlagen',
  Text: 'Bitte senden Sie uns den Mietvertrag.',
  // 08:15 UTC in winter: 09:15 in Berlin.
  Created: '2026-12-08T08:15:00Z',
  By: 'Dr. Anna Berger',
};

function show(getContacts: () => Call<readonly ContactEntry[]>, sent: ContactMessage[] = [], answer: () => Call<void> = () => of(ok(undefined))) {
  renderApp('/digitale-fallakte/tok/uebersicht/kontakt', {
    caseFileAuthApi: fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) }),
    caseFileContentApi: fakeCaseFileContentApi({ getContacts, sendContact: (_token, message) => (sent.push(message), answer()) }),
    storage: memoryStorage(),
  });
}

/** An empty list, then „Unterlagen“ sent; the list answers it from the second read on. Counts the reads. */
async function sendFirstMessage(): Promise<{ count: number }> {
  const reads = { count: 0 };
  show(() => (reads.count++, of(ok(reads.count === 1 ? [] : [open]))));
  expect(await screen.findByText('Sie haben Ihrer Kanzlei noch keine Nachricht geschrieben.', undefined, { timeout: 10_000 })).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: /Betreff/ }), { target: { value: 'Unterlagen' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Ihre Nachricht/ }), { target: { value: 'Brauchen Sie noch etwas?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
  return reads;
}

describe('the client’s messages with the firm’s answers', () => {
  it('should show each message with the answer, who gave it and when, or that none came yet', async () => {
    show(() => of(ok([answered, open])));
    expect(await pageHeading()).toBe('Kontaktieren Sie uns');
    const list = await screen.findByRole('list', { name: 'Bisherige Nachrichten und Antworten' }, { timeout: 10_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { level: 3, name: 'Termin' })).toBeTruthy();
    expect(first!.textContent).toContain('Antwort von Dr. Anna Berger am 7. Dezember 2026 um 10:30:');
    expect(first!.textContent).toContain('Am Montag um 10 Uhr.');
    expect(second!.textContent).toContain('Noch keine Antwort.');
  });

  it('should count down the characters left under „Betreff“ (200) as under the message (5000), and put the rule in its place when too long', async () => {
    show(() => of(ok([])));
    const subject = await screen.findByRole('textbox', { name: /Betreff/, description: 'Noch 200 Zeichen' }, { timeout: 10_000 });
    expect(screen.getByRole('textbox', { name: /Ihre Nachricht/, description: 'Noch 5000 Zeichen' })).toBeTruthy();
    fireEvent.change(subject, { target: { value: 'Unterlagen' } });
    expect(screen.getByRole('textbox', { name: /Betreff/, description: 'Noch 190 Zeichen' })).toBe(subject);
    fireEvent.change(subject, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByRole('textbox', { name: /Betreff/, description: 'Der Betreff darf höchstens 200 Zeichen lang sein.' })).toBe(subject);
  });

  it('should read the messages again after one was sent', async () => {
    const reads = await sendFirstMessage();
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Unterlagen' })).toBeTruthy());
    expect(reads.count).toBe(2);
  });

  it('should confirm a sent message where it is, below the form, and „Zu Ihrer Nachricht“ moves the focus there – not away to „Verlauf“', async () => {
    await sendFirstMessage();
    await waitFor(() => expect(formStatus().textContent).toContain('Ihre Nachricht wurde gesendet.'));
    expect(formStatus().textContent).toContain('Sie steht unten unter „Bisherige Nachrichten und Antworten“; dort erscheint auch die Antwort Ihrer Kanzlei.');
    expect(formStatus().textContent).not.toContain('Verlauf');
    const link = within(formStatus()).getByRole('link', { name: 'Zu Ihrer Nachricht' });
    expect(link.getAttribute('href')).toBe('#contact-threads-heading');
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Bisherige Nachrichten und Antworten' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Unterlagen' })).toBeTruthy());
  });

  it('should ignore the second tap of a double tap on „Nachricht senden“ that reaches the emptied form: no refusal under the sent note, the focus stays', async () => {
    const sent: ContactMessage[] = [];
    show(() => of(ok([])), sent);
    expect(await screen.findByText('Sie haben Ihrer Kanzlei noch keine Nachricht geschrieben.', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Betreff/ }), { target: { value: 'Unterlagen' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Ihre Nachricht/ }), { target: { value: 'Brauchen Sie noch etwas?' } });
    const button = screen.getByRole('button', { name: 'Nachricht senden' });
    fireEvent.click(button);
    await waitFor(() => expect(formStatus().textContent).toContain('Ihre Nachricht wurde gesendet.'));
    button.focus();
    fireEvent.click(button);
    expect(sent).toHaveLength(1);
    expect(screen.queryByText('Bitte geben Sie einen Betreff ein.')).toBeNull();
    expect(screen.queryByText('Bitte schreiben Sie eine Nachricht.')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(formStatus().textContent).toContain('Ihre Nachricht wurde gesendet.');

    // Once the person types again, an incomplete form is refused as ever.
    fireEvent.change(screen.getByRole('textbox', { name: /Ihre Nachricht/ }), { target: { value: 'Noch etwas' } });
    fireEvent.click(button);
    expect(await screen.findByText('Bitte geben Sie einen Betreff ein.')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('should offer „Zu Ihrer Nachricht“ on its own line as a touch target, not as inline text after the confirmation', async () => {
    await sendFirstMessage();
    const link = await within(formStatus()).findByRole('link', { name: 'Zu Ihrer Nachricht' });
    // ui.css: .ui-link--standalone is at least 44 × 44 px (jsdom applies no stylesheet); the sentence is its own paragraph.
    expect(link.classList.contains('ui-link--standalone')).toBe(true);
    expect(link.parentElement?.querySelector(':scope > p')?.textContent).toContain('Ihre Nachricht wurde gesendet.');
  });

  it('should mark a message the firm started as the firm’s, with the lawyer’s name and date, among the client’s own', async () => {
    show(() => of(ok([fromFirm, answered])));
    const list = await screen.findByRole('list', { name: 'Bisherige Nachrichten und Antworten' }, { timeout: 10_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { level: 3, name: 'Fehlende Unterlagen' })).toBeTruthy();
    expect(first!.textContent).toContain('Nachricht Ihrer Kanzlei von Dr. Anna Berger am 8. Dezember 2026 um 09:15');
    expect(first!.textContent).toContain('Bitte senden Sie uns den Mietvertrag.');
    expect(first!.textContent).not.toContain('Noch keine Antwort.');
    expect(within(second!).queryByRole('button')).toBeNull();
  });

  it('should answer a message of the firm with the contact form: subject „Re: …“, focus on the message, then sent as typed', async () => {
    const sent: ContactMessage[] = [];
    show(() => of(ok([fromFirm])), sent);
    fireEvent.click(await screen.findByRole('button', { name: 'Auf „Fehlende Unterlagen“ antworten' }, { timeout: 10_000 }));
    const subject = screen.getByRole<HTMLInputElement>('textbox', { name: /Betreff/ });
    const message = screen.getByRole('textbox', { name: /Ihre Nachricht/ });
    expect(subject.value).toBe('Re: Fehlende Unterlagen');
    expect(document.activeElement).toBe(message);
    expect(formStatus().textContent).toContain('Ihre Antwort hat den Betreff „Re: Fehlende Unterlagen“.');
    fireEvent.change(message, { target: { value: 'Ich schicke ihn morgen.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(sent).toEqual([{ Subject: 'Re: Fehlende Unterlagen', Message: 'Ich schicke ihn morgen.', InReplyTo: 'f1' }]));
  });

  it('should keep a subject the client already typed when they tap „Antworten“, and send it as the answer', async () => {
    const sent: ContactMessage[] = [];
    show(() => of(ok([fromFirm])), sent);
    const subject = await screen.findByRole<HTMLInputElement>('textbox', { name: /Betreff/ }, { timeout: 10_000 });
    fireEvent.change(subject, { target: { value: 'Mietvertrag' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Auf „Fehlende Unterlagen“ antworten' }, { timeout: 10_000 }));
    expect(subject.value).toBe('Mietvertrag');
    expect(formStatus().textContent).toContain('Ihre Antwort hat den Betreff „Mietvertrag“.');
    fireEvent.change(screen.getByRole('textbox', { name: /Ihre Nachricht/ }), { target: { value: 'Anbei.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(sent).toEqual([{ Subject: 'Mietvertrag', Message: 'Anbei.', InReplyTo: 'f1' }]));
  });

  it('should send a message written without „Antworten“ without InReplyTo', async () => {
    const sent: ContactMessage[] = [];
    show(() => of(ok([fromFirm])), sent);
    await screen.findByRole('button', { name: 'Auf „Fehlende Unterlagen“ antworten' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('textbox', { name: /Betreff/ }), { target: { value: 'Termin' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Ihre Nachricht/ }), { target: { value: 'Wann ist der Termin?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(sent).toEqual([{ Subject: 'Termin', Message: 'Wann ist der Termin?' }]));
  });

  it('should name the firm’s message a client’s answer answers, with its date', async () => {
    const reply: ContactThread = {
      Id: 'c3',
      Subject: 'Re: Fehlende Unterlagen',
      Message: 'Ich schicke ihn morgen.',
      Created: '2026-12-08T10:00:00Z',
      Reply: null,
      InReplyTo: { Id: 'f1', Subject: 'Fehlende Unterlagen', Created: '2026-12-08T08:15:00Z' },
    };
    show(() => of(ok([reply, fromFirm, open])));
    const list = await screen.findByRole('list', { name: 'Bisherige Nachrichten und Antworten' }, { timeout: 10_000 });
    const [first, , third] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Antwort auf: „Fehlende Unterlagen“ vom 8. Dezember 2026 um 09:15');
    expect(third!.textContent).not.toContain('Antwort auf:');
  });

  it('should drop the link and keep the input when the firm’s message is unknown to the server, and send it again as a new message', async () => {
    const sent: ContactMessage[] = [];
    const refusal = httpError(400, 'UnknownFirmMessage', 'Die Nachricht Ihrer Kanzlei, auf die Sie antworten möchten, gibt es in Ihrer Fallakte nicht.');
    show(
      () => of(ok([fromFirm])),
      sent,
      () => of(sent.length === 1 ? err(refusal) : ok(undefined)),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Auf „Fehlende Unterlagen“ antworten' }, { timeout: 10_000 }));
    const message = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Ihre Nachricht/ });
    fireEvent.change(message, { target: { value: 'Ich schicke ihn morgen.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText(/Die Nachricht Ihrer Kanzlei, auf die Sie antworten möchten, wurde nicht gefunden\./)).toBeTruthy();
    expect(message.value).toBe('Ich schicke ihn morgen.');
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({ Subject: 'Re: Fehlende Unterlagen', Message: 'Ich schicke ihn morgen.', InReplyTo: 'f1' });
    expect(sent[1]).toEqual({ Subject: 'Re: Fehlende Unterlagen', Message: 'Ich schicke ihn morgen.' });
  });
});
