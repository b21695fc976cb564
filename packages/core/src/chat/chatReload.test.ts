// A reload (a new controller over the same server and tab storage) shows the same
// conversation as before, with nothing doubled, and the bot continues where it stood.
import { describe, expect, it } from 'vitest';
import { createChatController } from './chatController.js';
import type { ChatController, ChatViewState, DisplayMessage } from './chatController.types.js';
import { fakeTranslate, inVirtualTime, openStatus, type Fakes } from './chatFakes.testSupport.js';
import { ONBOARDING_DRAFT_KEY } from './botTranscriptStore.js';
import { TRANSCRIPT_RETRY_MS } from './transcriptSync.js';

interface Page {
  readonly controller: ChatController;
  view(): ChatViewState;
  dispose(): void;
}

function open(fakes: Fakes): Page {
  const controller = createChatController({ ...fakes });
  let latest: ChatViewState | null = null;
  const subscription = controller.state$.subscribe((s) => (latest = s));
  return {
    controller,
    view: () => {
      if (latest === null) throw new Error('no state yet');
      return latest;
    },
    dispose: () => {
      subscription.unsubscribe();
      controller.dispose();
    },
  };
}

/** What the participant reads: bot keys rendered the way the screen renders them. */
const visible = (messages: readonly DisplayMessage[]) =>
  messages.map((m) => `${m.kind === 'participant' ? 'Sie' : m.kind}: ${m.isI18nKey ? fakeTranslate(m.text, m.params ?? {}) : m.text}`);

/** One disposable for the test body while pages come and go. */
function pages() {
  let current: Page | null = null;
  return {
    open(fakes: Fakes): Page {
      current?.dispose();
      current = open(fakes);
      return current;
    },
    dispose: () => current?.dispose(),
  };
}

describe('reload during the onboarding', () => {
  it('should show the same conversation after a reload and continue at the same question', () => {
    inVirtualTime(60_000, (fakes, at) => {
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ route: '/chat/new' });
      let before: string[] = [];
      at(5_000, () => page.controller.submitText('Mein Vermieter gibt die Kaution nicht zurück.'));
      at(10_000, () => {
        expect(page.view().responseType).toBe('EMail');
        before = visible(page.view().messages);
        page = tab.open(fakes);
        page.controller.start({ route: '/chat/new' });
        expect(visible(page.view().messages)).toEqual(before);
        expect(page.view().responseType).toBe('EMail');
        page.controller.skip();
      });
      at(30_000, () => {
        const [request] = fakes.hub.startRequests;
        expect(fakes.hub.startRequests).toHaveLength(1);
        expect(request?.Description).toBe('Mein Vermieter gibt die Kaution nicht zurück.');
        const ids = (request?.Transcript ?? []).map((e) => e.ClientId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(request?.Transcript?.slice(0, before.length).map((e) => `${e.Author === 'bot' ? 'bot' : 'Sie'}: ${e.Message}`)).toEqual(before);
        // Handed over: the draft is gone, the server has it.
        expect(fakes.storage.get(ONBOARDING_DRAFT_KEY)).toBeNull();
      });
      return tab;
    });
  });

  it('should type a bot message that was still pending at the reload exactly once', () => {
    inVirtualTime(20_000, (fakes, at) => {
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ route: '/chat/new' });
      // At 1 s the second message (HelpInfo) is still being typed.
      at(1_000, () => {
        expect(page.view().messages.map((m) => m.text)).toEqual(['Bot.Welcome']);
        page = tab.open(fakes);
        page.controller.start({ route: '/chat/new' });
      });
      at(10_000, () => expect(page.view().messages.map((m) => m.text)).toEqual(['Bot.Welcome', 'Bot.HelpInfo', 'Bot.ProblemQuestion', 'Bot.ProblemNotice']));
      return tab;
    });
  });

  it('should ignore an unreadable draft and start over', () => {
    inVirtualTime(5_000, (fakes, at) => {
      fakes.storage.set(ONBOARDING_DRAFT_KEY, '{"v":1,"state":{"stepIndex":"x"}}');
      const page = open(fakes);
      page.controller.start({ route: '/chat/new' });
      at(4_000, () => expect(page.view().messages[0]?.text).toBe('Bot.Welcome'));
      return page;
    });
  });
});

