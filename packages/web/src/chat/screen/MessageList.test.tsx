// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { of, Subject } from 'rxjs';
import { ok } from '@rechtschat/core';
import type { DisplayMessage } from '@rechtschat/core';
import { AGENT_IMAGE_SIZE, AgentImage } from './AgentImage.js';
import type { ChatScreenServices } from './chatScreenServices.js';
import { MessageList } from './MessageList.js';
import { message, renderWithI18n } from './testSupport.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderList(messages: readonly DisplayMessage[], services: ChatScreenServices = {}) {
  return renderWithI18n(<MessageList messages={messages} chatId="chat-1" services={services} />);
}

describe('MessageList', () => {
  it('should be a polite live log so new messages are announced', () => {
    renderList([]);
    const log = screen.getByRole('log', { name: 'Chatverlauf' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.tabIndex).toBe(0);
    // jsdom applies no stylesheet: the class carries max-height and scrolling (pinned in chatCss.test.ts).
    expect(log.classList.contains('chat-log')).toBe(true);
  });

  it('should add the own message to the log once: its acknowledged copy takes the pending item’s place without a new item', () => {
    const lawyer = message({ id: 'm1', kind: 'lawyer', text: 'Worum geht es?', authorName: 'RA Schäfer' });
    const pending = message({ id: 'client-1', text: 'Um meine Kündigung.', pending: true });
    const { rerender } = renderList([lawyer]);
    const log = screen.getByRole('log');
    // What the polite log reads out are the items added to it.
    const added: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => added.push(...record.addedNodes)));
    observer.observe(log, { childList: true, subtree: true });
    const list = (messages: readonly DisplayMessage[]) => <MessageList messages={messages} chatId="chat-1" services={{}} />;
    rerender(list([lawyer, pending]));
    rerender(list([lawyer, { ...pending, id: 'm2', clientId: 'client-1', pending: false, created: '2026-11-22T13:06:00Z' }]));
    // The records of both renders (a MutationObserver reports after the task; takeRecords reads them now).
    added.push(...observer.takeRecords().flatMap((record) => [...record.addedNodes]));
    observer.disconnect();
    expect(added.filter((node) => node.nodeName === 'LI').map((node) => node.textContent)).toEqual([expect.stringContaining('Um meine Kündigung.')]);
    expect(within(log).getAllByText('Um meine Kündigung.')).toHaveLength(1);
    expect(within(log).queryByText(/wird gesendet/)).toBeNull();
  });

  it('should keep „E-Mail“ of the assistant’s question on one line (360 px broke it as „Unter welcher E-“ / „Mail-Adresse“), its text unchanged', () => {
    const question = 'Unter welcher E-Mail-Adresse möchten Sie es erhalten? Sie können diesen Schritt auch überspringen.';
    renderList([message({ id: 'm1', kind: 'bot', text: question }), message({ id: 'm2', text: 'Meine E-Mail-Adresse ist a-b@example.org' })]);
    const [bot, own] = within(screen.getByRole('log')).getAllByRole('listitem');
    const botText = bot!.querySelector('.chat-bubble__text')!;
    expect([...botText.querySelectorAll('.chat-bubble__keep')].map((span) => span.textContent)).toEqual(['E-Mail']);
    // Read out, searched and copied as written: the plain hyphen stays.
    expect(botText.textContent).toBe(question);
    // What people type stays as typed.
    expect(own!.querySelector('.chat-bubble__keep')).toBeNull();
  });

  it('should show HTML in a lawyer or participant message as text, never as markup', () => {
    const html = '<script>window.pwned = true</script><img src=x onerror="alert(1)"><b>fett</b>';
    renderList([message({ id: 'm1', kind: 'lawyer', text: html, authorName: 'RA <i>Schmidt</i>' }), message({ id: 'm2', text: html })]);
    const log = screen.getByRole('log');
    expect(within(log).getAllByText(html)).toHaveLength(2);
    expect(within(log).getByText('RA <i>Schmidt</i>', { exact: false })).toBeTruthy();
    expect(log.querySelector('script, img, b, i')).toBeNull();
  });

  it('should make a web address in a lawyer’s message a link that opens in a new tab, and nothing else', () => {
    renderList([
      message({ id: 'm1', kind: 'lawyer', text: 'Das Formular: https://www.justiz.de/formular.pdf. Oder www.beispiel.de', authorName: 'RA Schmidt' }),
      message({ id: 'm2', text: 'javascript:alert(1) ist kein Link' }),
    ]);
    const log = screen.getByRole('log');
    const links = within(log).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://www.justiz.de/formular.pdf', 'https://www.beispiel.de']);
    expect(links[0]?.textContent).toBe('https://www.justiz.de/formular.pdf (öffnet in einem neuen Tab)');
    expect(links.every((link) => link.getAttribute('target') === '_blank' && link.getAttribute('rel') === 'noopener noreferrer')).toBe(true);
    // The sentence around the address stays as sent.
    expect(log.querySelector('li .chat-bubble__text')?.textContent).toBe(
      'Das Formular: https://www.justiz.de/formular.pdf (öffnet in einem neuen Tab). Oder www.beispiel.de (öffnet in einem neuen Tab)',
    );
  });

  it('should show the participant’s own upload as "Sie" on the right, a lawyer’s upload on the left', () => {
    renderList([
      message({ id: 'f1', kind: 'file', text: 'beleg.pdf', fileId: 'file-1', fileName: 'beleg.pdf', own: true, authorName: '' }),
      message({ id: 'f2', kind: 'file', text: 'antwort.pdf', fileId: 'file-2', fileName: 'antwort.pdf', authorName: 'Dr. Anna Berger' }),
    ]);
    const [mine, theirs] = screen.getByRole('log').querySelectorAll('li');
    expect(mine?.textContent).toContain('Sie');
    expect(mine?.classList.contains('chat-msg--own')).toBe(true);
    expect(theirs?.textContent).toContain('Dr. Anna Berger');
    expect(theirs?.classList.contains('chat-msg--own')).toBe(false);
  });

  it('should label the forwarding notice as such, not as a lawyer’s message nor as a message someone forwarded', () => {
    renderList([message({ id: 'fw1', kind: 'forwarded', text: 'Ihr Chat wurde an Markus Hoffmann weitergeleitet.' })]);
    const meta = screen.getByRole('log').querySelector('.chat-bubble__meta');
    // „Weitergeleitete Nachricht“ read as if someone had forwarded the person a message (an outside tester).
    expect(meta?.textContent).toMatch(/^Weiterleitung · /);
    expect(meta?.textContent).not.toContain('Anwalt');
  });

  it('should translate bot messages and fill params without escaping them twice', () => {
    renderList([message({ id: 'b1', kind: 'bot', text: 'Chat.Bot.ConfirmEmail', isI18nKey: true, params: { email: 'a&b<c>@example.de' } })]);
    expect(screen.getByText('Ist a&b<c>@example.de richtig?')).toBeTruthy();
    expect(screen.getByText('Chatbot', { exact: false })).toBeTruthy();
  });

  it('should show timestamps in German format (Europe/Berlin)', () => {
    renderList([message({ id: 'm1', text: 'Hallo', created: '2026-11-22T13:05:00Z' })]);
    const time = screen.getByText('22.11.2026, 14:05');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-22T13:05:00Z');
  });

  it('should mark pending and highlighted messages', () => {
    renderList([
      message({ id: 'p1', text: 'unterwegs', pending: true }),
      message({ id: 'h1', kind: 'bot', text: 'Bitte bleiben Sie im Chat', highlighted: true }),
    ]);
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.getAttribute('aria-busy')).toBe('true');
    expect(within(items[0] as HTMLElement).getByText('wird gesendet …', { exact: false })).toBeTruthy();
    expect(items[1]?.getAttribute('aria-busy')).toBeNull();
    const bubble = within(items[1] as HTMLElement).getByText('Bitte bleiben Sie im Chat').parentElement as HTMLElement;
    expect(bubble.classList.contains('chat-bubble--highlighted')).toBe(true);
  });

  it('should say of a message the ended chat refused that it was not delivered, not that it is on its way', () => {
    renderList([message({ id: 'n1', text: 'Noch eine Frage', notSent: true })]);
    const item = screen.getByRole('listitem');
    expect(item.getAttribute('aria-busy')).toBeNull();
    expect(item.textContent).toContain('nicht zugestellt, der Chat war bereits beendet');
    expect(item.textContent).not.toContain('wird gesendet');
  });

  it('should download a shared file through the loader as a named file', async () => {
    const createObjectURL = vi.fn(() => 'blob:datei');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const getFile = vi.fn(() => of(ok(new Blob(['inhalt']))));
    renderList([message({ id: 'f1', kind: 'file', text: 'Kuendigung.pdf', fileId: 'file-9', fileName: 'Kündigung.pdf', authorName: 'RA Weber' })], { getFile });
    fireEvent.click(screen.getByRole('button', { name: 'Kündigung.pdf herunterladen' }));
    expect(getFile).toHaveBeenCalledWith('file-9');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect([anchor.download, anchor.href]).toEqual(['Kündigung.pdf', 'blob:datei']);
  });

  it('should keep the keyboard focus on a file button while its download runs (aria-disabled, not disabled) and ignore a second press', () => {
    // A disabled button drops the focus to the page's start: the person would have to find their place in the chat again.
    const pending = new Subject<ReturnType<typeof ok<Blob>>>();
    const getFile = vi.fn(() => pending);
    renderList([message({ id: 'f1', kind: 'file', text: 'beleg.pdf', fileId: 'file-1', fileName: 'beleg.pdf', authorName: 'RA Weber' })], { getFile });
    const button = screen.getByRole('button', { name: 'beleg.pdf herunterladen' }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(getFile).toHaveBeenCalledTimes(1);
  });

  it('should show a 35×35 lawyer thumbnail loaded for the chat and author', async () => {
    const getAgentImage = vi.fn(() => Promise.resolve('https://chat.example/bild.png'));
    renderList([message({ id: 'l1', kind: 'lawyer', text: 'Guten Tag', authorId: 'lawyer-7', authorName: 'RA Weber' })], { getAgentImage });
    expect(getAgentImage).toHaveBeenCalledWith('chat-1', 'lawyer-7');
    const image = await waitFor(() => {
      const found = screen.getByRole('log').querySelector('img');
      if (!found) throw new Error('no image yet');
      return found;
    });
    expect(image.getAttribute('src')).toBe('https://chat.example/bild.png');
    expect([image.width, image.height, image.className]).toEqual([AGENT_IMAGE_SIZE, AGENT_IMAGE_SIZE, 'chat-agent']);
  });
});

