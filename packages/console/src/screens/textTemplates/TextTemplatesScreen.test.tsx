// @vitest-environment jsdom
// "Meine Textbausteine" and "Textbausteine der Kanzlei": the list by title with the text and when it was changed,
// creating and changing in a dialog (checked before sending; the server's German refusal shown in it), deleting after
// a question, each success announced; the firm's screen changes the firm's templates. Escape asks before throwing
// away what was typed.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, httpError, ok, type TextTemplate, type TextTemplatesApi } from '@rechtschat/core';
import { createI18n } from '../../i18n/i18n.js';
import { TextTemplatesScreen } from './TextTemplatesScreen.js';

afterEach(cleanup);

const template = (Id: string, Title: string, Text: string): TextTemplate => ({ Id, Title, Text, UpdatedAt: '2026-06-01T09:00:00.000Z' });
const greeting = template('o1', 'Begrüßung', 'Guten Tag, mein Name ist Berger.');
const documents = template('o2', 'Unterlagen', 'Bitte senden Sie mir den Mietvertrag.');
const farewell = template('f1', 'Verabschiedung', 'Vielen Dank.');

function fakeApi(over: Partial<TextTemplatesApi> = {}): TextTemplatesApi {
  return {
    list: vi.fn(() => of(ok({ Own: [documents, greeting], Firm: [farewell] }))),
    create: vi.fn((_scope, request) => of(ok(template('new', request.Title.trim(), request.Text)))),
    update: vi.fn((_scope, id: string, request) => of(ok(template(id, request.Title.trim(), request.Text)))),
    remove: vi.fn(() => of(ok(undefined))),
    ...over,
  };
}

