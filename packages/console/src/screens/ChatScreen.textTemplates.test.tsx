// @vitest-environment jsdom
// „Textbaustein einfügen“ in the chat's answer field: the dialog lists the lawyer's own and the firm's templates, the
// search narrows both by title and text (case-insensitive), choosing one inserts it at the caret (replacing a
// selection) without sending, and the answer field has the focus again with the caret after the inserted text. A
// template that does not fit is cut at the message maximum with a note; without templates the dialog says where to
// create them.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CHAT_TEXT_LENGTH, ok, type ChatTab, type TextTemplate, type TextTemplates, type TextTemplatesApi } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { chatTab, me } from '../testSupport/fakes.js';
import { ChatScreen } from './ChatScreen.js';

afterEach(cleanup);

const template = (Id: string, Title: string, Text: string): TextTemplate => ({ Id, Title, Text, UpdatedAt: '2026-06-01T09:00:00.000Z' });
const templates: TextTemplates = {
  Own: [template('o1', 'Begrüßung', 'Guten Tag, mein Name ist Berger.'), template('o2', 'Unterlagen', 'Bitte senden Sie mir den Mietvertrag.')],
  Firm: [template('f1', 'Verabschiedung', 'Vielen Dank für Ihr Vertrauen.')],
};

const fakeApi = (answer: TextTemplates = templates): TextTemplatesApi => ({
  list: vi.fn(() => of(ok(answer))),
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
});

const tab = (draft: string): ChatTab => chatTab({ draft });

/** The chat with its draft kept like the workspace keeps it. */
function Chat({ api, initial, onSend }: { readonly api: TextTemplatesApi; readonly initial: string; readonly onSend: () => void }) {
  const [draft, setDraft] = useState(initial);
  return (
    <ChatScreen
      tab={tab(draft)}
      lawyerId={me.Id}
      colleagues={[]}
      fileUrl={(id) => `/files/${id}`}
      onDraft={setDraft}
      onSend={onSend}
      onAskPhone={() => undefined}
      onUpload={() => undefined}
      onClose={() => undefined}
      onForward={() => undefined}
      onLoadColleagues={() => undefined}
      onDismiss={() => undefined}
      onCreateCaseFile={() => undefined}
      textTemplates={api}
    />
  );
}

function setUp(initial: string, api = fakeApi()) {
  const onSend = vi.fn();
  render(
    <MemoryRouter>
      <I18nextProvider i18n={createI18n()}>
        <Chat api={api} initial={initial} onSend={onSend} />
      </I18nextProvider>
    </MemoryRouter>,
  );
  const field = screen.getByRole('textbox', { name: /Ihre Nachricht an Fall/ }) as HTMLTextAreaElement;
  return { field, onSend, api };
}

/** Places the caret (or a selection) in the answer field and opens the dialog. */
function openAt(field: HTMLTextAreaElement, start: number, end = start) {
  field.focus();
  field.setSelectionRange(start, end);
  fireEvent.click(screen.getByRole('button', { name: 'Textbaustein einfügen' }));
  return screen.getByRole('dialog', { name: 'Textbaustein einfügen' });
}