/**
 * A log with settable geometry and a resize observer the test triggers, as a phone's keyboard would; it starts as in
 * a browser, with the observer's first report and a scroll event.
 */
function logWithGeometry(start = { scrollHeight: 1000, clientHeight: 800, scrollTop: 200 }) {
  const callbacks: Array<() => void> = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe(): void {}
      disconnect(): void {}
    },
  );
  renderList([message({ id: 'm1', text: 'Erste' }), message({ id: 'm2', text: 'Zweite' })]);
  const log = screen.getByRole('log');
  const geometry = { ...start };
  Object.defineProperty(log, 'scrollHeight', { get: () => geometry.scrollHeight });
  Object.defineProperty(log, 'clientHeight', { get: () => geometry.clientHeight });
  Object.defineProperty(log, 'scrollTop', {
    get: () => geometry.scrollTop,
    set: (value: number) => {
      geometry.scrollTop = Math.min(value, geometry.scrollHeight - geometry.clientHeight);
    },
  });
  const resized = () => callbacks.forEach((callback) => callback());
  resized();
  fireEvent.scroll(log);
  /** The log's new height as the browser lays it out: a taller log's scrollTop is clamped, with a scroll event later. */
  const layOut = (heights: { scrollHeight?: number; clientHeight: number }) => {
    Object.assign(geometry, heights);
    geometry.scrollTop = Math.min(geometry.scrollTop, geometry.scrollHeight - geometry.clientHeight);
  };
  return { log, geometry, resized, layOut };
}

