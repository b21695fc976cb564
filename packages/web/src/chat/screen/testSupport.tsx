// Test helpers for the chat screen: a fake controller driven by a BehaviorSubject and
// a private i18next instance with the screen's German texts.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BehaviorSubject, of } from 'rxjs';
import { vi } from 'vitest';
import type { Mock } from 'vitest';
import { ok } from '@rechtschat/core';
import type { ChatController, ChatViewState, DisplayMessage } from '@rechtschat/core';
import { initialChatState } from '../../testSupport/chatViewState.js';
import { chatScreenDe, chatScreenNamespace } from './i18n.de.js';
import { commonDe } from '../../i18n/de-DE/common.js';
import { fileForwardingDe } from './fileForwarding.de.js';
import { ratingDe } from './rating.de.js';
import { logoutConfirmationDe } from './logoutConfirmation.de.js';
import { usageConfirmationDe } from './usageConfirmation.de.js';

type Mocked<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K] };

export interface FakeChatController extends Mocked<Omit<ChatController, 'state$'>> {
  readonly state$: BehaviorSubject<ChatViewState>;
  /** Merges `patch` into the current view state. */
  update(patch: Partial<ChatViewState>): void;
}

export function fakeChatController(patch: Partial<ChatViewState> = {}): FakeChatController {
  const state$ = new BehaviorSubject<ChatViewState>({ ...initialChatState, ...patch });
  return {
    state$,
    update: (next) => state$.next({ ...state$.value, ...next }),
    start: vi.fn(),
    setRoute: vi.fn(),
    // Sunday 22 November 2026, 09:00 in Berlin: the callback form offers today from "vormittags" on.
    now: vi.fn(() => Date.parse('2026-11-22T08:00:00Z')),
    submitText: vi.fn(() => ({ ok: true as const })),
    skip: vi.fn(),
    answerYesNo: vi.fn(),
    submitRating: vi.fn(),
    requestCallback: vi.fn(() => ({ ok: true as const })),
    answerFileForwarding: vi.fn(),
    stayActive: vi.fn(),
    userTyping: vi.fn(),
    uploadFile: vi.fn(),
    cancelUpload: vi.fn(),
    downloadUsageConfirmation: vi.fn(() => of(ok(new Blob(['%PDF-1.7'], { type: 'application/pdf' })))),
    dismissError: vi.fn(),
    dispose: vi.fn(),
  };
}

export function message(patch: Partial<DisplayMessage> & Pick<DisplayMessage, 'id' | 'text'>): DisplayMessage {
  return { kind: 'participant', isI18nKey: false, created: '2026-11-22T13:05:00Z', highlighted: false, pending: false, ...patch };
}

/** A fresh i18next instance per test; escaping stays at i18next's default to prove the screen opts out. */
export function createTestI18n(): I18n {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'de',
    fallbackLng: false,
    // The texts that lazily loaded parts of the screen add with useTexts (under the app's de-DE) are here from the start.
    resources: {
      de: {
        [chatScreenNamespace]: {
          ...chatScreenDe,
          ...usageConfirmationDe,
          ...fileForwardingDe,
          ...ratingDe,
          ...logoutConfirmationDe,
          'Chat.Bot.ConfirmEmail': 'Ist {{email}} richtig?',
          // The app finds it in the common namespace (a fallback of every lookup).
          'Layout.OpensInNewTab': commonDe['Layout.OpensInNewTab'],
        },
      },
    },
    ns: [chatScreenNamespace],
    defaultNS: chatScreenNamespace,
    initAsync: false,
  });
  return i18n;
}

/** Renders with the test i18n instance as wrapper, so `rerender` keeps it. */
export function renderWithI18n(ui: ReactElement): RenderResult {
  const i18n = createTestI18n();
  return render(ui, { wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
}