describe('reload after the chat started', () => {
  it('should restore the onboarding from the server as the same text, in the same order', () => {
    inVirtualTime(60_000, (fakes, at) => {
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ route: '/chat/new' });
      at(5_000, () => page.controller.submitText('Mein Vermieter gibt die Kaution nicht zurück.'));
      at(10_000, () => page.controller.skip());
      at(30_000, () => {
        expect(page.view().phase).toBe(1);
        const before = visible(page.view().messages);
        page = tab.open(fakes);
        page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
        expect(visible(page.view().messages)).toEqual(before);
        expect(page.view().messages.find((m) => m.text === '«Bot.StayInChat1»')?.highlighted).toBe(true);
      });
      return tab;
    });
  });
});

describe('reconnect without a reload', () => {
  it('should not show the stored bot entries a second time when the session re-reads the case', () => {
    inVirtualTime(80_000, (fakes, at) => {
      const page = open(fakes);
      page.controller.start({ route: '/chat/new' });
      at(5_000, () => page.controller.submitText('Mein Vermieter gibt die Kaution nicht zurück.'));
      at(10_000, () => page.controller.skip());
      let before: string[] = [];
      at(30_000, () => {
        before = visible(page.view().messages);
        fakes.hub.reconnected.next();
        expect(fakes.chatHostApi.calls.filter((c) => c.startsWith('getMessagesForCase'))).not.toHaveLength(0);
        expect(visible(page.view().messages)).toEqual(before);
        // Into the offboarding, then another reconnect.
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, SecondLevelEnabled: false };
        fakes.hub.notifications.next({ ChatId: 'chat-1', Type: 'Closed' });
      });
      at(40_000, () => {
        const offboarding = visible(page.view().messages);
        expect(fakes.backend.messages.some((m) => m.ClientId === 'offboarding-1')).toBe(true);
        fakes.hub.reconnected.next();
        expect(visible(page.view().messages)).toEqual(offboarding);
      });
      return page;
    });
  });
});

