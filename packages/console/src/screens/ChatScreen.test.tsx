// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageType, type ChatMessage, type ChatTab } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { chatTab, me } from '../testSupport/fakes.js';
import { ChatScreen, type ChatScreenProps } from './ChatScreen.js';
import { assertiveText } from '../testSupport/liveRegions.js';

afterEach(cleanup);

function setUp(tab: ChatTab, over: Partial<ChatScreenProps> = {}) {
  const props: ChatScreenProps = {
    tab,
    lawyerId: me.Id,
    colleagues: [],
    fileUrl: (id) => `/files/${id}`,
    onDraft: () => undefined,
    onSend: () => undefined,
    onAskPhone: () => undefined,
    onUpload: () => undefined,
    onClose: () => undefined,
    onForward: () => undefined,
    onLoadColleagues: () => undefined,
    onDismiss: () => undefined,
    onCreateCaseFile: () => undefined,
    ...over,
  };
  const i18n = createI18n();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ChatScreen {...props} />
    </I18nextProvider>,
  );
  const rerender = (next: ChatTab, more: Partial<ChatScreenProps> = {}) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <ChatScreen {...props} {...more} tab={next} />
      </I18nextProvider>,
    );
  return { rerender };
}

describe('ChatScreen: the keyboard focus stays where the lawyer works', () => {
  it('should reach the log and the answer field before the facts and the actions beside them, as they stand on screen', () => {
    setUp(chatTab());
    // Document order is the Tab order here (no positive tabindex); the grid puts the first two on the left.
    const focusable = [...document.querySelectorAll<HTMLElement>('button, textarea, input, [tabindex="0"]')].filter((element) => !element.hidden);
    const position = (element: HTMLElement) => focusable.indexOf(element);
    const log = screen.getByRole('log', { name: 'Chatverlauf' });
    const answer = screen.getByRole('textbox', { name: /Ihre Nachricht an Fall/ });
    const createCaseFile = screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' });
    const close = screen.getByRole('button', { name: 'Chat beenden' });
    expect(position(log)).toBeGreaterThanOrEqual(0);
    expect(position(log)).toBeLessThan(position(answer));
    expect(position(answer)).toBeLessThan(position(createCaseFile));
    expect(position(createCaseFile)).toBeLessThan(position(close));
  });

  it('should put the focus into the answer field after „Senden“, which is disabled while the message is on its way', () => {
    const onSend = vi.fn();
    const { rerender } = setUp(chatTab({ draft: 'Guten Tag' }), { onSend });
    const send = screen.getByRole('button', { name: 'Senden' });
    send.focus();
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledTimes(1);
    rerender(chatTab({ draft: 'Guten Tag', busy: true }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Ihre Nachricht an Fall/ }));
  });

  it('should give the focus back to „Datei an die ratsuchende Person senden“ once the file arrived', () => {
    const { rerender } = setUp(chatTab());
    const upload = screen.getByRole('button', { name: 'Datei an die ratsuchende Person senden' });
    upload.focus();
    rerender(chatTab({ busy: true, uploading: true }));
    // The browser drops the focus of a button that becomes disabled to the page's start.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    rerender(chatTab());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Datei an die ratsuchende Person senden' }));
  });

  it('should leave the focus alone when the lawyer moved it elsewhere while the file was on its way', () => {
    const { rerender } = setUp(chatTab());
    screen.getByRole('button', { name: 'Datei an die ratsuchende Person senden' }).focus();
    rerender(chatTab({ busy: true, uploading: true }));
    const answer = screen.getByRole('textbox', { name: /Ihre Nachricht an Fall/ });
    answer.focus();
    rerender(chatTab());
    expect(document.activeElement).toBe(answer);
  });
});