describe('MessageList scrolling', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should keep the newest message in view when the keyboard makes the log lower, even if a late scroll event comes first', () => {
    const { log, geometry, resized } = logWithGeometry();
    geometry.clientHeight = 464;
    fireEvent.scroll(log);
    resized();
    expect(geometry.scrollTop).toBe(536);
  });

  it('should keep the newest message in view when the log got taller and then lower before the scroll event (a turn and the keyboard in one frame)', () => {
    // Landscape, then portrait (scrollTop clamped from 545 to 423), then the keyboard: the heights the journey measures.
    const { log, geometry, resized, layOut } = logWithGeometry({ scrollHeight: 714, clientHeight: 169, scrollTop: 545 });
    layOut({ scrollHeight: 954, clientHeight: 531 });
    layOut({ clientHeight: 199 });
    fireEvent.scroll(log);
    resized();
    expect(geometry.scrollTop).toBe(755);
  });

  it('should leave the log where the person scrolled back to on their first scroll after a resize', () => {
    const { log, geometry, resized, layOut } = logWithGeometry();
    layOut({ clientHeight: 464 });
    resized();
    geometry.scrollTop = 100;
    fireEvent.scroll(log);
    layOut({ clientHeight: 300 });
    resized();
    expect(geometry.scrollTop).toBe(100);
  });

  it('should leave the log where the person scrolled back to when it gets lower', () => {
    const { log, geometry, resized } = logWithGeometry();
    geometry.scrollTop = 50;
    fireEvent.scroll(log);
    geometry.clientHeight = 464;
    resized();
    expect(geometry.scrollTop).toBe(50);
  });
});

describe('AgentImage', () => {
  it('should accept a Call loader and keep the initial when the call fails', () => {
    const failing = vi.fn(() => of({ _tag: 'Left' as const, left: { _tag: 'NetworkError' as const, message: 'weg' } }));
    renderWithI18n(<AgentImage chatId="c" authorId="a" authorName="weber" load={failing} />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('W')).toBeTruthy();
  });

  it('should switch to the image a Call loader delivers', () => {
    const view = renderWithI18n(<AgentImage chatId="c" authorId="a" authorName="Weber" load={() => of(ok('https://chat.example/a.png'))} />);
    act(() => undefined);
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('https://chat.example/a.png');
  });
});
