// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from '../../routing/AppRouter.js';
import { memoryHistory } from '../../routing/history.js';
import type { ChatViewState } from '@rechtschat/core';
import { ChatScreen } from './ChatScreen.js';
import { ChatScreenServicesContext } from './chatScreenServices.js';
import { fakeChatController, renderWithI18n } from './testSupport.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBar(patch: Partial<ChatViewState>) {
  const controller = fakeChatController(patch);
  // Inside a router, as in the app: "Neue Beratung beginnen" is a link.
  renderWithI18n(
    <AppRouter history={memoryHistory()}>
      <ChatScreen controller={controller} />
    </AppRouter>,
  );
  return controller;
}

/** The tab's drafts in a map, and the chat screen rendered with them, as a reload of the tab would render it again. */
function withDrafts(entries: readonly [string, string][] = []) {
  const stored = new Map<string, string>(entries);
  const drafts = {
    get: (k: string) => stored.get(k) ?? null,
    set: (k: string, v: string) => void stored.set(k, v),
    remove: (k: string) => void stored.delete(k),
  };
  const render = (patch: Partial<ChatViewState>) => {
    const controller = fakeChatController(patch);
    renderWithI18n(
      <ChatScreenServicesContext.Provider value={{ drafts }}>
        <ChatScreen controller={controller} />
      </ChatScreenServicesContext.Provider>,
    );
    return controller;
  };
  return { stored, render };
}

const answerRegion = () => screen.getByRole('region', { name: 'Ihre Antwort' });
const messageInput = () => screen.getByRole('textbox', { name: 'Ihre Nachricht' });