describe('ChatScreen: a file that was not sent', () => {
  it('should say why beside the upload button, in the chat’s own area', () => {
    const { rerender } = setUp(chatTab({ uploadProblem: { key: 'Workspace.UploadUnsupportedType', detail: null } }));
    const tools = screen.getByRole('group', { name: /Aktionen für/ }).parentElement as HTMLElement;
    expect(assertiveText(tools)).toBe(
      'Dieser Dateityp kann im Chat nicht gesendet werden. Erlaubt sind PDF, Bilder (JPG, PNG, GIF, WebP, HEIC), Word, Excel, PowerPoint und ZIP.',
    );
    rerender(chatTab({ uploadProblem: { key: 'Workspace.UploadArchiveRefused', detail: null } }));
    expect(assertiveText(tools)).toMatch(/^Das Archiv kann nicht angenommen werden: /);
    rerender(chatTab());
    expect(assertiveText(tools)).toBe('');
  });
});

describe('ChatScreen: focus when a chat ends', () => {
  it('should move the focus to „Tab schließen“ when the chat ends while it is shown and the answer field went away', () => {
    const { rerender } = setUp(chatTab());
    (document.activeElement as HTMLElement | null)?.blur();
    rerender(chatTab({ ended: 'closed' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tab schließen' }));
  });

  it('should say how the chat ended in a status region that was there before, and describe „Tab schließen“ by it', () => {
    const { rerender } = setUp(chatTab());
    const endStatus = screen.getAllByRole('status').find((element) => element.id === 'chat-end-chat-1');
    expect(endStatus?.textContent).toBe('');
    rerender(chatTab({ ended: 'forwarded', forwardedTo: 'Markus Hoffmann' }));
    // The same element, now with its text: a region that appears already filled is not announced.
    expect(endStatus?.isConnected).toBe(true);
    expect(endStatus?.textContent).toBe('Der Chat wurde an Markus Hoffmann weitergeleitet.');
    expect(screen.getByRole('button', { name: 'Tab schließen' }).getAttribute('aria-describedby')).toBe('chat-end-chat-1');
  });

  it('should leave the focus at the page start when a chat that had already ended is shown (a finished chat after a reload)', () => {
    setUp(chatTab({ ended: 'closed' }));
    expect(screen.getByText('Der Chat ist beendet.')).toBeTruthy();
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Tab schließen' }));
    expect(document.activeElement).toBe(document.body);
  });
});

describe('ChatScreen: forwarding to a colleague', () => {
  it('should read the colleagues again when the chat is shown and when the choice opens, so one who joined since the start is offered', () => {
    const onLoadColleagues = vi.fn();
    setUp(chatTab(), { onLoadColleagues, colleagues: [{ ...me, Id: 'lawyer-2', Name: 'Markus Hoffmann', LastActive: null }] });
    expect(onLoadColleagues).toHaveBeenCalledTimes(1);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kollegin oder Kollege' }));
    expect(onLoadColleagues).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('option', { name: /^Markus Hoffmann/ })).toBeTruthy();
  });

  it('should say beside the choice that a chat nobody takes within five minutes goes to everyone, as the server does', () => {
    setUp(chatTab(), { colleagues: [{ ...me, Id: 'lawyer-2', Name: 'Markus Hoffmann', LastActive: null }] });
    const choice = screen.getByRole('combobox', { name: 'Kollegin oder Kollege' });
    const hint = document.getElementById(choice.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Nimmt niemand den Chat innerhalb von 5 Minuten an, erscheint er bei allen in der Warteschlange.');
  });
});

describe('ChatScreen: who can take a forwarded chat now', () => {
  it('should say of each colleague whether they are signed in and when they were last active, and show only the chosen name', () => {
    const markus = { ...me, Id: 'lawyer-2', Name: 'Markus Hoffmann', LastActive: '2026-03-02T13:05:00.000Z', ConsoleOpen: true };
    const clara = { ...me, Id: 'lawyer-3', Name: 'Clara Vogt', LastActive: null };
    // Signed in, but the browser closed: offered as what it is, not as „angemeldet“ alone (outside tester).
    const jonas = { ...me, Id: 'lawyer-4', Name: 'Jonas Weber', LastActive: '2026-03-02T12:41:00.000Z', ConsoleOpen: false };
    setUp(chatTab(), { colleagues: [markus, clara, jonas] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kollegin oder Kollege' }));
    // Europe/Berlin: 13:05 UTC is 14:05 in March.
    expect(screen.getByRole('option', { name: /^Markus Hoffmann/ }).textContent).toBe('Markus Hoffmannangemeldet, zuletzt aktiv um 14:05 Uhr');
    expect(screen.getByRole('option', { name: /^Clara Vogt/ }).textContent).toBe('Clara Vogtnicht angemeldet');
    expect(screen.getByRole('option', { name: /^Jonas Weber/ }).textContent).toBe(
      'Jonas Weberangemeldet, aber die Konsole ist nicht geöffnet (zuletzt aktiv um 13:41 Uhr)',
    );
    fireEvent.click(screen.getByRole('option', { name: /^Markus Hoffmann/ }));
    expect(screen.getByRole('combobox', { name: 'Kollegin oder Kollege' }).textContent).toBe('Markus Hoffmann');
  });
});

describe('ChatScreen: a chosen colleague who is gone', () => {
  it('should no longer be chosen once the colleagues read again are without them, so „Weiterleiten“ cannot aim at them', () => {
    const markus = { ...me, Id: 'lawyer-2', Name: 'Markus Hoffmann', LastActive: null };
    const clara = { ...me, Id: 'lawyer-3', Name: 'Clara Vogt', LastActive: null };
    const { rerender } = setUp(chatTab(), { colleagues: [markus, clara] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kollegin oder Kollege' }));
    fireEvent.click(screen.getByRole('option', { name: /^Markus Hoffmann/ }));
    expect(screen.getByRole('combobox', { name: 'Kollegin oder Kollege' }).textContent).toContain('Markus Hoffmann');
    expect((screen.getByRole('button', { name: 'Weiterleiten' }) as HTMLButtonElement).disabled).toBe(false);
    // Markus was deactivated: the list read again is without him.
    rerender(chatTab(), { colleagues: [clara] });
    expect(screen.getByRole('combobox', { name: 'Kollegin oder Kollege' }).textContent).not.toContain('Markus Hoffmann');
    expect((screen.getByRole('button', { name: 'Weiterleiten' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ChatScreen: a forwarded chat names the colleague', () => {
  it('should say to whom and when the chat was forwarded, and only that it was when the name is not known', () => {
    const { rerender } = setUp(chatTab({ ended: 'forwarded', endedAt: '2026-12-03T10:42:00.000Z', forwardedTo: 'Markus Hoffmann' }));
    expect(screen.getByText('Der Chat wurde an Markus Hoffmann weitergeleitet.').getAttribute('role')).toBe('status');
    // Handed on, not ended: „Weitergeleitet am …“, never „Beendet am …“.
    expect(screen.getByText('Weitergeleitet am 3. Dezember 2026 um 11:42 Uhr.')).toBeTruthy();
    expect(screen.queryByText(/Beendet am/)).toBeNull();
    rerender(chatTab({ ended: 'forwarded', endedAt: '2026-12-03T10:42:00.000Z', forwardedTo: null }));
    expect(screen.getByText('Der Chat wurde weitergeleitet.')).toBeTruthy();
  });
});

describe('ChatScreen: whether the client still has the chat open', () => {
  it('should say since when the client is away and how the chat ends then, and that it is back, in a status region', () => {
    const { rerender } = setUp(chatTab());
    const status = () => screen.getByText(/ratsuchende Person ist (seit|wieder)/).closest('[role="status"]');
    expect(screen.queryByText(/nicht mehr mit dem Chat verbunden/)).toBeNull();
    rerender(chatTab({ clientPresence: { kind: 'away', since: '2026-12-03T10:15:00.000Z' } }));
    expect(
      screen.getByText('Die ratsuchende Person ist seit 11:15 Uhr nicht mehr mit dem Chat verbunden (Fenster geschlossen oder Verbindung verloren).'),
    ).toBeTruthy();
    expect(screen.getByText(/endet der Chat nach 4,5 Minuten von selbst/)).toBeTruthy();
    expect(status()).not.toBeNull();
    rerender(chatTab({ clientPresence: { kind: 'back' } }));
    expect(screen.getByText('Die ratsuchende Person ist wieder mit dem Chat verbunden.')).toBeTruthy();
    expect(screen.queryByText(/nicht mehr mit dem Chat verbunden/)).toBeNull();
    expect(status()).not.toBeNull();
  });
});

describe('ChatScreen: how far the client’s e-mail address is confirmed', () => {
  it('should say „per E-Mail bestätigt“ once the address was confirmed by the protocol mail’s link, else how the chat confirmed it', () => {
    const facts = (over: Partial<ChatTab['facts']>) => chatTab({ facts: { ...chatTab().facts, Email: 'erika@example.org', ...over } });
    const { rerender } = setUp(facts({ VerifiedEmail: true }));
    expect(screen.getByText('erika@example.org (im Chat bestätigt, nicht geprüft)')).toBeTruthy();
    rerender(facts({ VerifiedEmail: true, EmailVerifiedByMail: true }));
    expect(screen.getByText('erika@example.org (per E-Mail bestätigt)')).toBeTruthy();
    // An address typed only in the offboarding (never retyped in the chat) and then confirmed by its link.
    rerender(facts({ VerifiedEmail: false, EmailVerifiedByMail: true }));
    expect(screen.getByText('erika@example.org (per E-Mail bestätigt)')).toBeTruthy();
    rerender(facts({ VerifiedEmail: false, EmailVerifiedByMail: false }));
    expect(screen.getByText('erika@example.org (im Chat nicht bestätigt)')).toBeTruthy();
  });
});

describe('ChatScreen: when an ended chat ended', () => {
  it('should say when it ended, whether it ended while shown or was shown again after a reload, in Europe/Berlin time', () => {
    const { rerender } = setUp(chatTab());
    expect(screen.queryByText(/Beendet am/)).toBeNull();
    // The client left (or the lawyer closed it) while the tab was open: the workspace keeps the moment it learned so.
    rerender(chatTab({ ended: 'closed', endedAt: '2026-12-03T10:42:00.000Z' }));
    expect(screen.getByText('Der Chat ist beendet.').getAttribute('role')).toBe('status');
    expect(screen.getByText('Beendet am 3. Dezember 2026 um 11:42 Uhr.')).toBeTruthy();
    // A chat that vanished without an end time says only that it is no longer active.
    rerender(chatTab({ ended: 'gone', endedAt: null }));
    expect(screen.getByText('Dieser Chat ist nicht mehr aktiv (beendet oder weitergeleitet).')).toBeTruthy();
    expect(screen.queryByText(/Beendet am/)).toBeNull();
  });
});

describe('ChatScreen: notices', () => {
  it('should show the forward’s notice as what the client was told, not as if said to the lawyer', () => {
    const forwarded = {
      Id: 'm-f',
      ChatId: 'chat-1',
      CaseId: 'case-1',
      Type: MessageType.ForwardedMessage,
      Message: 'Ihr Chat wurde an Markus Hoffmann weitergeleitet.',
      Created: '2026-12-03T10:02:00.000Z',
      Author: null,
    } as unknown as ChatMessage;
    setUp(chatTab({ messages: [forwarded] }));
    expect(screen.getByText('Hinweis an die Ratsuchenden: „Ihr Chat wurde an Markus Hoffmann weitergeleitet.“')).toBeTruthy();
  });

  it('should show a web address in a client’s message as a link to a new tab, and a script address as text', () => {
    const fromClient = {
      Id: 'm-l',
      ChatId: 'chat-1',
      CaseId: 'case-1',
      Type: MessageType.Message,
      Message: 'Hier die Anzeige: https://www.kleinanzeigen.de/s-anzeige/123, nicht javascript:alert(1)',
      Created: '2026-12-03T10:02:00.000Z',
      Author: { Id: 'client-1', Name: 'Ratsuchende Person' },
    } as ChatMessage;
    setUp(chatTab({ messages: [fromClient] }));
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://www.kleinanzeigen.de/s-anzeige/123']);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.textContent).toBe('https://www.kleinanzeigen.de/s-anzeige/123 (öffnet in einem neuen Tab)');
    expect(screen.getByText(/, nicht javascript:alert\(1\)$/)).toBeTruthy();
  });
});

describe('ChatScreen: the answer field in view on a laptop', () => {
  const message = (n: number): ChatMessage =>
    ({
      Id: `m-${n}`,
      ChatId: 'chat-1',
      CaseId: 'case-1',
      Type: MessageType.Message,
      Message: `Nachricht ${n}`,
      Created: `2026-12-03T10:0${n}:00.000Z`,
      Author: { Id: 'client-1', Name: 'Ratsuchende Person' },
    }) as ChatMessage;
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    // jsdom has no layout and no scrollIntoView: record what the screen asks to bring into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('should bring the focused answer field into view when the chat is shown and when its history arrives, not on every message', () => {
    const { rerender } = setUp(chatTab());
    const answer = screen.getByRole('textbox', { name: /Ihre Nachricht an Fall/ });
    expect(document.activeElement).toBe(answer);
    const form = answer.closest('form');
    expect(scrolled).toEqual([form]);
    // The history pushed the field down below the window's edge.
    rerender(chatTab({ messages: [message(1), message(2)] }));
    expect(scrolled).toEqual([form, form]);
    // Later messages move only the log.
    rerender(chatTab({ messages: [message(1), message(2), message(3)] }));
    expect(scrolled).toHaveLength(2);
  });

  it('should leave the page where it is when the lawyer has put the focus elsewhere', () => {
    const { rerender } = setUp(chatTab());
    screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }).focus();
    scrolled.length = 0;
    rerender(chatTab({ messages: [message(1)] }));
    expect(scrolled).toEqual([]);
  });
});

describe('ChatScreen: the answer field counts characters as people do', () => {
  it('should count an emoji as one character in „Noch n Zeichen“ and hold the field to 750 of them', () => {
    const onDraft = vi.fn();
    const { rerender } = setUp(chatTab({ draft: 'Danke 🙂' }), { onDraft });
    const field = screen.getByRole('textbox', { name: /Ihre Nachricht an Fall/ });
    expect(field.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText(/Noch 743 Zeichen/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '😀'.repeat(751) } });
    expect(onDraft).toHaveBeenLastCalledWith('😀'.repeat(750));
    rerender(chatTab({ draft: '😀'.repeat(750) }));
    expect(screen.getByText(/Noch 0 Zeichen/)).toBeTruthy();
  });
});

describe('ChatScreen: what the log announces', () => {
  it('should keep the log silent while the history arrives after accepting, and speak of the messages after it', () => {
    const waiting = chatTab({ historyLoaded: false });
    const { rerender } = setUp(waiting);
    const log = () => screen.getByRole('log', { name: 'Chatverlauf' });
    expect(log().getAttribute('aria-live')).toBe('off');
    expect(log().getAttribute('aria-busy')).toBe('true');
    // The history arrives in one render, still silent; the log speaks from the next one on.
    rerender({ ...waiting, historyLoaded: true });
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(log().getAttribute('aria-busy')).toBe('false');
  });

  it('should let a log shown with its history already there speak at once (another tab, a reload)', () => {
    setUp(chatTab({ historyLoaded: true }));
    expect(screen.getByRole('log', { name: 'Chatverlauf' }).getAttribute('aria-live')).toBe('polite');
  });
});

describe('ChatScreen: the facts from the bot', () => {
  it('should name the insurer the client came through, and leave the line out for a client of the default', () => {
    const tab = chatTab();
    const { rerender } = setUp({ ...tab, facts: { ...tab.facts, InsurerName: 'ARAG SE' } });
    const facts = () => screen.getByText('Versicherer').closest('dl') as HTMLElement;
    expect(within(facts()).getByText('ARAG SE')).toBeTruthy();
    rerender({ ...tab, facts: { ...tab.facts, InsurerName: null } });
    expect(screen.queryByText('Versicherer')).toBeNull();
  });
});

describe('ChatScreen: the case files made from the chat', () => {
  const own = { CaseId: 'cf-1', CaseNumber: 'FA-2026-PN4EUB', Own: true, LawyerName: 'Anna Anwältin' };
  const withFiles = (files: (typeof own)[]) => {
    const tab = chatTab();
    return { ...tab, facts: { ...tab.facts, CaseFiles: files } };
  };

  it('should name the file made from the chat and open it in the case-files view', () => {
    const onOpenCaseFile = vi.fn();
    setUp(withFiles([own, { ...own, CaseId: 'cf-2', CaseNumber: 'FA-2026-ZZ7788', Own: false, LawyerName: 'Bernd Roth' }]), { onOpenCaseFile });
    const list = screen.getByRole('list', { name: 'Fallakten aus diesem Chat' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fallakte FA-2026-PN4EUB angelegtÖffnen', 'Fallakte FA-2026-ZZ7788 angelegt (von Bernd Roth)']);
    // A colleague's file is named, not offered to open (it would answer 404).
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: 'Fallakte FA-2026-PN4EUB öffnen' }));
    expect(onOpenCaseFile).toHaveBeenCalledWith('cf-1');
  });

  it('should offer the lawyer who forwarded the chat no change of its case: the field of law read-only, no new case file, their own file still to open', () => {
    const onChangeFieldOfLaw = vi.fn();
    const onOpenCaseFile = vi.fn();
    const ended = chatTab({ ended: 'closed' });
    const { rerender } = setUp({ ...ended, facts: { ...ended.facts, CaseFiles: [own] } }, { onChangeFieldOfLaw, onOpenCaseFile });
    // A chat the lawyer ended is still theirs to correct and to make a file from.
    expect(screen.getByRole('button', { name: 'Rechtsgebiet ändern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' })).toBeTruthy();

    const forwarded = chatTab({ ended: 'forwarded', forwardedTo: 'Markus Hoffmann' });
    rerender({ ...forwarded, facts: { ...forwarded.facts, CaseFiles: [own] } }, { onChangeFieldOfLaw, onOpenCaseFile });
    expect(screen.queryByRole('button', { name: 'Rechtsgebiet ändern' })).toBeNull();
    expect(screen.getByText(forwarded.facts.FieldOfLawLongName)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fallakte aus diesem Chat anlegen' })).toBeNull();
    expect(screen.getByText(/Den Fall betreut jetzt die Kollegin oder der Kollege: Rechtsgebiet und Fallakten ändern Sie hier nicht mehr/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fallakte FA-2026-PN4EUB öffnen' }));
    expect(onOpenCaseFile).toHaveBeenCalledWith('cf-1');
    expect(onChangeFieldOfLaw).not.toHaveBeenCalled();
  });

  it('should open the form at once while the chat has no file, and ask first when it has one – Escape and „Abbrechen“ go back', () => {
    const onCreateCaseFile = vi.fn();
    const { rerender } = setUp(chatTab(), { onCreateCaseFile });
    expect(screen.queryByRole('list', { name: 'Fallakten aus diesem Chat' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }));
    expect(onCreateCaseFile).toHaveBeenCalledTimes(1);

    rerender(withFiles([own]), { onCreateCaseFile });
    fireEvent.click(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }));
    expect(onCreateCaseFile).toHaveBeenCalledTimes(1);
    const question = screen.getByRole('group', {
      name: 'Aus diesem Chat wurde bereits die Fallakte FA-2026-PN4EUB angelegt. Möchten Sie eine weitere Fallakte anlegen, z. B. für ein weiteres Mandat?',
    });
    // The focus starts on the way back: a second Enter makes no second file.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.keyDown(question, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: /bereits die Fallakte/ })).toBeNull();
    expect(onCreateCaseFile).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Fallakte anlegen' }));
    expect(onCreateCaseFile).toHaveBeenCalledTimes(2);
  });
});
