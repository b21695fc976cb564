// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MessageType } from '@rechtschat/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { ConsoleApp } from './ConsoleApp.js';
import { createI18n } from './i18n/i18n.js';
import { CHAT, WEB, colleague, entry, fakeConnection, fakeFetch, me, message, type Route, focusedWindow } from './testSupport/fakes.js';
import { assertiveText, findAssertiveText } from './testSupport/liveRegions.js';

afterEach(() => {
  cleanup();
  // The tab's storage (drafts, selection, case-file form) lives on between tests in jsdom: each test is a new tab.
  sessionStorage.clear();
});

const INPUT = 'Ihre Nachricht an Fall RC-CASE-CHA';

const unauthenticated: Route = { status: 401, body: { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' } };

const activeEntry = (chatId: string, description: string) => ({
  ...entry(chatId, description),
  // The bot hands over the deliverable form of an umlaut domain; the lawyer reads it as the client wrote it.
  Email: 'kunde@xn--mller-kva.de',
  VerifiedEmail: true,
  AcceptedAt: '2026-11-22T09:30:00.000Z',
});

function setUp(
  options: {
    signedIn?: boolean;
    password?: string;
    held?: string[];
    finished?: string[];
    i18n?: i18n;
    callbacksAnswered?: Promise<void>;
    /** The list of held chats is answered once this settles. */
    chatsAnswered?: Promise<void>;
    /** A colleague accepts chat-1 first: the hub refuses the lawyer's AcceptChat. */
    takenByColleague?: boolean;
  } = {},
) {
  let queue = [{ ...entry('chat-1', 'Mein Arbeitgeber zahlt nicht'), CallbackRequested: true }];
  let queueStatus = 200;
  let signedIn = options.signedIn ?? false;
  let held = options.held ?? [];
  let callbackDone: string | null = null;
  /** Callback requests that arrive after sign-in, besides cb-1. */
  let laterCallbacks: readonly unknown[] = [];
  /** Whether the hub connection was stopped when the logout request went out (null: no logout). */
  let hubStoppedAtLogout: boolean | null = null;
  const { fetcher, calls } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/me`]: () => (signedIn ? { status: 200, body: me } : unauthenticated),
    [`GET ${CHAT}api/lawyer/whoami`]: () => ({ status: 200, body: signedIn ? me : null }),
    [`POST ${CHAT}api/lawyer/login`]: () => {
      const body = JSON.parse(String(calls[calls.length - 1]?.init?.body)) as { Password: string };
      signedIn = body.Password === (options.password ?? 'richtig');
      return signedIn ? { status: 200, body: me } : unauthenticated;
    },
    [`POST ${CHAT}api/lawyer/logout`]: () => {
      hubStoppedAtLogout = hub.stopped;
      signedIn = false;
      return { status: 204, body: '' };
    },
    [`GET ${CHAT}api/lawyer/queue`]: () => (queueStatus === 200 ? { status: 200, body: queue } : unauthenticated),
    [`GET ${CHAT}api/lawyer/callbacks`]: async () => {
      await options.callbacksAnswered;
      // Refused once the session has ended, as the server would.
      if (!signedIn) return unauthenticated;
      return {
        status: 200,
        body: [
          {
            Id: 'cb-1',
            ChatId: 'c',
            CaseId: 'k',
            CaseReference: 'RC-K',
            Phone: '+491705550123',
            PhoneDisplay: '+49 170 5550123',
            Availability: '24.11.2026, 08:00–12:00 Uhr',
            Description: 'Mein Arbeitgeber zahlt die Überstunden nicht.',
            FieldOfLawLongName: 'Arbeitsrecht',
            Created: '2026-11-22T08:00:00.000Z',
            DoneAt: callbackDone,
            DoneBy: callbackDone === null ? null : { Id: me.Id, Name: me.Name },
            AssignedLawyer: null,
          },
          ...laterCallbacks,
        ],
      };
    },
    [`PUT ${CHAT}api/lawyer/callbacks/cb-1/done`]: () => {
      callbackDone = '2026-11-22T11:00:00.000Z';
      return { status: 204, body: '' };
    },
    [`GET ${CHAT}api/lawyer/chats`]: async () => {
      await options.chatsAnswered;
      return {
        status: 200,
        body: held.map((id) => activeEntry(id, id === 'chat-1' ? 'Mein Arbeitgeber zahlt nicht' : 'Streit mit dem Nachbarn')),
      };
    },
    // Ended earlier today, asking for the client's phone number; accepted before the chat still held.
    [`GET ${CHAT}api/lawyer/chats/finished`]: () => ({
      status: 200,
      body: (options.finished ?? []).map((id) => ({
        ...activeEntry(id, 'Streit mit dem Nachbarn'),
        AcceptedAt: '2026-11-22T08:45:00.000Z',
        ClosedAt: '2026-11-22T09:10:00.000Z',
        Ended: 'closedPhone',
        ForwardedTo: null,
      })),
    }),
    [`GET ${CHAT}api/chat/message/for-case/case-chat-2`]: { status: 200, body: [message('m-5', 'Wie laut darf es sein?', { ChatId: 'chat-2' })] },
    [`GET ${CHAT}api/lawyer/case-files`]: {
      status: 200,
      body: [
        {
          CaseId: 'cf-9',
          CaseNumber: 'RC-2026-0009',
          Title: 'Verkehrsunfall',
          ClientName: 'Erika Musterfrau',
          Created: '2026-11-20T10:00:00.000Z',
          DocumentCount: 1,
          QuestionnaireSubmitted: true,
          ContactCount: 0,
          PowerOfAttorneySignedAt: null,
          Closed: false,
          ClosedAt: null,
        },
      ],
    },
    [`GET ${CHAT}api/lawyer/case-files/cf-9`]: {
      status: 200,
      body: {
        CaseId: 'cf-9',
        CaseNumber: 'RC-2026-0009',
        Title: 'Verkehrsunfall',
        Description: 'Auffahrunfall',
        FieldOfLaw: 'Verkehrsrecht',
        FirstName: 'Erika',
        LastName: 'Musterfrau',
        Phone: '+491712223344',
        PhoneDisplay: '+49 171 2223344',
        Email: 'erika.neu@example.org',
        Street: 'Domstraße 12a',
        PostalCode: '50667',
        City: 'Köln',
        PersonUpdatedAt: '2026-11-21T12:30:00.000Z',
        ChatCaseReference: null,
        Created: '2026-11-20T10:00:00.000Z',
        Documents: [
          { Id: 'd-1', FileName: 'Unfallbericht.pdf', ContentType: 'application/pdf', Size: 10, Created: '2026-11-21T10:00:00.000Z', UploadedBy: 'client' },
        ],
        Questionnaire: { Submitted: true, SubmittedAt: '2026-11-21T11:00:00.000Z', Answers: { 'Wurde jemand verletzt?': false } },
        Contacts: [],
        FirmMessages: [],
        PowerOfAttorneySignedAt: null,
        Closed: false,
        ClosedAt: null,
        RetentionUntil: null,
        LoginLockedUntil: null,
      },
    },
    [`PUT ${CHAT}api/lawyer/me`]: () => ({
      status: 200,
      body: { ...me, Name: JSON.parse(String(calls[calls.length - 1]?.init?.body)).Name as string, Gender: 'female' },
    }),
    [`POST ${CHAT}api/lawyer/case-files`]: {
      status: 200,
      body: { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Url: `${WEB}/digitale-fallakte/abc123`, Token: 'abc123', Pin: '3344' },
    },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [colleague] },
    [`GET ${CHAT}api/chat/message/for-case/case-chat-1`]: { status: 200, body: [message('m-0', 'Frühere Nachricht <script>')] },
  });
  const hub = fakeConnection({
    AcceptChat: () => {
      if (options.takenByColleague) {
        queue = [];
        throw new Error(
          JSON.stringify({ Error: 'ChatTaken', Message: 'Dieser Chat wurde bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen.' }),
        );
      }
      held = [...held, 'chat-1'];
      queue = [];
      return { CaseId: 'case-chat-1', ChatId: 'chat-1' };
    },
    ForwardChat: { CaseId: 'case-chat-1', ChatId: 'chat-3' },
    SendMessage: message('m-7', 'Wie viele Stunden?', { Author: { Id: 'law-1', Name: 'Dr. Anna Berger' } }),
  });
  const hubUrls: string[] = [];
  // The browser's preferences (mute switch, closed tabs of finished chats): localStorage in the app.
  const preferences = new Map<string, string>();
  render(
    <ConsoleApp
      fetcher={fetcher}
      webOrigin={WEB}
      {...(options.i18n ? { i18n: options.i18n } : {})}
      connect={(url) => {
        hubUrls.push(url);
        return hub.connection;
      }}
      preferences={{
        get: (key) => preferences.get(key) ?? null,
        set: (key, value) => void preferences.set(key, value),
        remove: (key) => void preferences.delete(key),
      }}
      window={focusedWindow}
    />,
  );
  return {
    calls,
    hub,
    hubUrls,
    hubStoppedAtLogout: () => hubStoppedAtLogout,
    preferences,
    setQueue: (next: typeof queue) => (queue = next),
    setLaterCallbacks: (next: readonly unknown[]) => (laterCallbacks = next),
    setQueueStatus: (status: number) => (queueStatus = status),
  };
}

async function logIn(password = 'richtig') {
  fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
  fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('ConsoleApp', () => {
  it('should refuse a wrong password with a German message in an alert', async () => {
    setUp();
    await logIn('falsch');
    expect(await findAssertiveText()).toContain('Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet');
    expect(screen.queryByRole('region', { name: 'Warteschlange' })).toBeNull();
  });

  it("should continue at the console's screen after signing in, not at the page's start where the vanished form left the focus", async () => {
    setUp();
    await logIn();
    await screen.findByRole('region', { name: 'Warteschlange' });
    expect(document.activeElement?.id).toBe('bildschirm');
  });

  it('should ask for both fields before calling the server', async () => {
    const { calls } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    expect(await findAssertiveText()).toContain('Bitte geben Sie E-Mail-Adresse und Passwort ein.');
    expect(calls.some((c) => c.url.endsWith('api/lawyer/login'))).toBe(false);
  });

  it('should show the queue with field of law, waiting time and callback flag after login and refresh it on QueueChanged', async () => {
    const { hub, hubUrls, setQueue } = setUp();
    await logIn();
    const queue = await screen.findByRole('region', { name: 'Warteschlange' });
    expect(await within(queue).findByText('Mein Arbeitgeber zahlt nicht')).toBeTruthy();
    expect(within(queue).getByText('Arbeitsrecht')).toBeTruthy();
    expect(within(queue).getByText(/wartet seit \d+ Minuten/)).toBeTruthy();
    expect(within(queue).getByText('Rückruf gewünscht')).toBeTruthy();
    expect(hubUrls).toEqual([`${CHAT}signalr?as=lawyer`]);

    setQueue([entry('chat-1', 'Mein Arbeitgeber zahlt nicht'), entry('chat-2', 'Streit mit dem Nachbarn')]);
    await act(async () => hub.emit('QueueChanged'));
    expect(await within(queue).findByText('Streit mit dem Nachbarn')).toBeTruthy();
  });

  it('should keep the open view and the one hub connection when the translations change', async () => {
    // i18next hands out a new t when it (re)loads; the workspace must not be rebuilt under the lawyer's click.
    const translations = createI18n();
    const { hubUrls } = setUp({ i18n: translations });
    await logIn();
    await screen.findByRole('region', { name: 'Warteschlange' });
    fireEvent.click(screen.getByRole('tab', { name: 'Profil' }));
    expect(await screen.findByRole('heading', { name: 'Ihr Profil' })).toBeTruthy();

    await act(async () => {
      await translations.changeLanguage('de-DE');
    });

    expect(screen.getByRole('heading', { name: 'Ihr Profil' })).toBeTruthy();
    expect(hubUrls).toEqual([`${CHAT}signalr?as=lawyer`]);
  });

  it('should not announce „Keine Verbindung zum Chat-Server“ while the first connection after the sign-in is still being set up', async () => {
    const { hub } = setUp();
    let connect: () => void = () => undefined;
    (hub.connection as unknown as { start: () => Promise<void> }).start = () => new Promise<void>((resolve) => (connect = resolve));
    await logIn();
    const queueTab = await screen.findByRole('tab', { name: /^Warteschlange/ });
    expect(queueTab).toBeTruthy();
    expect(screen.queryByText(/Keine Verbindung zum Chat-Server/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Jetzt neu verbinden' })).toBeNull();

    await act(async () => connect());
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
    expect(screen.queryByText(/Keine Verbindung zum Chat-Server/)).toBeNull();
  });

  it('should still say „Keine Verbindung zum Chat-Server“ when the first connection fails', async () => {
    const { hub } = setUp();
    (hub.connection as unknown as { start: () => Promise<void> }).start = () => Promise.reject(new Error('Failed to fetch'));
    await logIn();
    expect(await screen.findByText(/Keine Verbindung zum Chat-Server/)).toBeTruthy();
  });

  it('should resume an existing session without asking to log in', async () => {
    setUp({ signedIn: true });
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
    expect(screen.getByText('Angemeldet als Dr. Anna Berger')).toBeTruthy();
  });

  it('should open on the login when nobody is signed in, asking only the who-am-I probe that answers 200 null', async () => {
    const { calls } = setUp();
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(assertiveText()).toBe('');
    const lawyerCalls = calls.filter((c) => c.url.startsWith(`${CHAT}api/lawyer/`)).map((c) => `${c.init?.method ?? 'GET'} ${c.url}`);
    expect(lawyerCalls).toEqual([`GET ${CHAT}api/lawyer/whoami`]);
  });

  it('should accept a chat, show facts, history and live messages as plain text, send on Enter and notify typing', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    const log = await screen.findByRole('log', { name: 'Chatverlauf' });
    expect(await within(log).findByText('Frühere Nachricht <script>')).toBeTruthy();
    expect(log.querySelector('script')).toBeNull();
    expect(hub.invocations[0]).toEqual(['AcceptChat', 'chat-1']);
    expect(screen.getByRole('heading', { name: 'Angaben aus dem Chatbot' })).toBeTruthy();
    expect(screen.getByText('kunde@müller.de (im Chat bestätigt, nicht geprüft)')).toBeTruthy();

    await act(async () => hub.emit('DistributeMessage', message('m-1', 'Seit Januar.')));
    await act(async () => hub.emit('DistributeMessage', message('m-1', 'Seit Januar.')));
    await act(async () => hub.emit('DistributeMessage', message('m-9', 'Anderer Chat', { ChatId: 'chat-9' })));
    expect(within(log).getAllByText('Seit Januar.')).toHaveLength(1);
    expect(within(log).queryByText('Anderer Chat')).toBeNull();

    const input = screen.getByRole('textbox', { name: INPUT });
    fireEvent.change(input, { target: { value: 'W' } });
    fireEvent.change(input, { target: { value: 'Wie viele Stunden?' } });
    expect(hub.invocations.filter(([method]) => method === 'SendTypingNotification')).toHaveLength(1);

    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(hub.invocations).toContainEqual(['SendMessage', 'chat-1', 'Wie viele Stunden?', expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    expect(within(log).getByText('Wie viele Stunden?')).toBeTruthy();
  });

  it('should add the lawyer’s sent message to the log once, however its acknowledgement and the hub’s copy of it arrive', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    const log = await screen.findByRole('log', { name: 'Chatverlauf' });
    await within(log).findByText('Frühere Nachricht <script>');
    // What the polite log reads out are the items added to it.
    const added: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => added.push(...record.addedNodes)));
    observer.observe(log, { childList: true, subtree: true });
    const input = screen.getByRole('textbox', { name: INPUT });
    fireEvent.change(input, { target: { value: 'Wie viele Stunden?' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await waitFor(() => expect(within(log).getByText('Wie viele Stunden?')).toBeTruthy());
    // The server also distributes it to the chat's group (the lawyer's other devices): the same message, not a new one.
    await act(async () => hub.emit('DistributeMessage', message('m-7', 'Wie viele Stunden?', { Author: { Id: 'law-1', Name: 'Dr. Anna Berger' } })));
    added.push(...observer.takeRecords().flatMap((record) => [...record.addedNodes]));
    observer.disconnect();
    expect(added.filter((node) => node.nodeName === 'LI')).toHaveLength(1);
    expect(within(log).getAllByText('Wie viele Stunden?')).toHaveLength(1);
  });

  it('should give the focus to the notice when a colleague accepted the chat first and its queue entry is gone', async () => {
    const { hub } = setUp({ signedIn: true, takenByColleague: true });
    const accept = await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' });
    accept.focus();
    fireEvent.click(accept);
    // The queue changes with it (the colleague's accept reached everyone).
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' })).toBeNull());
    const notice = await screen.findByText(/Diesen Chat hat gerade eine Kollegin oder ein Kollege übernommen/);
    await waitFor(() => expect(document.activeElement).toBe(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button')));
  });

  it('should ask once more before ending a chat, with the focus on „Abbrechen“, and end nothing when the lawyer cancels', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chat beenden' }));
    const confirm = screen.getByRole('group', { name: /Chat zu Fall RC-CASE-CHA wirklich beenden\?/ });
    // A second Enter (the key still down, a double press) cancels instead of ending the chat for the client.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(hub.invocations.some(([method]) => method === 'CloseChat')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('group', { name: /Chat zu Fall RC-CASE-CHA wirklich beenden\?/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat beenden' })));
    expect(hub.invocations.some(([method]) => method === 'CloseChat')).toBe(false);
  });

  it('should cancel the close confirmation with Escape and return the focus to the button that asked', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chat beenden und Telefonnummer erfragen' }));
    const confirm = screen.getByRole('group', { name: /Chat zu Fall RC-CASE-CHA wirklich beenden\?/ });
    fireEvent.keyDown(within(confirm).getByRole('button', { name: 'Ja, beenden und Telefonnummer erfragen' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: /Chat zu Fall RC-CASE-CHA wirklich beenden\?/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat beenden und Telefonnummer erfragen' })));
    expect(hub.invocations.some(([method]) => method === 'CloseChat')).toBe(false);
  });

  it('should close with a phone request, move focus to closing the ended tab, and close it', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chat beenden und Telefonnummer erfragen' }));
    const confirm = screen.getByRole('button', { name: 'Ja, beenden und Telefonnummer erfragen' });
    confirm.focus();
    fireEvent.click(confirm);
    expect((await screen.findByText(/Die ratsuchende Person wurde um ihre Telefonnummer gebeten/)).getAttribute('role')).toBe('status');
    expect(hub.invocations).toContainEqual(['CloseChat', 'chat-1', true]);
    expect(screen.queryByRole('textbox', { name: INPUT })).toBeNull();
    // The confirmation the keyboard was on is gone: focus continues on the next step, not at the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tab schließen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tab schließen' }));
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
  });

  it('should forward the chat to the chosen colleague and keep keyboard focus on the ended tab', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    const forward = await screen.findByRole('button', { name: 'Weiterleiten' });
    expect((forward as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Kollegin oder Kollege' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Bernd Roth/ }));
    forward.focus();
    fireEvent.click(forward);
    // One more, deliberate step: the question names the case and the colleague, the focus starts on the way back.
    const question = screen.getByRole('group', { name: /^Chat zu Fall RC-.* an Bernd Roth weiterleiten\?/ });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(hub.invocations).not.toContainEqual(['ForwardChat', 'chat-1', 'law-2']);
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Ja, weiterleiten' })));
    expect(hub.invocations).toContainEqual(['ForwardChat', 'chat-1', 'law-2']);
    // The ended tab names the colleague, so the lawyer can tell the client or look it up later.
    expect((await screen.findByText('Der Chat wurde an Bernd Roth weitergeleitet.')).getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tab schließen' }));
  });

  it("should name a forwarded chat's tab as forwarded to the colleague, seen and read out, while a closed chat's tab says ended", async () => {
    const { hub } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('tab', { name: /Mein Arbeitgeber zahlt nicht$/ }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Kollegin oder Kollege' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Bernd Roth/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Weiterleiten' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ja, weiterleiten' })));
    const forwarded = await screen.findByRole('tab', { name: /: Mein Arbeitgeber zahlt nicht, weitergeleitet an Bernd Roth$/ });
    expect(forwarded.textContent).toContain('weitergeleitet an Bernd Roth · Mein Arbeitgeber zahlt nicht');
    expect(screen.queryByRole('tab', { name: /Mein Arbeitgeber zahlt nicht, beendet$/ })).toBeNull();
    // The other chat, closed by the client's side: „beendet“, with nothing about a colleague.
    await act(async () => hub.emit('SendNotification', { ChatId: 'chat-2', Type: 'Closed', Data: null }));
    const closed = await screen.findByRole('tab', { name: /: Streit mit dem Nachbarn, beendet$/ });
    expect(closed.textContent).not.toContain('weitergeleitet');
  });

  it('should tell the lawyer who forwarded a chat that the colleague did not take it in time and that it is back in the queue', async () => {
    const { hub, setQueue } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('tab', { name: /Mein Arbeitgeber zahlt nicht$/ }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Kollegin oder Kollege' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Bernd Roth/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Weiterleiten' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ja, weiterleiten' })));
    await screen.findByRole('tab', { name: /: Mein Arbeitgeber zahlt nicht, weitergeleitet an Bernd Roth$/ });
    const news = () => screen.getAllByRole('status').find((region) => /Warteschlange/.test(region.textContent ?? ''));
    // Bernd Roth's hold ran out: the server offers the chat (chat-3, the same case) to every lawyer, her too.
    setQueue([{ ...entry('chat-3', 'Mein Arbeitgeber zahlt nicht'), CaseId: 'case-chat-1', ForwardedBy: me.Name, ReleasedFrom: 'Bernd Roth' }]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() =>
      expect(news()?.textContent).toBe(
        'Bernd Roth hat den Chat, den Sie weitergeleitet haben, nicht rechtzeitig übernommen. Er ist wieder in der Warteschlange: Mein Arbeitgeber zahlt nicht',
      ),
    );
    expect(news()?.textContent).not.toContain('Neu in der Warteschlange');
    // Her tab no longer says it is with Bernd Roth; its panel says what happened, politely, as a status.
    const tab = await screen.findByRole('tab', { name: /: Mein Arbeitgeber zahlt nicht, von Bernd Roth nicht angenommen, wieder in der Warteschlange$/ });
    expect(tab.textContent).not.toContain('weitergeleitet an Bernd Roth');
    expect(
      screen.getByText('Bernd Roth hat den Chat nicht rechtzeitig übernommen. Er ging deshalb zurück in die Warteschlange für alle.').getAttribute('role'),
    ).toBe('status');
  });

  it('should announce a forwarded chat the lawyer did not take within the hold as not taken by them, not by their own name', async () => {
    const { hub, setQueue } = setUp({ signedIn: true });
    await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' });
    const news = () => screen.getAllByRole('status').find((region) => /Warteschlange/.test(region.textContent ?? ''));
    // Her own hold ran out on a chat Bernd Roth forwarded to her (seen new, e.g. after a reconnect): open to everyone again.
    setQueue([{ ...entry('chat-7', 'Kaution nicht zurück'), ForwardedBy: 'Bernd Roth', ReleasedFrom: me.Name, ReleasedFromLawyerId: me.Id }]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(news()?.textContent).toBe('Neu in der Warteschlange, von Ihnen nicht angenommen: Kaution nicht zurück'));
    expect(screen.getByText('Von Bernd Roth an Sie weitergeleitet, von Ihnen nicht angenommen – wieder für alle')).toBeTruthy();
    expect(news()?.textContent).not.toContain(me.Name);
  });

  it('should offer only the file types the chat takes and refuse a file over 10 MB at once, without sending it', async () => {
    const { calls } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    await screen.findByRole('button', { name: 'Datei an die ratsuchende Person senden' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('.pdf,.png,.jpg,.jpeg,.gif,.webp,.heic,.heif,.doc,.docx,.xlsx,.pptx,.zip');
    const scan = new File(['x'], 'Scan Mietvertrag.pdf', { type: 'application/pdf' });
    Object.defineProperty(scan, 'size', { value: 25 * 1024 * 1024 });
    await act(async () => fireEvent.change(input, { target: { files: [scan] } }));
    expect(await screen.findByText('Die Datei ist größer als 10 MB und wurde nicht gesendet. Bitte wählen Sie eine kleinere Datei.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('api/chat/file/'))).toBe(false);
    expect((screen.getByRole('button', { name: 'Datei an die ratsuchende Person senden' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('should end the chat view when the server reports the chat closed', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    await screen.findByRole('log', { name: 'Chatverlauf' });
    await act(async () => hub.emit('SendNotification', { ChatId: 'chat-1', Type: 'Closed', Data: null }));
    expect((await screen.findByText('Der Chat ist beendet.')).getAttribute('role')).toBe('status');
  });

  it('should say that and why the chat ended when the client stopped answering, with the notice in the history', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    const log = await screen.findByRole('log', { name: 'Chatverlauf' });
    const reason = 'Der Chat wurde automatisch beendet, weil längere Zeit keine Antwort kam.';
    await act(async () => hub.emit('DistributeMessage', message('m-9', reason, { Type: MessageType.Information, Author: null })));
    await act(async () => hub.emit('SendNotification', { ChatId: 'chat-1', Type: 'Closed', Data: { Reason: 'Timeout' } }));
    const status = await screen.findByText(/^Der Chat wurde automatisch wegen Inaktivität beendet: Die ratsuchende Person hat/);
    expect(status.getAttribute('role')).toBe('status');
    expect(within(log).getByText(reason).closest('li')?.textContent).toContain('Hinweis');
    expect(screen.queryByRole('textbox', { name: INPUT })).toBeNull();
  });

  it('should say at once that the device lost its network, and stop saying so when it is back', async () => {
    setUp({ signedIn: true });
    await screen.findByRole('region', { name: 'Warteschlange' });
    const offline = /Ihr Gerät hat keine Netzwerkverbindung/;
    expect(screen.queryByText(offline)).toBeNull();
    await act(async () => window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(offline).closest('[role="status"]')).not.toBeNull();
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(offline)).toBeNull();
  });

  it('should announce the offline notice and a refused action each in one live region, none inside another', async () => {
    const { hub } = setUp({ signedIn: true, takenByColleague: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    await act(async () => hub.emit('QueueChanged'));
    const taken = await screen.findByText(/Diesen Chat hat gerade eine Kollegin oder ein Kollege übernommen/);
    await act(async () => window.dispatchEvent(new Event('offline')));
    const offline = screen.getByText(/Ihr Gerät hat keine Netzwerkverbindung/);
    // Some screen readers read a live region inside another one twice (outside-in lawyer pass 2026-12-07).
    const LIVE = '[aria-live], [role="alert"], [role="status"], [role="log"]';
    const nested = Array.from(document.querySelectorAll(LIVE)).filter((region) => region.parentElement?.closest(LIVE));
    expect(nested.map((region) => region.textContent)).toEqual([]);
    expect(offline.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(taken.closest('[role="alert"]')).not.toBeNull();
    await act(async () => window.dispatchEvent(new Event('online')));
  });

  it('should say in the chat and its tab when the client has gone, and that it is back, until the client writes', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const away = /ist seit 09:58 Uhr nicht mehr mit dem Chat verbunden/;
    expect(screen.queryByText(away)).toBeNull();
    await act(async () => hub.emit('SendNotification', { ChatId: 'chat-1', Type: 'ClientAway', Data: { AwaySince: '2026-11-23T08:58:00.000Z' } }));
    expect(screen.getByText(away).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('tab', { name: /, nicht verbunden$/ })).toBeTruthy();
    await act(async () => hub.emit('SendNotification', { ChatId: 'chat-1', Type: 'ClientBack', Data: null }));
    expect(screen.queryByText(away)).toBeNull();
    expect(screen.getByText('Die ratsuchende Person ist wieder mit dem Chat verbunden.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /nicht verbunden/ })).toBeNull();
    await act(async () => hub.emit('DistributeMessage', message('m-2', 'Da bin ich wieder.')));
    expect(screen.queryByText('Die ratsuchende Person ist wieder mit dem Chat verbunden.')).toBeNull();
  });

  it('should show that the participant is typing', async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }));
    await screen.findByRole('log', { name: 'Chatverlauf' });
    expect(screen.queryByText('Die ratsuchende Person schreibt …')).toBeNull();
    await act(async () => hub.emit('SendNotification', { ChatId: 'chat-1', Type: 'IsTyping', Data: null }));
    expect(screen.getByText('Die ratsuchende Person schreibt …').getAttribute('role')).toBe('status');
    await act(async () => hub.emit('DistributeMessage', message('m-2', 'Fertig getippt.')));
    expect(screen.queryByText('Die ratsuchende Person schreibt …')).toBeNull();
  });

  it('should return to the login with a German notice when the session expired', async () => {
    const { hub, setQueueStatus } = setUp({ signedIn: true });
    await screen.findByRole('region', { name: 'Warteschlange' });
    setQueueStatus(401);
    await act(async () => hub.emit('QueueChanged'));
    expect(await findAssertiveText()).toContain('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    expect(screen.getByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
  });

  it('should say at the login why the server ended the session – a deactivated account is no expired session', async () => {
    const { hub, setQueueStatus } = setUp({ signedIn: true });
    await screen.findByRole('region', { name: 'Warteschlange' });
    setQueueStatus(401);
    await act(async () =>
      hub.close(new Error('Server returned an error on close: Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.')),
    );
    await act(async () => hub.emit('QueueChanged'));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(assertiveText()).toBe('Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.');
    expect(screen.queryByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeNull();
  });

  it('should log out, stop the hub and show the login again', async () => {
    const { hub, calls } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/logout` && c.init?.method === 'POST')).toBe(true);
    // The hub stops asynchronously; on a busy machine the login may show first.
    await waitFor(() => expect(hub.stopped).toBe(true));
  });

  it('should stop the hub connection quietly before the logout request, so the server’s close meets no open connection', async () => {
    // Signed out first, the server closed the still open connection with „Sie haben sich abgemeldet.“, which SignalR
    // logged as an error in the browser console on every deliberate sign-out.
    const { hubStoppedAtLogout, hubUrls } = setUp({ signedIn: true });
    // The workspace's connection is up (its start follows the button by a render).
    await waitFor(() => expect(hubUrls.length).toBeGreaterThan(0));
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(hubStoppedAtLogout()).toBe(true);
  });

  it('should wait for the answers of requests in flight before the logout, so none of them is refused behind it', async () => {
    // The browser logs every refused request as an error; a list still loading at „Abmelden“ came back 401.
    let answerCallbacks = () => undefined as void;
    const callbacksAnswered = new Promise<void>((resolve) => (answerCallbacks = resolve));
    const { calls } = setUp({ signedIn: true, callbacksAnswered });
    await waitFor(() => expect(calls.some((c) => c.url === `${CHAT}api/lawyer/callbacks`)).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    // The hub has stopped meanwhile; the logout still waits for the list's answer.
    for (let turn = 0; turn < 5; turn += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/logout`)).toBe(false);
    answerCallbacks();
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/logout`)).toBe(true);
  });

  it('should ask before signing out while the lawyer still holds a running chat, and stay signed in on „Angemeldet bleiben“', async () => {
    const { calls } = setUp({ signedIn: true, held: ['chat-1'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abmelden, obwohl Chats laufen?' });
    expect(dialog.textContent).toContain('Sie führen noch einen Chat.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Angemeldet bleiben' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Angemeldet bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/logout`)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Trotzdem abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/logout` && c.init?.method === 'POST')).toBe(true);
  });

  it('should tell a lawyer signing out with running chats that they go back to the queue after five minutes without a console', async () => {
    // The server hands an active chat on to every lawyer once its lawyer has had no console for 5 minutes (lawyer away).
    setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abmelden, obwohl Chats laufen?' });
    expect(dialog.textContent).toContain(
      'Sie führen noch 2 Chats. Sind Sie auf einem anderen Gerät angemeldet oder melden Sie sich innerhalb von 5 Minuten wieder an, bleiben sie bei Ihnen; sonst gehen sie zurück in die Warteschlange',
    );
    expect(dialog.textContent).not.toContain('warten, bis Sie sich wieder anmelden');
  });

  it("should not show the server's close reason at the login after the lawyer signed out here", async () => {
    const { hub } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    // The server ends the hub connection of the signed-out lawyer with its reason.
    await act(async () => hub.close(new Error('Server returned an error on close: Sie haben sich abgemeldet.')));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(screen.queryByText('Sie haben sich abgemeldet.')).toBeNull();
  });

  it('should restore the chats the lawyer holds after a reload, in tabs with unread counts', async () => {
    const { hub } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    const log = await screen.findByRole('log', { name: 'Chatverlauf' });
    expect(await within(log).findByText('Frühere Nachricht <script>')).toBeTruthy();
    await act(async () => hub.emit('DistributeMessage', message('m-6', 'Hallo?', { ChatId: 'chat-2' })));
    const second = screen.getByRole('tab', { name: /^Chat 2, Fall RC-CASE-CHA, angenommen um 10:30 Uhr: Streit mit dem Nachbarn, 1 ungelesene Nachricht$/ });
    fireEvent.click(second);
    expect(await screen.findByText('Wie laut darf es sein?')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Chat 2, Fall RC-CASE-CHA, angenommen um 10:30 Uhr: Streit mit dem Nachbarn' })).toBeTruthy();
    expect(within(second).getByText('Chat 2 · RC-CASE-CHA · 10:30 Uhr')).toBeTruthy();
  });

  it('should not open a held chat in front of the view tab the lawyer is pressing, so the click completes on that view', async () => {
    let answerChats = () => undefined as void;
    const chatsAnswered = new Promise<void>((resolve) => (answerChats = resolve));
    setUp({ signedIn: true, held: ['chat-1'], chatsAnswered });
    const profile = await screen.findByRole('tab', { name: 'Profil' });
    // Pressed, not released yet: the held chat arrives meanwhile.
    fireEvent.pointerDown(profile);
    act(() => profile.focus());
    await act(async () => answerChats());
    expect(await screen.findByRole('tab', { name: /^Chat 1, Fall RC-CASE-CHA/ })).toBeTruthy();
    // The chat waits in its tab: it neither took over the screen nor the focus from the pressed tab.
    expect(screen.queryByRole('textbox', { name: INPUT })).toBeNull();
    expect(document.activeElement).toBe(profile);
    fireEvent.click(profile);
    expect(await screen.findByRole('tab', { name: 'Profil', selected: true })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: INPUT })).toBeNull();
  });

  it('should not open a held chat in front of the queue while the lawyer presses „Annehmen“ there, so the accept lands and opens that chat', async () => {
    let answerChats = () => undefined as void;
    const chatsAnswered = new Promise<void>((resolve) => (answerChats = resolve));
    const { calls } = setUp({ signedIn: true, held: ['chat-2'], chatsAnswered });
    const accept = await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' }, { timeout: 10_000 });
    await waitFor(() => expect((accept as HTMLButtonElement).disabled).toBe(false));
    // Pressed, not released yet: the chat the lawyer held before the reload arrives meanwhile.
    fireEvent.pointerDown(accept);
    act(() => accept.focus());
    await act(async () => answerChats());
    // Neither the chat nor its tab row comes in front of the pressed button, which stays where it is, with the focus.
    // The restored chat is in: its history is read.
    await waitFor(() => expect(calls.some((c) => c.url === `${CHAT}api/chat/message/for-case/case-chat-2`)).toBe(true));
    expect(screen.queryByRole('tablist', { name: 'Ihre Chats' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: INPUT })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Warteschlange' })).toBeTruthy();
    expect(document.activeElement).toBe(accept);
    // Released: the click completes on „Annehmen“, the accepted chat opens, and the restored one is in its tab beside it.
    fireEvent.pointerUp(accept);
    fireEvent.click(accept);
    expect(await screen.findByRole('textbox', { name: INPUT })).toBeTruthy();
    const chats = await screen.findByRole('tablist', { name: 'Ihre Chats' });
    expect(within(chats).getByRole('tab', { name: /Mein Arbeitgeber zahlt nicht/, selected: true })).toBeTruthy();
    expect(within(chats).getByRole('tab', { name: /Streit mit dem Nachbarn/, selected: false })).toBeTruthy();
  });

  it('should open the held chats that arrive after sign-in without taking the focus from the header control the lawyer is on', async () => {
    let answerChats = () => undefined as void;
    const chatsAnswered = new Promise<void>((resolve) => (answerChats = resolve));
    setUp({ signedIn: true, held: ['chat-1'], chatsAnswered });
    await screen.findByRole('tab', { name: 'Profil' });
    // A keyboard user went on to „Abmelden“ in the header while the held chats were still on their way.
    const logout = screen.getByRole('button', { name: 'Abmelden' });
    act(() => logout.focus());
    await act(async () => answerChats());
    // The chat opens in front as before, but its answer field waits: the focus is where the lawyer put it.
    expect(await screen.findByRole('textbox', { name: INPUT })).toBeTruthy();
    await screen.findByText('Frühere Nachricht <script>');
    expect(document.activeElement).toBe(logout);
  });

  it('should put the focus into the answer field of a held chat that arrives while the focus is nowhere', async () => {
    setUp({ signedIn: true, held: ['chat-1'] });
    const input = await screen.findByRole('textbox', { name: INPUT });
    expect(document.activeElement).toBe(input);
  });

  it('should put the focus into the answer field of the chat the lawyer chose in the chat tabs, away from the tab', async () => {
    setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const second = screen.getByRole('tab', { name: /^Chat 2, / });
    act(() => second.focus());
    fireEvent.click(second);
    expect(await screen.findByText('Wie laut darf es sein?')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Ihre Nachricht an Fall/ }));
  });

  it('should put the focus into the answer field of the chat the lawyer accepted from the queue', async () => {
    setUp({ signedIn: true });
    const accept = await screen.findByRole('button', { name: 'Chat annehmen: Mein Arbeitgeber zahlt nicht' });
    act(() => accept.focus());
    fireEvent.click(accept);
    const input = await screen.findByRole('textbox', { name: INPUT });
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('should show the chats the lawyer ended earlier as ended, read-only tabs after a reload, beside the active one', async () => {
    const { preferences } = setUp({ signedIn: true, held: ['chat-1'], finished: ['chat-2'] });
    // The active chat is shown, not the ended one, though that was accepted first.
    expect(await screen.findByRole('textbox', { name: 'Ihre Nachricht an Fall RC-CASE-CHA' })).toBeTruthy();
    // The active chat comes first in the tab row, the ended one after it.
    const ended = await screen.findByRole('tab', { name: 'Chat 2, Fall RC-CASE-CHA, angenommen um 09:45 Uhr: Streit mit dem Nachbarn, beendet' });
    expect(screen.getByRole('tab', { name: 'Chat 1, Fall RC-CASE-CHA, angenommen um 10:30 Uhr: Mein Arbeitgeber zahlt nicht' })).toBeTruthy();
    fireEvent.click(ended);
    // As it looked before the reload: what was said, how it ended, no answer field – only closing the tab.
    expect(await screen.findByText('Wie laut darf es sein?')).toBeTruthy();
    expect(screen.getByText('Der Chat ist beendet. Die ratsuchende Person wurde um ihre Telefonnummer gebeten.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Ihre Nachricht an/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tab schließen' }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: /Streit mit dem Nachbarn/ })).toBeNull());
    // Remembered in the browser, not the tab: closed stays closed after signing out and in again.
    expect([...preferences.values()]).toContain('["chat-2"]');
  });

  it('should read out a message in another chat tab and a new client in the queue while the lawyer works in a chat', async () => {
    const { hub, setQueue } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const news = () => screen.getAllByRole('status').find((region) => /Neue Nachricht|Neu in der Warteschlange/.test(region.textContent ?? ''));
    // Who waited at sign-in is on screen, not news.
    expect(news()).toBeUndefined();
    await act(async () => hub.emit('DistributeMessage', message('m-6', 'Hallo?', { ChatId: 'chat-2' })));
    expect(news()?.textContent).toBe('Neue Nachricht in Chat 2, Fall RC-CASE-CHA.');
    setQueue([entry('chat-1', 'Mein Arbeitgeber zahlt nicht'), entry('chat-5', 'Mein Vermieter kündigt')]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(news()?.textContent).toBe('Neu in der Warteschlange: Mein Vermieter kündigt'));
  });

  it('should say that a new chat in the queue was forwarded to the lawyer, and by whom', async () => {
    const { hub, setQueue } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const news = () => screen.getAllByRole('status').find((region) => /weitergeleitet|Neu in der Warteschlange/.test(region.textContent ?? ''));
    setQueue([
      entry('chat-1', 'Mein Arbeitgeber zahlt nicht'),
      { ...entry('chat-5', 'Kaution nicht zurück'), AssignedLawyerId: 'me', ForwardedBy: 'Dr. Anna Berger' },
    ]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(news()?.textContent).toBe('Von Dr. Anna Berger an Sie weitergeleitet: Kaution nicht zurück'));
  });

  it('should say that a new chat in the queue was handed over from a deactivated colleague, not forwarded by the one who forwarded it', async () => {
    const { hub, setQueue } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const news = () => screen.getAllByRole('status').find((region) => /weitergeleitet|übergeben|Neu in der Warteschlange/.test(region.textContent ?? ''));
    // The administrator forwarded it to Markus Hoffmann, then deactivated him and took his work over.
    setQueue([{ ...entry('chat-5', 'Kaution nicht zurück'), AssignedLawyerId: 'me', ForwardedBy: 'Dr. Anna Berger', HandedOverFrom: 'Markus Hoffmann' }]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(news()?.textContent).toBe('Von Markus Hoffmann an Sie übergeben: Kaution nicht zurück'));
  });

  it('should read out every further message in another chat tab, not only the first, and a long problem of a new client only to its start', async () => {
    const { hub, setQueue } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const news = () => screen.getAllByRole('status').find((region) => /Neue Nachricht|Neu in der Warteschlange/.test(region.textContent ?? ''));
    await act(async () => hub.emit('DistributeMessage', message('m-6', 'Hallo?', { ChatId: 'chat-2' })));
    const first = news()?.firstElementChild;
    expect(first?.textContent).toBe('Neue Nachricht in Chat 2, Fall RC-CASE-CHA.');
    // The same words again: a new node in the live region, so the screen reader says it again (the same text in the same
    // node changed nothing and stayed silent).
    await act(async () => hub.emit('DistributeMessage', message('m-7', 'Sind Sie noch da?', { ChatId: 'chat-2' })));
    const second = news()?.firstElementChild;
    expect(second?.textContent).toBe('Neue Nachricht in Chat 2, Fall RC-CASE-CHA.');
    expect(second).not.toBe(first);
    expect(first?.isConnected).toBe(false);
    const problem = `Mein Vermieter kündigt wegen Eigenbedarf, ${'obwohl ich seit dreiundzwanzig Jahren dort wohne und schwerbehindert bin, '.repeat(5)}`;
    setQueue([entry('chat-1', 'Mein Arbeitgeber zahlt nicht'), entry('chat-5', problem)]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(news()?.textContent).toMatch(/^Neu in der Warteschlange: Mein Vermieter kündigt wegen Eigenbedarf, obwohl .+ …$/));
    expect((news()?.textContent ?? '').length).toBeLessThanOrEqual('Neu in der Warteschlange: '.length + 101);
  });

  it('should read out a new callback request, but not the ones there at sign-in or one already done', async () => {
    const { hub, setLaterCallbacks } = setUp({ signedIn: true, held: ['chat-1'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    await screen.findByRole('tab', { name: 'Rückrufe (1)' });
    const news = () => screen.getAllByRole('status').find((region) => /Rückrufwunsch/.test(region.textContent ?? ''));
    // The request open at sign-in is counted in the tab, not news.
    expect(news()).toBeUndefined();
    const request = {
      Id: 'cb-2',
      ChatId: 'c-2',
      CaseId: 'k-2',
      CaseReference: 'RC-K2',
      Phone: '+491705550199',
      PhoneDisplay: '+49 170 5550199',
      Availability: 'heute ab 17 Uhr',
      Description: 'Mein Vermieter behält die Kaution.',
      FieldOfLawLongName: 'Mietrecht',
      Created: '2026-11-22T10:00:00.000Z',
      AssignedLawyer: null,
    };
    // A waiting client asked for a call: the hub's queue signal follows it, and the callbacks are read again. With it
    // comes a request done before this console ever saw it: no call to make, so not read out.
    setLaterCallbacks([
      { ...request, Id: 'cb-3', CaseReference: 'RC-K3', DoneAt: '2026-11-22T10:05:00.000Z', DoneBy: { Id: 'law-9', Name: 'RA Schäfer' } },
      { ...request, DoneAt: null, DoneBy: null },
    ]);
    await act(async () => hub.emit('QueueChanged'));
    await waitFor(() => expect(news()?.textContent).toBe('Neuer Rückrufwunsch, Fall RC-K2: Mein Vermieter behält die Kaution.'));
    expect(screen.getByRole('tab', { name: 'Rückrufe (2)' })).toBeTruthy();
    expect(news()?.getAttribute('aria-live')).toBe('polite');
  });

  it('should keep „Nur meine“ on when the lawyer leaves „Rückrufe“ and comes back, and forget it at sign-out', async () => {
    setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Rückrufe (1)' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Nur meine' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Fallakte anlegen' }));
    await screen.findByRole('textbox', { name: /Vorname/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Rückrufe (1)' }));
    expect(((await screen.findByRole('switch', { name: 'Nur meine' })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('rc.console.'))).toEqual([]);
  });

  it('should keep the views in a tab row of their own, so the queue stays in sight however many chats are open', async () => {
    setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    const views = screen.getByRole('tablist', { name: 'Bereiche der Anwaltskonsole' });
    const chats = screen.getByRole('tablist', { name: 'Ihre Chats' });
    expect(within(views).getByRole('tab', { name: /^Warteschlange/ })).toBeTruthy();
    expect(within(views).queryAllByRole('tab', { name: /^Chat \d/ })).toHaveLength(0);
    expect(
      within(chats)
        .getAllByRole('tab')
        .map((tab) => tab.getAttribute('aria-label')?.slice(0, 6)),
    ).toEqual(['Chat 1', 'Chat 2']);
    // One selection across both rows: a chat is shown, so no view tab is selected.
    expect(within(views).queryByRole('tab', { selected: true })).toBeNull();
    fireEvent.click(within(views).getByRole('tab', { name: /^Warteschlange/ }));
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
    expect(within(chats).queryByRole('tab', { selected: true })).toBeNull();
  });

  it('should keep the chat the lawyer works in across a reload of the tab, so the next message goes to that client', async () => {
    setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('tab', { name: /^Chat 2,/ }));
    expect(await screen.findByText('Wie laut darf es sein?')).toBeTruthy();
    cleanup();

    // F5: a new console over the same tab storage.
    const { hub } = setUp({ signedIn: true, held: ['chat-1', 'chat-2'] });
    expect(await screen.findByText('Wie laut darf es sein?')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Chat 2,/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /^Chat 1,/ }).getAttribute('aria-selected')).toBe('false');
    // Input and actions name the case they act on.
    expect(screen.getByRole('group', { name: 'Aktionen für Fall RC-CASE-CHA' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: INPUT });
    fireEvent.change(input, { target: { value: 'Bitte machen Sie Fotos.' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(hub.invocations.filter(([method]) => method === 'SendMessage').map(([, chatId]) => chatId)).toEqual(['chat-2']);
  });

  it('should keep a half-filled case-file form across a reload, and forget it when the lawyer empties it or signs out', async () => {
    setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Fallakte anlegen' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Vorname/ }), { target: { value: 'Erika' } });
    cleanup();

    setUp({ signedIn: true });
    const firstName = () => screen.findByRole('textbox', { name: /Vorname/ }) as Promise<HTMLInputElement>;
    expect((await firstName()).value).toBe('Erika');
    expect(screen.getByRole('tab', { name: 'Fallakte anlegen' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Eingaben verwerfen' }));
    expect((await firstName()).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Vorname/ })));

    fireEvent.change(await firstName(), { target: { value: 'Max' } });
    expect(Object.keys(sessionStorage).some((key) => key.startsWith('rc.console.caseFileForm.'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('rc.console.'))).toEqual([]);
  });

  it('should mark a callback done', async () => {
    const { calls } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: /Rückrufe \(1\)/ }));
    const box = await screen.findByRole('checkbox', { name: 'Rückruf an +49 170 5550123 erledigt, Fall RC-K' });
    // What the lawyer needs to make the call: a number to tap, the case, the field of law and the problem.
    expect(screen.getByRole('link', { name: '+49 170 5550123 anrufen' }).getAttribute('href')).toBe('tel:+491705550123');
    expect(screen.getByText('RC-K · Arbeitsrecht: Mein Arbeitgeber zahlt die Überstunden nicht.')).toBeTruthy();
    await act(async () => fireEvent.click(box));
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/callbacks/cb-1/done` && c.init?.method === 'PUT' && c.init.body === '{"Value":true}')).toBe(true);
    // Done, the entry moves under „Erledigt“ (a new box there, with the focus).
    const doneBox = () => screen.getByRole('checkbox', { name: 'Rückruf an +49 170 5550123 erledigt, Fall RC-K' }) as HTMLInputElement;
    await waitFor(() => expect(doneBox().checked).toBe(true));
    expect(within(screen.getByRole('list', { name: 'Erledigt' })).getByRole('checkbox')).toBe(doneBox());
    // In a firm with several lawyers everyone sees who called the client back, and when (German time).
    expect(screen.getByText(`Erledigt von ${me.Name} am 22.11.2026, 12:00`)).toBeTruthy();
  });

  it('should check the case-file form with focus on the first field to correct, then show link and PIN once with focus on them', async () => {
    setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Fallakte anlegen' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Vorname/ }), { target: { value: 'Erika' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Fallakte anlegen' }));
    expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Nachname/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Vorname/ }), { target: { value: 'Erika' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Nachname/ }), { target: { value: 'Musterfrau' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Telefonnummer/ }), { target: { value: '0171 2223344' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Bezeichnung/ }), { target: { value: 'Verkehrsunfall' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Fallakte anlegen' })));
    expect(await screen.findByText(`${WEB}/digitale-fallakte/abc123`)).toBeTruthy();
    expect(screen.getByText('3344')).toBeTruthy();
    // The form the lawyer submitted from is gone: focus is on the notice that link and PIN follow, not lost.
    expect(document.activeElement?.textContent).toContain('Die Fallakte wurde angelegt.');
    fireEvent.click(screen.getByRole('button', { name: 'Link und PIN weitergegeben' }));
    expect(screen.queryByText('3344')).toBeNull();
  });

  it("should open a case file with the client's upload and questionnaire answers", async () => {
    setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Fallakten (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fallakte öffnen: Verkehrsunfall – Erika Musterfrau' }));
    expect(await screen.findByRole('heading', { name: 'Fallakte Verkehrsunfall (Az. RC-2026-0009)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unfallbericht.pdf herunterladen' }).getAttribute('href')).toBe(`${CHAT}api/lawyer/case-files/cf-9/documents/d-1`);
    expect(screen.getByText('Wurde jemand verletzt?')).toBeTruthy();
    expect(screen.getByText('Nein')).toBeTruthy();
    expect(screen.getByText('Noch nicht unterschrieben.')).toBeTruthy();
    // The contact data as the client keeps them up to date, not only the name and phone given at creation.
    expect(screen.getByRole('link', { name: '+49 171 2223344 anrufen' }).getAttribute('href')).toBe('tel:+491712223344');
    expect(screen.getByRole('link', { name: 'E-Mail an erika.neu@example.org schreiben' }).getAttribute('href')).toBe('mailto:erika.neu@example.org');
    expect(screen.getByText(/^Domstraße 12a\s+50667 Köln$/)).toBeTruthy();
    expect(screen.getByText(/zuletzt von der Mandantin \/ dem Mandanten geändert am 21\.11\.2026, 13:30\./)).toBeTruthy();
  });

  it("should open the case-file form from an accepted chat, filled with the chat's facts, focused where the lawyer continues, and link the new file to the chat", async () => {
    const { calls } = setUp({ signedIn: true, held: ['chat-1'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }));

    const form = await screen.findByRole('region', { name: 'Digitale Fallakte anlegen' });
    expect(screen.getByRole('tab', { name: 'Fallakte anlegen' }).getAttribute('aria-selected')).toBe('true');
    expect(within(form).getByText(/Aus dem Chat RC-CASE-CHA übernommen: E-Mail-Adresse, Rechtsgebiet und Sachverhalt\./)).toBeTruthy();
    const value = (name: RegExp) => (within(form).getByRole('textbox', { name }) as HTMLInputElement).value;
    expect(value(/Sachverhalt/)).toBe('Mein Arbeitgeber zahlt nicht');
    expect(value(/Rechtsgebiet/)).toBe('Arbeitsrecht');
    expect(value(/E-Mail-Adresse/)).toBe('kunde@müller.de');
    expect(value(/Vorname/)).toBe('');
    // The chat knows no name: the lawyer continues in the first field still to fill.
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /Vorname/ }));

    fireEvent.change(within(form).getByRole('textbox', { name: /Vorname/ }), { target: { value: 'Max' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Nachname/ }), { target: { value: 'Mustermann' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Telefonnummer/ }), { target: { value: '0170 5550123' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Bezeichnung/ }), { target: { value: 'Überstunden' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Fallakte anlegen' })));
    expect(await screen.findByText('3344')).toBeTruthy();
    const sent = calls.find((c) => c.url === `${CHAT}api/lawyer/case-files` && c.init?.method === 'POST');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      FirstName: 'Max',
      LastName: 'Mustermann',
      Phone: '+491705550123',
      Title: 'Überstunden',
      Email: 'kunde@xn--mller-kva.de',
      Description: 'Mein Arbeitgeber zahlt nicht',
      FieldOfLaw: 'Arbeitsrecht',
      ChatCaseId: 'case-chat-1',
    });
    // Handed over, the form is blank again: the chat's facts were used up by this file.
    fireEvent.click(screen.getByRole('button', { name: 'Link und PIN weitergegeben' }));
    expect(((await screen.findByRole('textbox', { name: /Sachverhalt/ })) as HTMLInputElement).value).toBe('');
    // Back in the chat, it names the new file, and another file from it needs a deliberate step.
    fireEvent.click(screen.getByRole('tab', { name: /^Chat 1,/ }));
    expect(await screen.findByText('Fallakte FA-2026-ABC234 angelegt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }));
    expect(screen.getByRole('group', { name: /^Aus diesem Chat wurde bereits die Fallakte FA-2026-ABC234 angelegt\./ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Digitale Fallakte anlegen' })).toBeNull();
    // „Öffnen“ shows the file in the case-files view.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Fallakte FA-2026-ABC234 öffnen' })));
    expect(screen.getByRole('tab', { name: /^Fallakten/ }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.url === `${CHAT}api/lawyer/case-files/cf-1` && (c.init?.method ?? 'GET') === 'GET')).toBe(true));
  });

  it('should empty a form started from a chat on request and keep focus in it', async () => {
    setUp({ signedIn: true, held: ['chat-1'] });
    await screen.findByRole('log', { name: 'Chatverlauf' });
    fireEvent.click(screen.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leeres Formular ohne Angaben aus dem Chat' }));
    expect(screen.queryByText(/Aus dem Chat .* übernommen/)).toBeNull();
    expect((screen.getByRole('textbox', { name: /Sachverhalt/ }) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Vorname/ })));
  });

  it('should save the profile name and gender and show the picture at the size clients see', async () => {
    const { calls } = setUp({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Profil' }));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(screen.getByRole('img', { name: 'Foto von Dr. Anna Berger' })).toBeTruthy();
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Bitte geben Sie einen Namen mit 2 bis 100 Zeichen ein.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Dr. Anna Berger-Klein' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' })));
    expect(await screen.findByText('Ihr Profil wurde gespeichert.')).toBeTruthy();
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/me` && c.init?.method === 'PUT' && String(c.init.body).includes('"Gender":"female"'))).toBe(true);
  });

  it('should show the saved name in the header at once, without a reload', async () => {
    setUp({ signedIn: true });
    expect(await screen.findByText('Angemeldet als Dr. Anna Berger')).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: 'Profil' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Dr. Anna Berger-Klein' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' })));
    expect(await screen.findByText('Angemeldet als Dr. Anna Berger-Klein')).toBeTruthy();
    expect(screen.queryByText('Angemeldet als Dr. Anna Berger')).toBeNull();
  });
});
