// Test doubles at the console's two edges: a fetch answering like the chat host, and a hub connection.
import type { HubConnectionLike } from '@rechtschat/adapters/signalr';
import { Subject, from, of, type Observable } from 'rxjs';
import {
  newTab,
  ok,
  type ChatMessage,
  type ChatTab,
  type Colleague,
  type KeyValueStorage,
  type LawyerProfile,
  type QueueEntry,
  type Result,
  type SessionTabChannel,
  type SessionTabMessage,
  type WindowPort,
} from '@rechtschat/core';
import type { FetchLike } from '../ConsoleApp.js';
import type { ConsoleHttp } from '../routes/consoleRoutes.js';

export const WEB = 'http://web.test';
export const CHAT = 'http://chat.test/';

export const me: LawyerProfile = {
  Id: 'law-1',
  Name: 'Dr. Anna Berger',
  Email: 'anna@example.org',
  Gender: 'female',
  ImageUrl: `${CHAT}avatar.svg`,
  Role: 'lawyer',
  Phone: '+49 30 1234567',
};
export const colleague: Colleague = {
  Id: 'law-2',
  Name: 'Bernd Roth',
  Email: 'bernd@example.org',
  Gender: 'male',
  ImageUrl: `${CHAT}b.svg`,
  Role: 'lawyer',
  Phone: '+49 30 7654321',
  LastActive: '2026-11-22T09:10:00.000Z',
};

export const entry = (chatId: string, description: string): QueueEntry => ({
  ChatId: chatId,
  CaseId: `case-${chatId}`,
  Description: description,
  FieldOfLaw: 3,
  FieldOfLawLongName: 'Arbeitsrecht',
  WaitingSince: '2026-11-22T09:15:00.000Z',
  AssignedLawyerId: null,
  ForwardedBy: null,
  CallbackRequested: false,
});

export const message = (id: string, text: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  Id: id,
  Message: text,
  Type: 2,
  Author: { Id: 'p-1', Name: 'Teilnehmer' },
  Created: '2026-11-22T09:20:00.000Z',
  ChatId: 'chat-1',
  ...over,
});

/** A port's answer that arrives after the current task, like a real request's: fakes of `Call<A>` ports. */
export const later = <A>(result: Result<A>): Observable<Result<A>> => from(Promise.resolve(result));

export interface Route {
  readonly status: number;
  readonly body: unknown;
}

/** A fetch that answers from `routes` ("METHOD url" → answer, perhaps later) and records every request. */
export function fakeFetch(routes: Record<string, Route | (() => Route | Promise<Route>)>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    if (!route) return new Response(JSON.stringify({ Error: 'NotFound', Message: 'Nicht gefunden' }), { status: 404 });
    const { status, body } = typeof route === 'function' ? await route() : route;
    // A 204 must not carry a body.
    return new Response(status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { fetcher, calls };
}

/** The console's HTTP seam on the test chat host over a fake fetch. */
export const fakeHttp = (fetcher: FetchLike): ConsoleHttp => ({ chatUrl: () => from([ok(CHAT)]), fetch: (input, init) => fetcher(String(input), init) });

/** A hub connection that records invocations and lets a test raise server events. */
export function fakeConnection(answers: Record<string, unknown> = {}) {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const invocations: unknown[][] = [];
  let stopped = false;
  const closeHandlers: Array<(error?: Error) => void> = [];
  const connection = {
    state: 'Connected',
    start: async () => undefined,
    stop: async () => {
      stopped = true;
    },
    invoke: async (method: string, ...args: unknown[]) => {
      invocations.push([method, ...args]);
      const answer = answers[method];
      return typeof answer === 'function' ? (answer as () => unknown)() : (answer ?? null);
    },
    send: async (method: string, ...args: unknown[]) => {
      invocations.push([method, ...args]);
    },
    on: (name: string, handler: (...args: unknown[]) => void) => {
      handlers.set(name, handler);
    },
    onclose: (handler: (error?: Error) => void) => {
      closeHandlers.push(handler);
    },
  } as unknown as HubConnectionLike;
  return {
    connection,
    invocations,
    emit: (name: string, ...args: unknown[]) => handlers.get(name)?.(...args),
    /** The connection ends; with the error the client library reports (e.g. the server's Close message). */
    close: (error?: Error) => closeHandlers.forEach((handler) => handler(error)),
    get stopped() {
      return stopped;
    },
  };
}

/** An accepted chat (a tenancy deposit case) as the workspace holds it, with whatever a test changes. */
export const chatTab = (over: Partial<ChatTab> = {}): ChatTab => ({
  ...newTab({
    ChatId: 'chat-1',
    CaseId: 'case-1',
    Description: 'Mein Vermieter will die Kaution nicht zurückzahlen.',
    FieldOfLaw: 1,
    FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
    Email: null,
    VerifiedEmail: false,
    WaitingSince: '2026-12-03T10:00:00.000Z',
    AcceptedAt: '2026-12-03T10:01:00.000Z',
  }),
  ...over,
});

/** A focused, visible console window that plays no sound: the ConsoleApp tests' browser window. */
export const focusedWindow: WindowPort = {
  focused$: of(true),
  visible$: of(true),
  isFocused: () => true,
  getTitle: () => 'Anwaltskonsole',
  setTitle: () => undefined,
  playNotificationSound: () => undefined,
};

/** Preferences that remember nothing (no tab order, no sound setting from an earlier test). */
export const noPreferences: KeyValueStorage = { get: () => null, set: () => undefined, remove: () => undefined };

/**
 * The browser's other console tabs (they share the session): `say(...)` is a message from one of them, and
 * `posted` what this tab told them.
 */
export function otherTabs() {
  const heard = new Subject<SessionTabMessage>();
  const posted: SessionTabMessage[] = [];
  const tabs: SessionTabChannel = { messages$: heard.asObservable(), post: (message) => void posted.push(message) };
  return { tabs, posted, say: (message: SessionTabMessage) => heard.next(message) };
}