function show(api: TextTemplatesApi, scope: 'own' | 'firm' = 'own') {
  render(
    <I18nextProvider i18n={createI18n()}>
      <TextTemplatesScreen api={api} scope={scope} onSessionExpired={vi.fn()} />
    </I18nextProvider>,
  );
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('TextTemplatesScreen', () => {
  it('should list the lawyer’s own templates by title with their text and when they were changed', () => {
    show(fakeApi());
    expect(screen.getByRole('heading', { level: 2, name: 'Meine Textbausteine' })).toBeTruthy();
    expect(titles()).toEqual(['Begrüßung', 'Unterlagen']);
    expect(screen.getByText('Bitte senden Sie mir den Mietvertrag.')).toBeTruthy();
    expect(screen.getAllByText('Zuletzt geändert am 01.06.2026, 11:00 Uhr')).toHaveLength(2);
    expect(screen.getByText('2 von höchstens 200 Textbausteinen')).toBeTruthy();
    expect(screen.queryByText('Verabschiedung')).toBeNull();
  });

  it('should narrow many templates to those whose title or text match, and say how many', () => {
    const many = ['Begrüßung', 'Unterlagen anfordern', 'Mietminderung', 'Kündigungsschutzklage', 'Erbschein', 'Verkehrsunfall', 'Rückruf'].map((title, index) =>
      template(`m${index}`, title, `Text ${index}: ${title === 'Erbschein' ? 'Bitte senden Sie das Testament.' : 'Guten Tag.'}`),
    );
    show(fakeApi({ list: vi.fn(() => of(ok({ Own: many, Firm: [] }))) }));
    expect(titles()).toHaveLength(7);
    const search = within(screen.getByRole('search', { name: 'Textbausteine durchsuchen' })).getByRole('searchbox', { name: 'Textbausteine durchsuchen' });
    // Accents and case do not count; the text is searched too.
    fireEvent.change(search, { target: { value: 'kundigung' } });
    expect(titles()).toEqual(['Kündigungsschutzklage']);
    expect(screen.getByText('1 von 7 Textbausteinen passt zu „kundigung“.').getAttribute('aria-live')).toBe('polite');
    fireEvent.change(search, { target: { value: 'TESTAMENT' } });
    expect(titles()).toEqual(['Erbschein']);
    fireEvent.change(search, { target: { value: 'u' } });
    expect(screen.getByText(/von 7 Textbausteinen passen zu „u“\./)).toBeTruthy();
    fireEvent.change(search, { target: { value: 'Scheidung' } });
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(screen.getByText('Kein Textbaustein passt zu „Scheidung“.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(titles()).toHaveLength(7);
  });

  it('should offer no search for a few templates', () => {
    show(fakeApi());
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('should create a template and announce it', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Textbaustein' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Textbaustein' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titel' }), { target: { value: 'Zeugen' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'Gibt es Zeugen?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(api.create).toHaveBeenCalledWith('own', { Title: 'Zeugen', Text: 'Gibt es Zeugen?' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(titles()).toEqual(['Begrüßung', 'Unterlagen', 'Zeugen']);
    expect(screen.getByRole('status').textContent).toBe('Der Textbaustein „Zeugen“ wurde angelegt.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Meine Textbausteine' }));
  });

  it('should check title and text before sending', () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Textbaustein' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByText('Bitte geben Sie dem Textbaustein einen Titel.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titel' }), { target: { value: 'Leer' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByText('Bitte geben Sie den Text des Textbausteins ein.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Text' }));
    expect(api.create).not.toHaveBeenCalled();
  });

  it('should mark title and text at once when both are wrong, each naming its own message, and focus the title', () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Textbaustein' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const title = within(dialog).getByRole('textbox', { name: 'Titel' });
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    const message = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect([title.getAttribute('aria-invalid'), text.getAttribute('aria-invalid')]).toEqual(['true', 'true']);
    expect(message(title)).toBe('Bitte geben Sie dem Textbaustein einen Titel.');
    expect(message(text)).toBe('Bitte geben Sie den Text des Textbausteins ein.');
    expect(document.activeElement).toBe(title);
    expect(api.create).not.toHaveBeenCalled();
  });

  it('should show the server’s refusal in the dialog and keep what was typed', () => {
    const refusal = 'Sie haben bereits 200 Textbausteine, mehr sind nicht möglich.';
    show(fakeApi({ create: () => of(err(httpError(409, 'Conflict', refusal))) }));
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Textbaustein' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titel' }), { target: { value: 'Noch einer' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'Text' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(`Nicht gespeichert: ${refusal}`);
    expect(within(dialog).getByRole('textbox', { name: 'Titel' })).toHaveProperty('value', 'Noch einer');
  });

  it('should change a template in the dialog, filled with what is stored', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Textbaustein „Begrüßung“ bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Textbaustein bearbeiten' });
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    expect(text).toHaveProperty('value', greeting.Text);
    fireEvent.change(text, { target: { value: 'Guten Morgen!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(api.update).toHaveBeenCalledWith('own', 'o1', { Title: 'Begrüßung', Text: 'Guten Morgen!' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Guten Morgen!')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Der Textbaustein „Begrüßung“ wurde gespeichert.');
  });

  it('should ask before Escape throws away a typed template, and keep it on „Weiter bearbeiten“', async () => {
    show(fakeApi());
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Textbaustein' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Textbaustein' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titel' }), { target: { value: 'Zeugen' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const question = screen.getByRole('alertdialog', { name: 'Eingaben verwerfen?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Weiter bearbeiten' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(dialog).getByRole('textbox', { name: 'Titel' })).toHaveProperty('value', 'Zeugen');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neuer Textbaustein' })).toBeNull());
  });

  it('should count an emoji as one character in the text and hold it to 750 of them', () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Textbaustein' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Textbaustein' });
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    expect(text.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(text, { target: { value: 'Danke 🙂' } });
    expect(within(dialog).getByText(/Noch 743 Zeichen/)).toBeTruthy();
    fireEvent.change(text, { target: { value: '😀'.repeat(751) } });
    expect(text).toHaveProperty('value', '😀'.repeat(750));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titel' }), { target: { value: 'Lachen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(api.create).toHaveBeenCalledWith('own', { Title: 'Lachen', Text: '😀'.repeat(750) });
  });

  it('should close an edit dialog on Escape without asking while nothing was changed', async () => {
    show(fakeApi());
    fireEvent.click(screen.getByRole('button', { name: 'Textbaustein „Begrüßung“ bearbeiten' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Textbaustein bearbeiten' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should delete a template only after the question', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Textbaustein „Unterlagen“ löschen' }));
    const question = screen.getByRole('dialog', { name: 'Textbaustein löschen?' });
    expect(question.textContent).toContain('Der Textbaustein „Unterlagen“ wird gelöscht.');
    fireEvent.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(api.remove).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Textbaustein „Unterlagen“ löschen' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    expect(api.remove).toHaveBeenCalledWith('own', 'o2');
    expect(titles()).toEqual(['Begrüßung']);
    expect(screen.getByRole('status').textContent).toBe('Der Textbaustein „Unterlagen“ wurde gelöscht.');
  });

  it('should keep the firm’s templates on the administrators’ screen', () => {
    const api = fakeApi();
    show(api, 'firm');
    expect(screen.getByRole('heading', { level: 2, name: 'Textbausteine der Kanzlei' })).toBeTruthy();
    expect(titles()).toEqual(['Verabschiedung']);
    fireEvent.click(screen.getByRole('button', { name: 'Textbaustein „Verabschiedung“ löschen' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    expect(api.remove).toHaveBeenCalledWith('firm', 'f1');
    expect(screen.getByText('Es gibt noch keine Textbausteine.')).toBeTruthy();
  });
});