describe('reload during the offboarding', () => {
  it('should store each entry once, restore it after a reload and continue at the same question', () => {
    inVirtualTime(80_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, SecondLevelEnabled: false };
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      let before: string[] = [];
      at(5_000, () => page.controller.submitText('0151 23456789'));
      at(10_000, () => {
        expect(page.view().responseType).toBe('YesOrNoPhone');
        // The confirmation shows the number the way Germans write it.
        expect(visible(page.view().messages).at(-1)).toContain('0151 23456789');
        before = visible(page.view().messages);
        page = tab.open(fakes);
        page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
        expect(visible(page.view().messages)).toEqual(before);
        expect(page.view().responseType).toBe('YesOrNoPhone');
        page.controller.answerYesNo(true);
      });
      at(30_000, () => {
        expect(fakes.productApi.calls).toContain('saveSecondLevelPhone:case-1:0151 23456789');
        const clientIds = fakes.backend.messages.map((m) => m.ClientId);
        expect(new Set(clientIds).size).toBe(clientIds.length);
        expect(page.view().responseType).toBe('EMail');
      });
      return tab;
    });
  });

  it('should send the thanks after a saved rating as a bot message that is stored too', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, ParticipantEnteredEmail: true, SecondLevelEnabled: false };
      const page = open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => page.controller.skip());
      at(15_000, () => page.controller.submitRating(5));
      at(20_000, () => {
        expect(page.view().messages.at(-1)).toMatchObject({ kind: 'bot', text: 'Bot.Offboarding.RatingThanks' });
        expect(fakes.backend.messages.at(-1)?.Message).toBe('«Bot.Offboarding.RatingThanks»');
      });
      return page;
    });
  });

  it('should end with the closing line again after a reload of the finished chat, storing nothing for it', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, ParticipantEnteredEmail: true, SecondLevelEnabled: false };
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => page.controller.skip());
      at(15_000, () => page.controller.submitRating(5));
      at(20_000, () => {
        expect(page.view().responseType).toBe('Done');
        const before = visible(page.view().messages);
        const stored = fakes.backend.messages.length;
        // The server now knows the rating: the case opens as history only.
        fakes.backend.status = { ...fakes.backend.status, CaseRating: 5 };
        page = tab.open(fakes);
        page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
        expect(page.view()).toMatchObject({ phase: 1, caseClosed: true, responseType: 'Done' });
        expect(visible(page.view().messages)).toEqual(before);
        expect(fakes.backend.messages).toHaveLength(stored);
      });
      return tab;
    });
  });

  it('should ask for the protocol again after a reload while the reply waited for the answer, and then say what happened', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, SecondLevelEnabled: false };
      fakes.productApi.protocolOutcome = 'never';
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => page.controller.skip());
      at(10_000, () => page.controller.submitText('max@example.de'));
      at(15_000, () => page.controller.answerYesNo(true));
      at(20_000, () => {
        expect(page.view()).toMatchObject({ botTyping: true, responseType: null });
        expect(fakes.backend.botProgress).toMatchObject({ Status: 'waitingForData' });
        fakes.productApi.protocolOutcome = 'confirmationPending';
        page = tab.open(fakes);
        page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      });
      at(30_000, () => {
        expect(fakes.productApi.calls.filter((c) => c === 'sendProtocol:case-1:max@example.de')).toHaveLength(2);
        const texts = visible(page.view().messages);
        expect(texts.filter((t) => t.includes('Bot.Offboarding.EMailConfirmationSent'))).toHaveLength(1);
        expect(page.view().responseType).toBe('Rating');
      });
      return tab;
    });
  });

  it('should post again after a failed post, without doubling anything', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, SecondLevelEnabled: false };
      fakes.chatHostApi.transcriptFails = true;
      const page = open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => {
        expect(fakes.backend.messages).toEqual([]);
        expect(fakes.logger.warnings).toContain('Gesprächsverlauf nicht gespeichert, neuer Versuch folgt');
        fakes.chatHostApi.transcriptFails = false;
      });
      at(5_000 + TRANSCRIPT_RETRY_MS + 1, () => {
        expect(fakes.backend.messages.map((m) => m.ClientId)).toEqual(['offboarding-1', 'offboarding-2', 'offboarding-3']);
        expect(fakes.backend.botProgress).toMatchObject({ Script: 'offboarding', Status: 'awaiting', LastEntry: 3 });
      });
      return page;
    });
  });
});

describe('reload while waiting for a lawyer', () => {
  it('should keep a callback requested before the reload as requested, so the offer does not come again', () => {
    inVirtualTime(120_000, (fakes, at) => {
      const tab = pages();
      let page = tab.open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(60_000, () => {
        expect(page.view()).toMatchObject({ callbackOffered: true, callbackRequested: false });
        page.controller.requestCallback({ phone: '030 12345678', date: '2026-11-24', slot: 'Availability1' });
        expect(page.view().callbackRequested).toBe(true);
        // The chat host now reports the open request with the case status.
        fakes.backend.status = { ...openStatus, CallbackRequested: true };
      });
      at(70_000, () => {
        page = tab.open(fakes);
        page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
        expect(page.view()).toMatchObject({ waitingForLawyer: true, callbackRequested: true });
      });
      at(119_000, () => expect(page.view()).toMatchObject({ callbackRequested: true, callbackConfirmation: null }));
      return tab;
    });
  });

  it('should offer the callback after a reload when the case status reports no request (or does not know the field)', () => {
    inVirtualTime(60_000, (fakes, at) => {
      const tab = pages();
      const page = tab.open(fakes);
      page.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(59_500, () => expect(page.view()).toMatchObject({ callbackOffered: true, callbackRequested: false }));
      return tab;
    });
  });
});
