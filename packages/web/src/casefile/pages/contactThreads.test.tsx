// @vitest-environment jsdom
// „Kontaktieren Sie uns“ lists the client's messages with the firm's answers below the form, and reads them again after
// a message was sent.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type Call, type ContactThread } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

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

function show(getContacts: () => Call<readonly ContactThread[]>) {
  renderApp('/digitale-fallakte/tok/uebersicht/kontakt', {
    caseFileAuthApi: fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) }),
    caseFileContentApi: fakeCaseFileContentApi({ getContacts, sendContact: () => of(ok(undefined)) }),
    storage: memoryStorage(),
  });
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

  it('should read the messages again after one was sent', async () => {
    let reads = 0;
    show(() => (reads++, of(ok(reads === 1 ? [] : [open]))));
    expect(await screen.findByText('Sie haben Ihrer Kanzlei noch keine Nachricht geschrieben.', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Betreff/ }), { target: { value: 'Unterlagen' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Ihre Nachricht/ }), { target: { value: 'Brauchen Sie noch etwas?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Unterlagen' })).toBeTruthy());
    expect(reads).toBe(2);
  });
});