describe('ResponseBar', () => {
  it('should show no input while the bot types (responseType null)', () => {
    renderBar({ responseType: null, botTyping: true });
    expect(within(answerRegion()).queryByRole('textbox')).toBeNull();
    expect(within(answerRegion()).queryByRole('button')).toBeNull();
    expect(screen.getByText('Der Chatbot schreibt …').getAttribute('role')).toBe('status');
  });

  it('should render a multiline message field for Text', () => {
    renderBar({ responseType: 'Text' });
    expect(messageInput().tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Senden' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Überspringen' })).toBeNull();
  });

  it('should render an e-mail field with skip for EMail', () => {
    const controller = renderBar({ responseType: 'EMail' });
    const input = screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }) as HTMLInputElement;
    // type="email" would hand over juergen@müller.de as juergen@xn--mller-kva.de (Chromium): text with the e-mail keyboard.
    expect([input.type, input.inputMode, input.autocomplete]).toEqual(['text', 'email', 'email']);
    // A text field: a phone keyboard must neither capitalise nor "correct" the address.
    expect([input.getAttribute('autocapitalize'), input.getAttribute('autocorrect'), input.getAttribute('spellcheck')]).toEqual(['none', 'off', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Überspringen' }));
    expect(controller.skip).toHaveBeenCalledTimes(1);
  });

  it('should start the field with the address given before, selected, when the bot asks again after „Nein“: typing replaces it, a typo is fixed in place', () => {
    const controller = renderBar({ responseType: 'EMail' });
    const field = () => screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }) as HTMLInputElement;
    expect(field().value).toBe('');
    fireEvent.change(field(), { target: { value: ' anna.muster@gmial.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('anna.muster@gmial.com');
    act(() => controller.update({ responseType: 'YesOrNoEmail' }));
    act(() => controller.update({ responseType: 'EMail' }));
    expect(field().value).toBe('anna.muster@gmial.com');
    fireEvent.focus(field());
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, 'anna.muster@gmial.com'.length]);
    // Only the first time: a later focus (after a refused answer) leaves the cursor where the person put it.
    field().setSelectionRange(3, 3);
    fireEvent.focus(field());
    expect(field().selectionStart).toBe(3);
  });

  it('should render a phone field with skip for PhoneNumber', () => {
    renderBar({ responseType: 'PhoneNumber' });
    const input = screen.getByLabelText('Ihre Telefonnummer') as HTMLInputElement;
    expect([input.type, input.inputMode, input.autocomplete]).toEqual(['tel', 'tel', 'tel']);
    expect(screen.getByRole('button', { name: 'Überspringen' })).toBeTruthy();
  });

  it.each(['YesOrNo', 'YesOrNoPhone', 'YesOrNoEmail'] as const)('should render Ja/Nein buttons for %s', (responseType) => {
    const controller = renderBar({ responseType });
    expect(within(answerRegion()).queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nein' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(controller.answerYesNo.mock.calls).toEqual([[false], [true]]);
  });

  it('should render five star radios and send stars with the optional comment for Rating', async () => {
    const controller = renderBar({ responseType: 'Rating', phase: 2 });
    const submit = await screen.findByRole('button', { name: 'Bewertung senden' });
    for (const label of ['1 Stern', '2 Sterne', '3 Sterne', '4 Sterne', '5 Sterne']) expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 Sterne' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ihr Kommentar (optional)' }), { target: { value: '  Sehr hilfreich  ' } });
    fireEvent.click(submit);
    expect(controller.submitRating).toHaveBeenCalledWith(4, 'Sehr hilfreich');
  });

  it('should say how many characters the comment may still have, so a long comment is not cut off unannounced', async () => {
    renderBar({ responseType: 'Rating', phase: 2, maxTextLength: 750 });
    const comment = await screen.findByRole('textbox', { name: 'Ihr Kommentar (optional)' });
    expect(document.getElementById(comment.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Noch 750 von 750 Zeichen');
    fireEvent.change(comment, { target: { value: 'Sehr hilfreich' } });
    expect(document.getElementById(comment.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Noch 736 von 750 Zeichen');
    // An emoji is one character, as people count them (not two UTF-16 units).
    fireEvent.change(comment, { target: { value: 'Sehr hilfreich 👍' } });
    expect(document.getElementById(comment.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Noch 734 von 750 Zeichen');
  });

  it('should put the focus into an answer field that appears while the focus is free, and leave it on a link the person moved to', () => {
    const controller = renderBar({ responseType: null, botTyping: true });
    act(() => controller.update({ responseType: 'Text', botTyping: false }));
    expect(document.activeElement).toBe(messageInput());
    act(() => controller.update({ responseType: null, botTyping: true }));
    // The person tabbed on to a link outside the answer (the footer's „Impressum“) while the bot was typing.
    const elsewhere = document.createElement('a');
    elsewhere.href = '/impressum';
    elsewhere.textContent = 'Impressum';
    document.body.append(elsewhere);
    elsewhere.focus();
    act(() => controller.update({ responseType: 'YesOrNo', botTyping: false }));
    expect(screen.getByRole('button', { name: 'Ja' })).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it('should move keyboard focus to the first star when the rating appears', async () => {
    renderBar({ responseType: 'Rating', phase: 2 });
    expect(document.activeElement).toBe(await screen.findByRole('radio', { name: '1 Stern' }));
  });

  it('should say at the stars that one is needed when the rating is sent without a star, and send nothing', async () => {
    const controller = renderBar({ responseType: 'Rating', phase: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewertung senden' }));
    expect(controller.submitRating).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Bitte wählen Sie zwischen einem und fünf Sternen.');
    const firstStar = screen.getByRole('radio', { name: '1 Stern' });
    expect(document.activeElement).toBe(firstStar);
    expect(firstStar.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '3 Sterne' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(controller.submitRating).toHaveBeenCalledWith(3, undefined);
  });

  it('should keep the chosen stars and comment across a reload of the tab and forget them once sent', async () => {
    const { stored, render: renderWithDrafts } = withDrafts();
    const render = () => renderWithDrafts({ responseType: 'Rating', phase: 2, chatId: 'chat-7' });
    render();
    fireEvent.click(await screen.findByRole('radio', { name: '4 Sterne' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ihr Kommentar (optional)' }), { target: { value: 'Sehr hilfreich' } });
    cleanup();
    const controller = render();
    const fourStars = (await screen.findByRole('radio', { name: '4 Sterne' })) as HTMLInputElement;
    expect(fourStars.checked).toBe(true);
    expect(document.activeElement).toBe(fourStars);
    expect((screen.getByRole('textbox', { name: 'Ihr Kommentar (optional)' }) as HTMLTextAreaElement).value).toBe('Sehr hilfreich');
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(controller.submitRating).toHaveBeenCalledWith(4, 'Sehr hilfreich');
    expect([...stored.keys()]).toEqual([]);
  });

  it('should thank instead of asking again once the rating is saved', async () => {
    renderBar({ responseType: 'Rating', ratingSaved: true });
    const thanks = await screen.findByText('Vielen Dank für Ihre Bewertung.');
    expect(screen.queryByRole('radio')).toBeNull();
    // Opened that way (a reload after sending): nothing was replaced, so the focus stays where the page put it.
    expect(document.activeElement).not.toBe(thanks);
  });

  it('should put the keyboard focus on the thanks and then on the closing line when they replace the sent rating', async () => {
    const controller = renderBar({ responseType: 'Rating', phase: 2 });
    fireEvent.click(await screen.findByRole('radio', { name: '5 Sterne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    // The sent form goes with the focus in it; the browser then puts the focus on the page's body.
    act(() => {
      (document.activeElement as HTMLElement).blur();
      controller.update({ ratingSaved: true });
    });
    expect(document.activeElement).toBe(screen.getByText('Vielen Dank für Ihre Bewertung.'));
    act(() => {
      (document.activeElement as HTMLElement).blur();
      controller.update({ responseType: 'Done' });
    });
    expect(document.activeElement).toBe(within(answerRegion()).getByRole('status'));
  });

  it('should render only the end hint for Done, with the way to a new consultation beside it', () => {
    renderBar({ responseType: 'Done', phase: 2 });
    expect(within(answerRegion()).queryByRole('button')).toBeNull();
    expect(within(answerRegion()).getByRole('status').textContent).toContain('Der Chat ist beendet');
    expect(screen.getByRole('link', { name: 'Neue Beratung beginnen' }).getAttribute('href')).toBe('/chat/new');
  });

  it('should thank for the consultation only when one took place, and confirm the callback when the chat ended with one', () => {
    renderBar({ responseType: 'Done', phase: 1, caseClosed: true, ending: 'consultation' });
    expect(within(answerRegion()).getByRole('status').textContent).toBe('Der Chat ist beendet. Vielen Dank, dass Sie unsere Rechtsberatung genutzt haben.');
    cleanup();
    renderBar({ responseType: 'Done', phase: 1, caseClosed: true, ending: 'callback' });
    const callbackLine = within(answerRegion()).getByRole('status').textContent;
    expect(callbackLine).toBe('Der Chat ist beendet. Ihr Rückruf ist vereinbart: Eine Anwältin oder ein Anwalt ruft Sie zum gewünschten Zeitpunkt an.');
    expect(callbackLine).not.toContain('Vielen Dank');
    cleanup();
    renderBar({ responseType: 'Done', phase: 1, caseClosed: true, ending: 'withoutConsultation' });
    expect(within(answerRegion()).getByRole('status').textContent).toBe('Der Chat ist beendet, bevor eine Anwältin oder ein Anwalt frei war.');
  });

  it('should disable every answer button while a command runs', () => {
    const controller = renderBar({ responseType: 'EMail', busy: true });
    for (const name of ['Senden', 'Überspringen']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    act(() => controller.update({ responseType: 'YesOrNo' }));
    for (const name of ['Ja', 'Nein']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    act(() => controller.update({ responseType: 'Text', phase: 1, lawyerConnected: true }));
    expect((screen.getByRole('button', { name: 'Senden' }) as HTMLButtonElement).disabled).toBe(true);
    // Focusable but refused (aria-disabled): see the upload test below.
    expect(screen.getByRole('button', { name: 'Datei hochladen' }).getAttribute('aria-disabled')).toBe('true');
    act(() => controller.update({ busy: false }));
    expect((screen.getByRole('button', { name: 'Senden' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('TextResponse', () => {
  it('should cap the text at 750 characters and show how many remain', () => {
    renderBar({ responseType: 'Text' });
    const input = messageInput() as HTMLTextAreaElement;
    // Not the maxlength attribute: it counts UTF-16 units and would stop at 375 emoji.
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('Noch 750 von 750 Zeichen')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Mietvertrag' } });
    expect(screen.getByText('Noch 739 von 750 Zeichen')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(800) } });
    expect(input.value).toHaveLength(750);
    expect(screen.getByText('Noch 0 von 750 Zeichen')).toBeTruthy();
  });

  it('should count an emoji as one character in the hint and hold 750 emoji, cutting the 751st whole', () => {
    renderBar({ responseType: 'Text' });
    const input = messageInput() as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Danke 🙂' } });
    expect(screen.getByText('Noch 743 von 750 Zeichen')).toBeTruthy();
    fireEvent.change(input, { target: { value: '😀'.repeat(751) } });
    expect(input.value).toBe('😀'.repeat(750));
    expect(screen.getByText('Noch 0 von 750 Zeichen')).toBeTruthy();
    fireEvent.change(input, { target: { value: `${'😀'.repeat(749)}x👍` } });
    expect(input.value).toBe(`${'😀'.repeat(749)}x`);
  });

  it('should cut a paste into the middle of a long text from the pasted part, keep the text after it and put the caret after the kept part', () => {
    renderBar({ responseType: 'Text' });
    const input = messageInput() as HTMLTextAreaElement;
    const start = `Guten Tag, ${'😀'.repeat(730)}`;
    fireEvent.change(input, { target: { value: `${start} Ende` } });
    input.focus();
    // The browser's paste of "liebe Frau Weber 👍👍" at the end of `start`: the field's value with the caret after it.
    const pasted = 'liebe Frau Weber 👍👍';
    const edited = `${start}${pasted} Ende`;
    const caret = `${start}${pasted}`.length;
    Object.defineProperty(input, 'selectionEnd', { configurable: true, get: () => caret });
    fireEvent.change(input, { target: { value: edited } });
    delete (input as { selectionEnd?: number }).selectionEnd;
    // 741 characters before the paste + 5 after it: 4 of the pasted characters fit.
    expect(input.value).toBe(`${start}lieb Ende`);
    expect(Array.from(input.value)).toHaveLength(750);
    expect(input.selectionEnd).toBe(`${start}lieb`.length);
  });

  it('should say so when a pasted text was cut at 750 characters, and not for a paste that fits', () => {
    const controller = renderBar({ responseType: 'Text' });
    controller.submitText.mockReturnValue({ ok: true });
    const input = messageInput() as HTMLTextAreaElement;
    const status = () => within(answerRegion()).getByRole('status');
    fireEvent.paste(input, { clipboardData: { getData: () => 'Mein Vermieter' } });
    expect(status().textContent).toBe('');
    fireEvent.change(input, { target: { value: 'Guten Tag, ' } });
    input.setSelectionRange(11, 11);
    fireEvent.paste(input, { clipboardData: { getData: () => 'x'.repeat(740) } });
    expect(status().textContent).toBe(
      'Der eingefügte Text war länger als 750 Zeichen und wurde am Ende abgeschnitten. Bitte prüfen Sie den Text, bevor Sie ihn senden.',
    );
    // The notice is part of the field's description, so it is read with the field.
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain('wurde am Ende abgeschnitten');
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(status().textContent).toBe('');
  });

  it('should say so as well when text put in without a paste (dictation, a dropped text) was cut at 750 characters', () => {
    renderBar({ responseType: 'Text' });
    const input = messageInput() as HTMLTextAreaElement;
    const status = () => within(answerRegion()).getByRole('status');
    fireEvent.change(input, { target: { value: 'y'.repeat(864) } });
    expect(Array.from(input.value)).toHaveLength(750);
    expect(status().textContent).toContain('wurde am Ende abgeschnitten');
    // Shortened by hand below the limit, the notice goes.
    fireEvent.change(input, { target: { value: 'y'.repeat(700) } });
    expect(status().textContent).toBe('');
  });

  it('should show the min-length message core returns and keep the text', () => {
    const controller = renderBar({ responseType: 'Text', minTextLength: 15 });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.MinLength' });
    fireEvent.change(messageInput(), { target: { value: 'zu kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('zu kurz');
    expect(screen.getByText('Bitte geben Sie mindestens 15 Zeichen ein.')).toBeTruthy();
    expect((messageInput() as HTMLTextAreaElement).value).toBe('zu kurz');
    expect(messageInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('should show no error when core refuses an empty field after an Enter by accident, but say why after „Senden“', () => {
    const controller = renderBar({ responseType: 'Text', lawyerConnected: true });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.Empty' });
    fireEvent.keyDown(messageInput(), { key: 'Enter' });
    expect(controller.submitText).toHaveBeenCalledWith('');
    expect(messageInput().getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Bitte geben Sie zuerst Ihre Nachricht ein.')).toBeTruthy();
    expect(messageInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('should ask for an answer when only spaces were typed, and count no characters for them', () => {
    const controller = renderBar({ responseType: 'Text' });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.Empty' });
    fireEvent.change(messageInput(), { target: { value: ' '.repeat(20) } });
    expect(screen.getByText('Noch 750 von 750 Zeichen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByText('Bitte geben Sie zuerst Ihre Nachricht ein.')).toBeTruthy();
    expect(messageInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('should keep the unsent text of this chat across a reload of the tab and forget it once sent', () => {
    const { stored, render: renderWithDrafts } = withDrafts();
    const render = () => renderWithDrafts({ responseType: 'Text', chatId: 'chat-7' });
    render();
    fireEvent.change(messageInput(), { target: { value: 'Mein Vermieter hat mir gestern' } });
    expect(stored.get('rc.chat.draft.chat-7')).toBe('Mein Vermieter hat mir gestern');
    cleanup();
    const controller = render();
    expect((messageInput() as HTMLTextAreaElement).value).toBe('Mein Vermieter hat mir gestern');
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('Mein Vermieter hat mir gestern');
    expect(stored.has('rc.chat.draft.chat-7')).toBe(false);
  });

  it('should show the text left unsent when the lawyer ended the chat, above the next question, until dismissed', () => {
    const { stored, render } = withDrafts([['rc.chat.draft.chat-7', 'Muss ich die Unterlassungserklärung\nunterschreiben?']]);
    render({ responseType: 'PhoneNumber', phase: 2, chatId: 'chat-7', caseClosed: true });
    const notice = within(answerRegion()).getByRole('status');
    expect(notice.textContent).toContain('Diese Nachricht wurde nicht mehr gesendet, weil der Chat beendet wurde.');
    expect(notice.querySelector('blockquote')?.textContent).toBe('Muss ich die Unterlassungserklärung\nunterschreiben?');
    expect(within(answerRegion()).getByRole('textbox')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Hinweis schließen' }));
    expect(within(answerRegion()).queryByText(/nicht mehr gesendet/)).toBeNull();
    expect(stored.has('rc.chat.draft.chat-7')).toBe(false);
  });

  it('should show no such notice while the chat runs', () => {
    withDrafts([['rc.chat.draft.chat-7', 'Noch nicht fertig']]).render({ responseType: 'Text', phase: 1, chatId: 'chat-7', lawyerConnected: true });
    expect(screen.queryByText(/nicht mehr gesendet/)).toBeNull();
  });

  it('should keep a half-typed e-mail address across a reload of the tab and forget it once the bot took it', () => {
    const { stored, render: renderWithDrafts } = withDrafts();
    const render = () => renderWithDrafts({ responseType: 'EMail', chatId: null });
    const field = () => screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }) as HTMLInputElement;
    render();
    fireEvent.change(field(), { target: { value: 'max.muster@exam' } });
    cleanup();
    const controller = render();
    expect(field().value).toBe('max.muster@exam');
    fireEvent.change(field(), { target: { value: 'max.muster@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('max.muster@example.org');
    expect([...stored.keys()]).toEqual([]);
  });

  it('should clear the field and keep focus in it after sending', () => {
    const controller = renderBar({ responseType: 'Text' });
    const input = messageInput() as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Mein Vermieter erhöht die Miete.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('Mein Vermieter erhöht die Miete.');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('should not send on Enter before a lawyer is connected', () => {
    const controller = renderBar({ responseType: 'Text', lawyerConnected: false });
    fireEvent.change(messageInput(), { target: { value: 'Mein Problem ist folgendes' } });
    fireEvent.keyDown(messageInput(), { key: 'Enter' });
    expect(controller.submitText).not.toHaveBeenCalled();
    expect(screen.queryByRole('checkbox', { name: 'Enter zum Senden deaktivieren' })).toBeNull();
  });

  it('should send on Enter but not on Shift+Enter once a lawyer is connected', () => {
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true, minTextLength: 1 });
    fireEvent.change(messageInput(), { target: { value: 'Hallo' } });
    fireEvent.keyDown(messageInput(), { key: 'Enter', shiftKey: true });
    expect(controller.submitText).not.toHaveBeenCalled();
    fireEvent.keyDown(messageInput(), { key: 'Enter' });
    expect(controller.submitText).toHaveBeenCalledWith('Hallo');
  });

  it('should not send on Enter when "Enter zum Senden deaktivieren" is ticked', () => {
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true, minTextLength: 1 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Enter zum Senden deaktivieren' }));
    fireEvent.change(messageInput(), { target: { value: 'Zeile eins' } });
    fireEvent.keyDown(messageInput(), { key: 'Enter' });
    expect(controller.submitText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('Zeile eins');
  });

  it('should show the Enter hint and its checkbox with a mouse and keyboard (pointer: fine)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true, minTextLength: 1 });
    expect(screen.getByRole('checkbox', { name: 'Enter zum Senden deaktivieren' })).toBeTruthy();
    expect(screen.getByText('Enter sendet die Nachricht, Umschalt+Enter fügt eine neue Zeile ein.')).toBeTruthy();
  });

  it('should make Enter a new line on a touch screen and send only with "Senden", without the desktop hint and checkbox', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true, minTextLength: 1 });
    fireEvent.change(messageInput(), { target: { value: 'Zeile eins' } });
    const enter = fireEvent.keyDown(messageInput(), { key: 'Enter' });
    // Not prevented: the browser inserts the line break.
    expect(enter).toBe(true);
    expect(controller.submitText).not.toHaveBeenCalled();
    expect(screen.queryByRole('checkbox', { name: 'Enter zum Senden deaktivieren' })).toBeNull();
    expect(screen.queryByText(/Enter sendet die Nachricht/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('Zeile eins');
  });

  it('should report typing and hand chosen files to core in the live chat', () => {
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true });
    fireEvent.change(messageInput(), { target: { value: 'H' } });
    expect(controller.userTyping).toHaveBeenCalledTimes(1);
    const file = new File(['%PDF'], 'Mietvertrag.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Datei zum Hochladen auswählen'), { target: { files: [file] } });
    expect(controller.uploadFile).toHaveBeenCalledWith(file, 'Mietvertrag.pdf');
  });

  it('should say which file is being uploaded and keep the keyboard focus on "Datei hochladen" meanwhile', () => {
    // On mobile data a few megabytes take half a minute: greyed-out buttons alone said nothing, and a disabled button
    // dropped the focus to the page's start.
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true });
    const upload = screen.getByRole('button', { name: 'Datei hochladen' }) as HTMLButtonElement;
    upload.focus();
    act(() => controller.update({ busy: true, uploadingFileName: 'Mietvertrag.pdf' }));
    expect(
      within(answerRegion())
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).toContain('„Mietvertrag.pdf“ wird hochgeladen …');
    expect(upload.disabled).toBe(false);
    expect(upload.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(upload);
    fireEvent.click(upload);
    act(() => controller.update({ busy: false, uploadingFileName: null }));
    expect(
      within(answerRegion())
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).not.toContain('„Mietvertrag.pdf“ wird hochgeladen …');
    expect(upload.getAttribute('aria-disabled')).toBeNull();
  });

  it('should show a running upload as a progress bar with its percentage and announce it only at each quarter', () => {
    // On a slow mobile line 10 MB take minutes: a spinner alone said nothing of how far the file had come.
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true });
    act(() => controller.update({ uploadingFileName: 'Foto.jpg', uploadPercent: 0 }));
    const status = () =>
      within(answerRegion())
        .getAllByRole('status')
        .map((s) => s.textContent)
        .filter((text) => text !== '');
    expect(status()).toEqual(['„Foto.jpg“ wird hochgeladen …']);
    act(() => controller.update({ uploadPercent: 12 }));
    const bar = within(answerRegion()).getByRole('progressbar', { name: 'Datei wird hochgeladen' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuetext')).toBe('Datei wird hochgeladen: 12 %');
    expect(within(answerRegion()).getByText('„Foto.jpg“ wird hochgeladen: 12 %')).toBeTruthy();
    expect(status()).toEqual(['„Foto.jpg“ wird hochgeladen …']);
    act(() => controller.update({ uploadPercent: 45 }));
    expect(bar.getAttribute('aria-valuetext')).toBe('Datei wird hochgeladen: 45 %');
    expect(status()).toEqual(['„Foto.jpg“ wird hochgeladen: 25 %']);
    act(() => controller.update({ uploadPercent: 52 }));
    expect(status()).toEqual(['„Foto.jpg“ wird hochgeladen: 50 %']);
    // Neither the bar nor its changing text sits in a live region.
    expect(bar.closest('[aria-live], [role="status"]')).toBeNull();
    expect(within(answerRegion()).getByText('„Foto.jpg“ wird hochgeladen: 52 %').closest('[role="status"]')).toBeNull();
  });

  it('should cancel the upload with "Hochladen abbrechen", say so and lead the focus back to "Datei hochladen"', () => {
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true });
    act(() => controller.update({ uploadingFileName: 'Foto.jpg', uploadPercent: 30 }));
    const cancel = within(answerRegion()).getByRole('button', { name: 'Hochladen abbrechen' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(controller.cancelUpload).toHaveBeenCalledTimes(1);
    act(() => controller.update({ uploadingFileName: null, uploadPercent: 0, cancelledUploadFileName: 'Foto.jpg' }));
    expect(within(answerRegion()).queryByRole('progressbar')).toBeNull();
    expect(within(answerRegion()).queryByRole('button', { name: 'Hochladen abbrechen' })).toBeNull();
    expect(
      within(answerRegion())
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).toContain('Hochladen abgebrochen.');
    const upload = within(answerRegion()).getByRole('button', { name: 'Datei hochladen' });
    expect(document.activeElement).toBe(upload);
    // A file can be picked again at once.
    expect(upload.getAttribute('aria-disabled')).toBeNull();
    const file = new File(['%PDF'], 'Richtig.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Datei zum Hochladen auswählen'), { target: { files: [file] } });
    expect(controller.uploadFile).toHaveBeenCalledWith(file, 'Richtig.pdf');
  });

  it('should lead the focus from "Hochladen abbrechen" to "Datei hochladen" when the upload ends by itself', () => {
    const controller = renderBar({ responseType: 'Text', phase: 1, lawyerConnected: true });
    act(() => controller.update({ uploadingFileName: 'Foto.jpg', uploadPercent: 99 }));
    within(answerRegion()).getByRole('button', { name: 'Hochladen abbrechen' }).focus();
    act(() => controller.update({ uploadingFileName: null, uploadPercent: 0 }));
    expect(document.activeElement).toBe(within(answerRegion()).getByRole('button', { name: 'Datei hochladen' }));
  });

  it('should offer neither upload nor typing notifications to the onboarding bot', () => {
    const controller = renderBar({ responseType: 'Text', phase: 0 });
    fireEvent.change(messageInput(), { target: { value: 'Mein Problem' } });
    expect(controller.userTyping).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Datei hochladen' })).toBeNull();
  });
});

describe('SingleLineResponse', () => {
  it('should show the e-mail validation key core returns', () => {
    const controller = renderBar({ responseType: 'EMail' });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.EnterValidEmail' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }), { target: { value: 'keine-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
  });

  it('should announce a refused answer sent with Enter, where the focus stays in the field, and again when it is refused once more', () => {
    // The error is also the field's description, but a screen reader reads that only when the focus comes to the field.
    const controller = renderBar({ responseType: 'EMail' });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.EnterValidEmail' });
    const input = screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: 'keine-adresse' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    const first = screen.getByRole('alert');
    expect(first.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    // A new alert element: the same text is announced again instead of staying silent.
    expect(screen.getByRole('alert')).not.toBe(first);
    fireEvent.change(input, { target: { value: 'keine-adresse@' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should announce the min-length message of the description as an alert', () => {
    const controller = renderBar({ responseType: 'Text', minTextLength: 15 });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.MinLength' });
    fireEvent.change(messageInput(), { target: { value: 'zu kurz' } });
    fireEvent.submit(messageInput().closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie mindestens 15 Zeichen ein.');
  });

  it('should hand core the e-mail as the person typed it (an umlaut domain in Unicode)', () => {
    const controller = renderBar({ responseType: 'EMail' });
    controller.submitText.mockReturnValue({ ok: true });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }), { target: { value: 'juergen@müller.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(controller.submitText).toHaveBeenCalledWith('juergen@müller.de');
  });

  it('should submit the phone number on Enter (form submit) without surrounding spaces', () => {
    const controller = renderBar({ responseType: 'PhoneNumber' });
    controller.submitText.mockReturnValue({ ok: false, errorKey: 'Chat.EnterValidPhoneNumber' });
    const input = screen.getByLabelText('Ihre Telefonnummer');
    fireEvent.change(input, { target: { value: ' 0301234 ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(controller.submitText).toHaveBeenCalledWith('0301234');
    expect(screen.getByText('Bitte geben Sie eine gültige Telefonnummer ein.')).toBeTruthy();
  });
});