describe('ChatScreen: Textbausteine', () => {
  it('should list the own and the firm’s templates in two groups', () => {
    const { field } = setUp('');
    const dialog = openAt(field, 0);
    expect(
      within(within(dialog).getByRole('region', { name: 'Meine Textbausteine' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Begrüßung'), expect.stringContaining('Unterlagen')]);
    expect(within(dialog).getByRole('region', { name: 'Textbausteine der Kanzlei' })).toHaveProperty('textContent', expect.stringContaining('Verabschiedung'));
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Suchen' }));
  });

  it('should insert the chosen template at the caret without sending and give the field back with the caret after it', async () => {
    const { field, onSend } = setUp('Hallo! Wie kann ich helfen?');
    const dialog = openAt(field, 7);
    fireEvent.click(within(dialog).getByRole('button', { name: /Begrüßung/ }));
    expect(field.value).toBe('Hallo! Guten Tag, mein Name ist Berger.Wie kann ich helfen?');
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([39, 39]);
  });

  it('should replace the selected text', () => {
    const { field } = setUp('Sehr geehrte Frau');
    const dialog = openAt(field, 13, 17);
    fireEvent.click(within(dialog).getByRole('button', { name: /Verabschiedung/ }));
    expect(field.value).toBe('Sehr geehrte Vielen Dank für Ihr Vertrauen.');
    expect(field.selectionStart).toBe(field.value.length);
  });

  it('should filter both groups by title and text, ignoring case, and say when nothing matches', () => {
    const { field } = setUp('');
    const dialog = openAt(field, 0);
    const search = within(dialog).getByRole('searchbox', { name: 'Suchen' });
    fireEvent.change(search, { target: { value: 'MIETVERTRAG' } });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /Unterlagen|Begrüßung|Verabschiedung/ })
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Unterlagen')]);
    expect(within(dialog).queryByRole('region', { name: 'Textbausteine der Kanzlei' })).toBeNull();
    expect(within(dialog).getByRole('status')).toHaveProperty('textContent', '1 Textbaustein gefunden');
    fireEvent.change(search, { target: { value: 'verab' } });
    expect(within(dialog).getByRole('button', { name: /Verabschiedung/ })).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Meine Textbausteine' })).toBeNull();
    fireEvent.change(search, { target: { value: 'Kündigung' } });
    expect(within(dialog).getByRole('status')).toHaveProperty('textContent', 'Kein Textbaustein passt zu „Kündigung“.');
  });

  it('should insert the only matching template on Enter in the search and give the field back, and do nothing on Enter with several', async () => {
    const { field, onSend } = setUp('Hallo! ');
    const dialog = openAt(field, 7);
    const search = within(dialog).getByRole('searchbox', { name: 'Suchen' });
    fireEvent.change(search, { target: { value: 'n' } });
    expect(within(dialog).getByRole('status')).toHaveProperty('textContent', '3 Textbausteine gefunden');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(field.value).toBe('Hallo! ');
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'mietvertrag' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(field.value).toBe('Hallo! Bitte senden Sie mir den Mietvertrag.');
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(field.value.length);
  });

  it('should say that there are no templates yet and point to where to create them', () => {
    const { field } = setUp('', fakeApi({ Own: [], Firm: [] }));
    const dialog = openAt(field, 0);
    expect(dialog.textContent).toContain('Es gibt noch keine Textbausteine.');
    expect(within(dialog).getByRole('link', { name: 'Zu „Meine Textbausteine“' }).getAttribute('href')).toBe('/textbausteine');
    expect(within(dialog).queryByRole('searchbox')).toBeNull();
  });

  it('should cut a template that does not fit at the message maximum, as the field does with a paste, and say so', () => {
    const long = 'x'.repeat(MAX_CHAT_TEXT_LENGTH - 10);
    const { field } = setUp(long);
    const dialog = openAt(field, long.length);
    fireEvent.click(within(dialog).getByRole('button', { name: /Begrüßung/ }));
    expect(field.value).toBe(`${long}Guten Tag,`);
    expect(field.value).toHaveLength(MAX_CHAT_TEXT_LENGTH);
    expect(screen.getByText(`Der Textbaustein wurde gekürzt: Eine Nachricht darf höchstens ${MAX_CHAT_TEXT_LENGTH} Zeichen lang sein.`)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Neu' } });
    expect(screen.queryByText(/wurde gekürzt/)).toBeNull();
  });

  it('should give the focus back to the answer field with its selection when the dialog is closed without a choice', async () => {
    const { field } = setUp('Guten Tag');
    const dialog = openAt(field, 2, 5);
    fireEvent.keyDown(within(dialog).getByRole('searchbox'), { key: 'Escape' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 5]);
    expect(field.value).toBe('Guten Tag');
  });
});
