// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Subject, of } from 'rxjs';
import { err, networkError } from '@rechtschat/core';
import type { ChatViewState } from '@rechtschat/core';
import { ChatScreen } from './ChatScreen.js';
import { ChatScreenServicesContext } from './chatScreenServices.js';
import { ErrorAlert } from './ErrorAlert.js';
import { ConnectionIndicator } from './StatusIndicators.js';
import { fakeChatController, message, renderWithI18n } from './testSupport.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderScreen(patch: Partial<ChatViewState>, options: { readonly isNewChat?: boolean } = {}) {
  const controller = fakeChatController(patch);
  renderWithI18n(<ChatScreen controller={controller} isNewChat={options.isNewChat ?? false} />);
  return controller;
}

describe('ChatScreen', () => {
  it('should show a loading status until the controller emits its first state', () => {
    const controller = fakeChatController();
    const state$ = new Subject<ChatViewState>();
    renderWithI18n(<ChatScreen controller={{ ...controller, state$ }} />);
    expect(screen.getByRole('status').textContent).toContain('Der Chat wird geladen');
    act(() => state$.next({ ...controller.state$.value, messages: [message({ id: 'm1', text: 'Hallo' })] }));
    expect(within(screen.getByRole('log')).getByText('Hallo')).toBeTruthy();
  });

  it("should lead into the person's running chat when another tab already started it, with focus on the notice", () => {
    renderScreen({ phase: 0, responseType: null, runningChatCaseId: 'case 7' });
    const link = screen.getByRole('link', { name: 'Zu Ihrer laufenden Beratung' });
    expect(link.getAttribute('href')).toBe('/chat/case%207');
    expect(screen.getByText(/Ihre Beratung läuft bereits – in einem anderen Fenster oder Tab/)).toBeTruthy();
    expect(document.activeElement?.classList.contains('chat-running-notice')).toBe(true);
    expect(screen.queryByText(/Der Chat ist beendet/)).toBeNull();
  });

  it('should render new messages as the state changes', () => {
    const controller = renderScreen({});
    act(() => controller.update({ messages: [message({ id: 'm1', kind: 'lawyer', text: 'Guten Tag', authorName: 'RA Weber' })] }));
    expect(within(screen.getByRole('log')).getByText('Guten Tag')).toBeTruthy();
  });

  it('should show the lawyer typing indicator', () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true });
    act(() => controller.update({ lawyerTyping: true }));
    expect(screen.getByText('Ihre Anwältin oder Ihr Anwalt schreibt …')).toBeTruthy();
  });

  it('should name the lawyer in the typing line once the name is known', () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true, lawyerName: 'Markus Hoffmann' });
    act(() => controller.update({ lawyerTyping: true }));
    expect(screen.getByText('Markus Hoffmann schreibt …')).toBeTruthy();
  });

  it('should say right above the answer region, in a status announced politely, when the device is offline or the connection comes back', () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true, responseType: 'Text', connectionNotice: null });
    const notice = () => screen.getAllByRole('status').find((s) => s.classList.contains('chat-connection'));
    // Mounted while connected, so the live region is known before its text appears; right above the answer field.
    expect(notice()?.textContent).toBe('');
    expect(notice()?.nextElementSibling).toBe(screen.getByRole('region', { name: 'Ihre Antwort' }));
    act(() => controller.update({ connectionNotice: 'offline' }));
    expect(notice()?.textContent).toBe('Keine Verbindung. Ihre Nachrichten werden gesendet, sobald die Verbindung wieder besteht.');
    act(() => controller.update({ connectionNotice: 'reconnecting' }));
    expect(notice()?.textContent).toBe('Die Verbindung wird wiederhergestellt …');
    // The icon is kept beside the text, hidden from assistive technology because the text says it.
    expect(notice()?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    act(() => controller.update({ connectionNotice: 'disconnected' }));
    expect(notice()?.textContent).toContain('Die Verbindung ist unterbrochen. Bitte laden Sie die Seite neu.');
    act(() => controller.update({ connectionNotice: null }));
    expect(notice()?.textContent).toBe('');
  });

  it('should offer „Seite neu laden“ beside the notice once the reconnects have given up, and only then', () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true, responseType: 'Text', connectionNotice: 'reconnecting' });
    const notice = () => screen.getAllByRole('status').find((s) => s.classList.contains('chat-connection'))!;
    expect(within(notice()).queryByRole('button', { name: 'Seite neu laden' })).toBeNull();
    act(() => controller.update({ connectionNotice: 'offline' }));
    expect(within(notice()).queryByRole('button', { name: 'Seite neu laden' })).toBeNull();
    act(() => controller.update({ connectionNotice: 'disconnected' }));
    expect(within(notice()).getByRole('button', { name: 'Seite neu laden' })).toBeTruthy();
  });

  it("should say the server's reason instead of „unterbrochen“ when it ended the connection for good, without a reload", () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true, responseType: 'Text', connectionNotice: null });
    const notice = () => screen.getAllByRole('status').find((s) => s.classList.contains('chat-connection'))!;
    act(() => controller.update({ connectionNotice: 'disconnected', closedByServer: 'Ihre Daten wurden auf Ihren Wunsch gelöscht.' }));
    expect(notice().textContent).toBe('Ihre Daten wurden auf Ihren Wunsch gelöscht.');
    expect(within(notice()).queryByRole('button', { name: 'Seite neu laden' })).toBeNull();
  });

  it('should reload the page with the button of the interrupted connection', () => {
    const reload = vi.fn();
    renderWithI18n(<ConnectionIndicator notice="disconnected" reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Seite neu laden' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should say when the connection refused for too many connections from the network is tried again, not „in Kürze“', () => {
    const { rerender } = renderWithI18n(<ConnectionIndicator notice="capped" retrySeconds={5} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Von Ihrem Netzwerk aus bestehen gerade zu viele gleichzeitige Verbindungen zum Chat.');
    expect(status.textContent).toContain('Der nächste Verbindungsversuch folgt automatisch in 5 Sekunden');
    expect(status.textContent).not.toContain('in Kürze');
    rerender(<ConnectionIndicator notice="capped" retrySeconds={300} />);
    expect(screen.getByRole('status').textContent).toContain('in 5 Minuten');
    rerender(<ConnectionIndicator notice="capped" retrySeconds={60} />);
    expect(screen.getByRole('status').textContent).toContain('in 1 Minute –');
  });

  it('should show core errors and dismiss them through the controller', () => {
    const controller = renderScreen({ errorKey: 'Chat.CallbackFailed' });
    expect(screen.getByRole('alert').textContent).toContain('Ihr Rückrufwunsch konnte leider nicht übermittelt werden');
    fireEvent.click(screen.getByRole('button', { name: 'Hinweis schließen' }));
    expect(controller.dismissError).toHaveBeenCalledTimes(1);
  });

  it('should offer „Seite neu laden“ in the alert when the chat could not start or load, and only then', () => {
    const controller = renderScreen({ phase: 0, errorKey: 'Chat.StartFailed' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Der Chat konnte nicht gestartet werden. Bitte laden Sie die Seite neu.');
    expect(within(alert).getByRole('button', { name: 'Seite neu laden' })).toBeTruthy();
    act(() => controller.update({ errorKey: 'Chat.LoadFailed' }));
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Seite neu laden' })).toBeTruthy();
    act(() => controller.update({ errorKey: 'Chat.UploadFailed' }));
    expect(screen.queryByRole('button', { name: 'Seite neu laden' })).toBeNull();
  });

  it('should reload the page with the alert’s button', () => {
    const reload = vi.fn();
    renderWithI18n(<ErrorAlert errorKey="Chat.StartFailed" onDismiss={vi.fn()} reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Seite neu laden' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should keep the focus in the answer region when the lawyer ends the chat and the answer field goes', () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true, responseType: 'Text' });
    screen.getByRole('textbox', { name: 'Ihre Nachricht' }).focus();
    act(() => controller.update({ lawyerConnected: false, caseClosed: true, responseType: null }));
    // Not dropped to the page's start: the bot's next question appears right here.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Ihre Antwort' }));
  });

  it.each([
    ['the e-mail address sent with „Senden“', 'EMail', 'button', 'Senden'],
    ['„Ja“ to the address read back', 'YesOrNoEmail', 'button', 'Ja'],
    ['the problem sent', 'Text', 'textbox', 'Ihre Nachricht'],
  ] as const)('should keep the focus in the answer region while the bot types on after %s', (_, responseType, role, name) => {
    const controller = renderScreen({ phase: 0, responseType });
    screen.getByRole(role, { name }).focus();
    act(() => controller.update({ responseType: 'AskForNextMessage', botTyping: true }));
    // Not dropped to the page's start for the seconds the bot types: a Tab would begin at „Zum Inhalt springen“.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Ihre Antwort' }));
    act(() => controller.update({ responseType: 'YesOrNoEmail', botTyping: false }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ja' }));
  });

  it('should leave the focus where the person moved it while the bot types on', () => {
    const controller = renderScreen({ phase: 0, responseType: 'YesOrNoEmail' });
    screen.getByRole('link', { name: 'Zum Chatverlauf springen' }).focus();
    act(() => controller.update({ responseType: 'AskForNextMessage', botTyping: true }));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Zum Chatverlauf springen' }));
  });

  it('should offer jump links to the log and into the answer field itself', () => {
    renderScreen({ responseType: 'Text' });
    fireEvent.click(screen.getByRole('link', { name: 'Zur Eingabe springen' }));
    expect(document.activeElement).toBe(within(screen.getByRole('region', { name: 'Ihre Antwort' })).getByRole('textbox'));
    fireEvent.click(screen.getByRole('link', { name: 'Zum Chatverlauf springen' }));
    expect(document.activeElement).toBe(screen.getByRole('log'));
  });
});

describe('InactivityDialog', () => {
  it('should show the first stage countdown and report "Ich bin noch da"', () => {
    const controller = renderScreen({ phase: 1, lawyerConnected: true, inactivity: { stage: 1, secondsLeft: 60 } });
    const dialog = screen.getByRole('dialog', { name: 'Sind Sie noch da?' });
    expect(dialog.textContent).toContain('Bitte wählen Sie innerhalb von 60 Sekunden „Ich bin noch da“ – sonst wird der Chat beendet.');
    expect(dialog.classList.contains('chat-inactivity')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ich bin noch da' }));
    expect(controller.stayActive).toHaveBeenCalledTimes(1);
  });

  it('should show the second stage as the last reminder with singular and plural seconds', () => {
    const controller = renderScreen({ inactivity: { stage: 2, secondsLeft: 30 } });
    expect(screen.getByRole('dialog').textContent).toContain(
      'Letzte Erinnerung: Der Chat wird in 30 Sekunden beendet, wenn Sie nicht auf „Ich bin noch da“ tippen.',
    );
    act(() => controller.update({ inactivity: { stage: 2, secondsLeft: 1 } }));
    expect(screen.getByRole('dialog').textContent).toContain('in 1 Sekunde beendet');
  });

  it('should close when core clears the warning', async () => {
    const controller = renderScreen({ inactivity: { stage: 1, secondsLeft: 12 } });
    act(() => controller.update({ inactivity: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('FileForwardingDialog', () => {
  it('should ask Ja/Nein and pass the answer to core', async () => {
    const controller = renderScreen({ phase: 1, fileForwardingQuestion: true });
    const dialog = await screen.findByRole('dialog', { name: 'Dateien weitergeben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(controller.answerFileForwarding).toHaveBeenCalledWith(false);
  });

  it('should not tell the person they shared files: the question comes also when only the lawyer sent one', async () => {
    renderScreen({ phase: 1, fileForwardingQuestion: true });
    const dialog = await screen.findByRole('dialog', { name: 'Dateien weitergeben?' });
    expect(dialog.textContent).toContain('In diesem Chat wurden Dateien geteilt. Dürfen diese an die Anwältin oder den Anwalt weitergegeben werden');
    expect(dialog.textContent).not.toContain('Sie haben in diesem Chat Dateien geteilt');
  });

  it('should give the focus to the answer once answered, when what had it before is no longer shown', async () => {
    // The person had just shared a file: „Datei hochladen“ has the focus. The lawyer forwards the chat, it waits again
    // (no upload while no lawyer is there), and core asks.
    const controller = renderScreen({ phase: 1, responseType: 'Text', lawyerConnected: true });
    screen.getByRole('button', { name: /Datei hochladen/ }).focus();
    act(() => controller.update({ lawyerConnected: false, waitingForLawyer: true, fileForwardingQuestion: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Dateien weitergeben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja' }));
    act(() => controller.update({ fileForwardingQuestion: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(within(screen.getByRole('region', { name: 'Ihre Antwort' })).getByRole('textbox'));
  });

  it('should disable its answers while busy', async () => {
    renderScreen({ fileForwardingQuestion: true, busy: true });
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Ja' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Usage confirmation', () => {
  function stubDownload() {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  }

  it('should open a dialog on the new-chat route and download the PDF', async () => {
    const click = stubDownload();
    const controller = renderScreen({ usageConfirmationAvailable: true }, { isNewChat: true });
    const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbestätigung' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nutzungsbestätigung herunterladen' }));
    expect(controller.downloadUsageConfirmation).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Nutzungsbestaetigung.pdf');
  });

  it('should put the focus into the answer when the dialog is closed, not leave it at the page', async () => {
    // It opens with the page, while the focus is on <main> (after "Neue Beratung beginnen") or <body>, before the bot
    // asked its question: closing it gave the focus back there, and the field (autofocus) was left without it.
    const main = document.body.appendChild(Object.assign(document.createElement('main'), { tabIndex: -1 }));
    try {
      main.focus();
      const controller = renderScreen({ usageConfirmationAvailable: true, responseType: null }, { isNewChat: true });
      const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbestätigung' });
      act(() => controller.update({ responseType: 'Text' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ihre Nachricht' }));
    } finally {
      main.remove();
    }
  });

  it('should not open the dialog again in this tab once it was closed (a reload, the next new chat)', async () => {
    const drafts = new Map<string, string>();
    const storage = {
      get: (k: string) => drafts.get(k) ?? null,
      set: (k: string, v: string) => void drafts.set(k, v),
      remove: (k: string) => void drafts.delete(k),
    };
    const show = () =>
      renderWithI18n(
        <ChatScreenServicesContext.Provider value={{ drafts: storage }}>
          <ChatScreen controller={fakeChatController({ usageConfirmationAvailable: true })} isNewChat />
        </ChatScreenServicesContext.Provider>,
      );
    show();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Nutzungsbestätigung' })).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    show();
    // The lazy chunk is there: one more round for its render, then still no dialog.
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should not interrupt the offboarding with the dialog when this chat closes on the new-chat route', async () => {
    const controller = renderScreen({ phase: 1, caseId: 'case-1' }, { isNewChat: true });
    act(() => controller.update({ phase: 2, caseClosed: true, usageConfirmationAvailable: true }));
    expect(await screen.findByRole('button', { name: 'Nutzungsbestätigung herunterladen' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should not open the dialog on a case route', () => {
    renderScreen({ usageConfirmationAvailable: true, caseId: 'case-1' }, { isNewChat: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should keep the keyboard focus on the download button while the PDF is made (aria-disabled, not disabled)', async () => {
    // A disabled button drops the focus to the page's start, far from the offboarding the person is in.
    const controller = renderScreen({ phase: 2, caseClosed: true, usageConfirmationAvailable: true, caseId: 'case-1' });
    controller.downloadUsageConfirmation.mockReturnValue(new Subject());
    const button = (await screen.findByRole('button', { name: 'Nutzungsbestätigung herunterladen' })) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(controller.downloadUsageConfirmation).toHaveBeenCalledTimes(1);
  });

  it('should offer a download button in offboarding and report a failed download', async () => {
    const controller = renderScreen({ phase: 2, caseClosed: true, usageConfirmationAvailable: true, caseId: 'case-1' });
    controller.downloadUsageConfirmation.mockReturnValue(of(err(networkError('offline'))));
    fireEvent.click(await screen.findByRole('button', { name: 'Nutzungsbestätigung herunterladen' }));
    expect(screen.getByRole('alert').textContent).toContain('Die Nutzungsbestätigung konnte nicht heruntergeladen werden.');
  });
});
