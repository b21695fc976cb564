// End-to-end tests of the chat controller in virtual time over in-memory fakes of all ports.
import { Subject, lastValueFrom, map, throwError, timer, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { createChatController } from './chatController.js';
import type { ChatController, ChatViewState } from './chatController.types.js';
import { libphonenumberPlan } from '../validation/libphonenumberPlan.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import type { CaseStatus, ChatFileInfo, StartJoinResult } from '../wire/index.js';
import type { SettledOutcome, SubmitOutcome } from './chatController.types.js';
import { inVirtualTime, lawyerMessage, openStatus, PARTICIPANT, blob, type Fakes } from './chatFakes.testSupport.js';
import { err, httpError, networkError, ok, type Result } from '../result.js';
import { CONNECTION_CAP_FIRST_RETRY_MS } from './chatSession.js';
import type { ChatTabChannel, ChatTabMessage } from './chatTabs.js';

interface Harness {
  readonly controller: ChatController;
  /** The latest view state. */
  view(): ChatViewState;
}

function harness(fakes: Fakes, overrideDomain: string | null = null): Harness & { dispose(): void } {
  const controller = createChatController({ ...fakes, overrideDomain });
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

/** Runs the steps 5 s apart: enough for any bot delay chain between two questions. */
function every5s(at: (ms: number, step: () => void) => void, steps: readonly (() => void)[], from = 5_000): number {
  steps.forEach((step, i) => at(from + i * 5_000, step));
  return from + steps.length * 5_000;
}

const notifyChat1 = (fakes: Fakes, Type: 'Joined' | 'Closed' | 'ClosedAndRequestPhoneNumber') => fakes.hub.notifications.next({ ChatId: 'chat-1', Type });

/** A closed consultation (e-mail known, no second level) whose offboarding asks for the rating from 15 s on. */
function offboardingToTheRating(fakes: Fakes, at: (ms: number, step: () => void) => void) {
  fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, ParticipantEnteredEmail: true, SecondLevelEnabled: false };
  const h = harness(fakes);
  h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
  at(5_000, () => h.controller.skip());
  return h;
}

describe('chat controller onboarding (phase 0)', () => {
  it('should run the onboarding bot, classify the problem and start the live chat with the collected data', () => {
    inVirtualTime(60_000, (fakes, at) => {
      const h = harness(fakes, 'partner.example');
      h.controller.start({ route: '/chat/new' });
      every5s(at, [
        () => {
          expect(h.view()).toMatchObject({ phase: 0, responseType: 'Text', minTextLength: 15, botTyping: false });
          expect(h.view().messages.map((m) => m.text)).toEqual(['Bot.Welcome', 'Bot.HelpInfo', 'Bot.ProblemQuestion', 'Bot.ProblemNotice']);
          expect(h.controller.submitText('zu kurz')).toEqual({ ok: false, errorKey: 'Chat.MinLength' });
          expect(h.controller.submitText('Mein Vermieter gibt die Kaution nicht zurück.')).toEqual({ ok: true });
          expect(fakes.productApi.calls).toEqual(['classify:Mein Vermieter gibt die Kaution nicht zurück.']);
        },
        () => {
          expect(h.view().responseType).toBe('EMail');
          expect(h.controller.submitText('keine-mail')).toEqual({ ok: false, errorKey: 'Chat.EnterValidEmail' });
          expect(h.controller.submitText('max@example.de')).toEqual({ ok: true });
        },
        () => {
          expect(h.view().responseType).toBe('YesOrNo');
          h.controller.answerYesNo(true);
        },
        () => {
          expect(fakes.hub.startRequests).toEqual([
            {
              Description: 'Mein Vermieter gibt die Kaution nicht zurück.',
              EMailAddress: 'max@example.de',
              VerifiedEmail: true,
              FieldOfLaw: 7,
              FieldOfLawLongName: 'Mietrecht',
              OverrideDomain: 'partner.example',
              // The onboarding conversation travels with StartChat, as the German text the participant saw.
              Transcript: expect.arrayContaining([
                expect.objectContaining({ ClientId: 'onboarding-1', Author: 'bot', Message: '«Bot.Welcome»' }),
                expect.objectContaining({ Author: 'participant', Message: 'Mein Vermieter gibt die Kaution nicht zurück.' }),
                expect.objectContaining({ Author: 'bot', Message: '«Bot.ChatConsultation» {"fieldOfLaw":"Mietrecht"}' }),
                expect.objectContaining({ Author: 'bot', Message: '«Bot.StayInChat1»', Highlighted: true }),
              ]),
            },
          ]);
          expect(h.view()).toMatchObject({ phase: 1, caseId: 'case-1', chatId: 'chat-1', waitingForLawyer: true, responseType: 'Text', minTextLength: 15 });
          expect(h.view().messages.find((m) => m.text === 'Bot.ChatConsultation')?.params).toEqual({ fieldOfLaw: 'Mietrecht' });
        },
      ]);
      return h;
    });
  });

  it('should fall back to field of law 2 when classification does not answer within 10 s', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.productApi.classifyMode = 'never';
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(14_999, () => expect(fakes.hub.startRequests).toEqual([]));
      at(30_000, () => {
        expect(fakes.hub.startRequests).toEqual([
          expect.objectContaining({ FieldOfLaw: 2, FieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges', EMailAddress: null, VerifiedEmail: false }),
        ]);
        expect(fakes.logger.warnings).toContain('Klassifizierung nicht verfügbar, Rückfall auf Rechtsgebiet 2');
      });
      return h;
    });
  });

  it('should fall back to field of law 2 at once when classification fails', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.productApi.classifyMode = 'fail';
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(20_000, () => expect(fakes.hub.startRequests[0]).toMatchObject({ FieldOfLaw: 2 }));
      return h;
    });
  });

  it('should send the classification again once the device is back online and keep the field of law the server names', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.productApi.classifyLost = 1;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(4_999, () => fakes.network.online.next(false));
      at(5_000, () => h.controller.submitText('Mein Arbeitgeber zahlt seit zwei Monaten keinen Lohn.'));
      at(7_000, () => fakes.network.online.next(true));
      at(10_000, () => h.controller.skip());
      at(30_000, () => {
        expect(fakes.productApi.calls.filter((call) => call.startsWith('classify:'))).toHaveLength(2);
        expect(fakes.hub.startRequests[0]).toMatchObject({ FieldOfLaw: 7, FieldOfLawLongName: 'Mietrecht' });
        expect(fakes.logger.warnings).not.toContain('Klassifizierung nicht verfügbar, Rückfall auf Rechtsgebiet 2');
      });
      return h;
    });
  });

  it('should still fall back to field of law 2 after 10 s when the network stays lost', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.productApi.classifyLost = 1_000;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Mein Arbeitgeber zahlt seit zwei Monaten keinen Lohn.'));
      at(10_000, () => h.controller.skip());
      at(30_000, () => {
        expect(fakes.hub.startRequests[0]).toMatchObject({ FieldOfLaw: 2 });
        // Online but the server unreachable: one request a second, not a tight loop.
        expect(fakes.productApi.calls.filter((call) => call.startsWith('classify:')).length).toBeLessThanOrEqual(11);
      });
      return h;
    });
  });

  it('should show Chat.StartFailed and report it when the hub refuses to start the chat', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.hub.startChatFails = true;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(20_000, () => {
        // Not "Der Chat ist beendet": nothing ended, the chat never started.
        expect(h.view()).toMatchObject({ phase: 0, errorKey: 'Chat.StartFailed', busy: false, responseType: null, runningChatCaseId: null });
        expect(fakes.errorReporter.captured).toHaveLength(1);
        // The server's own refusal is not tried again: only a start the network lost is.
        expect(fakes.hub.startRequests).toHaveLength(1);
        h.controller.dismissError();
        expect(h.view().errorKey).toBeNull();
        // Closing the alert does not turn the failed start into an ended chat either.
        expect(h.view()).toMatchObject({ phase: 0, responseType: null });
      });
      return h;
    });
  });

  it('should send a StartChat the network lost again once the hub is connected again, and go on to the queue', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.hub.startChatFailuresLeft = 1;
      fakes.hub.startChatFailure = networkError('Keine Verbindung zum Chat-Server.');
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(30_000, () => {
        // The failure with its reload button shows while the network is gone.
        expect(fakes.hub.startRequests).toHaveLength(1);
        expect(h.view()).toMatchObject({ phase: 0, errorKey: 'Chat.StartFailed', busy: false });
        // The hub gave up while the network was gone; online again, it is started anew.
        fakes.hub.connection.next('disconnected');
        fakes.hub.connection.next('connected');
      });
      at(31_000, () => {
        expect(fakes.hub.startRequests).toHaveLength(2);
        expect(fakes.hub.startRequests[1]).toEqual(fakes.hub.startRequests[0]);
        expect(h.view()).toMatchObject({ phase: 1, errorKey: null, waitingForLawyer: true });
        // A later reconnect sends nothing more.
        fakes.hub.connection.next('reconnecting');
        fakes.hub.connection.next('connected');
        expect(fakes.hub.startRequests).toHaveLength(2);
      });
      return h;
    });
  });

  it('should not send StartChat again after a reconnect when the server itself refused it', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.hub.startChatFails = true;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(30_000, () => {
        fakes.hub.connection.next('reconnecting');
        fakes.hub.connection.next('connected');
      });
      at(31_000, () => {
        expect(fakes.hub.startRequests).toHaveLength(1);
        expect(h.view()).toMatchObject({ phase: 0, errorKey: 'Chat.StartFailed' });
      });
      return h;
    });
  });

  it('should not say the chat has ended while StartChat is still on its way, and go on to the queue once it is answered', () => {
    inVirtualTime(40_000, (fakes, at) => {
      const held = new Subject<Result<StartJoinResult>>();
      fakes.hub.heldStartChat = held;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(20_000, () => {
        // The bot has handed the request over („Ich leite Ihr Anliegen jetzt weiter.“); the slow network still carries it.
        expect(fakes.hub.startRequests).toHaveLength(1);
        // Not 'Done': the screen said „Der Chat ist beendet. Vielen Dank, dass Sie unsere Rechtsberatung genutzt haben.“
        // with „Neue Beratung beginnen“ until the answer came – for good when the network was gone.
        expect(h.view()).toMatchObject({ phase: 0, responseType: null, busy: true });
        held.next(ok({ CaseId: 'case-1', ChatId: 'chat-1' }));
      });
      at(25_000, () => expect(h.view()).toMatchObject({ phase: 1, responseType: 'Text', waitingForLawyer: true }));
      return h;
    });
  });

  it('should say so, without reporting a fault, when the server refuses a new consultation for the hour', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.hub.startChatFails = true;
      fakes.hub.startChatFailure = { _tag: 'HttpError', status: 0, code: 'TooManyRequests', message: 'Sie haben in der letzten Stunde …' };
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(20_000, () => {
        expect(h.view()).toMatchObject({ phase: 0, errorKey: 'Chat.StartLimited', busy: false, responseType: null });
        expect(fakes.errorReporter.captured).toHaveLength(0);
      });
      return h;
    });
  });

  it("should lead into the person's running chat when StartChat is refused because another tab started one", () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.hub.startChatFails = true;
      fakes.productApi.openChatCaseId = 'case-of-the-other-tab';
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => h.controller.submitText('Ich habe eine Frage zu meinem Arbeitsvertrag.'));
      at(10_000, () => h.controller.skip());
      at(20_000, () => {
        expect(h.view()).toMatchObject({ phase: 0, errorKey: null, responseType: null, runningChatCaseId: 'case-of-the-other-tab', busy: false });
        expect(fakes.errorReporter.captured).toHaveLength(0);
      });
      return h;
    });
  });

  it('should log a failed connection start without showing an error', () => {
    inVirtualTime(1_000, (fakes) => {
      fakes.hub.startFails = true;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      h.controller.start({ route: '/chat/new' });
      expect(fakes.hub.calls.filter((c) => c === 'start')).toHaveLength(1);
      expect(fakes.logger.warnings).toEqual(['Verbindung zum Chat nicht aufgebaut']);
      expect(h.view().errorKey).toBeNull();
      return h;
    });
  });

  it('should not say the connection is interrupted while the first connection is still being set up, only once it failed', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.hub.connection.next('disconnected');
      const held = new Subject<Result<void>>();
      fakes.hub.heldStart = held;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      // On slow mobile data the negotiation takes a second or more: the page has never been connected, nothing broke.
      expect(h.view().connectionNotice).toBeNull();
      at(100, () => {
        held.next(err(networkError('offline')));
        expect(h.view().connectionNotice).toBe('disconnected');
      });
      return h;
    });
  });

  it('should say that the address holds too many connections, when the refused start is tried again (after 5 s, then after waits that double), not at once', () => {
    inVirtualTime(700_000, (fakes, at) => {
      fakes.hub.connection.next('disconnected');
      fakes.hub.startFails = true;
      fakes.hub.startFailure = httpError(429, 'TooManyConnectionsFromAddress', 'Von Ihrem Netzwerk aus bestehen zu viele gleichzeitige Verbindungen.');
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      const starts = () => fakes.hub.calls.filter((c) => c === 'start').length;
      expect(h.view().connectionNotice).toBe('capped');
      expect(h.view().connectionRetrySeconds).toBe(5);
      expect(starts()).toBe(1);
      at(CONNECTION_CAP_FIRST_RETRY_MS + 1, () => {
        expect(starts()).toBe(2);
        expect(h.view().connectionRetrySeconds).toBe(10);
      });
      at(CONNECTION_CAP_FIRST_RETRY_MS + 10_000 + 1, () => expect(starts()).toBe(3));
      // 5 + 10 + 20 + 40 + 80 + 160 s, then every 300 s: 8 starts in ten minutes, not one every few seconds.
      at(315_000 + 1, () => {
        expect(starts()).toBe(7);
        expect(h.view().connectionNotice).toBe('capped');
        expect(h.view().connectionRetrySeconds).toBe(300);
        fakes.hub.startFails = false;
      });
      at(315_000 + 300_000 + 1, () => {
        expect(starts()).toBe(8);
        fakes.hub.connection.next('connected');
        expect(h.view().connectionNotice).toBeNull();
        expect(h.view().connectionRetrySeconds).toBeNull();
      });
      return h;
    });
  });

  it('should show no notice once the first connection is up and the interruption notice when it is lost later', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.hub.connection.next('disconnected');
      const held = new Subject<Result<void>>();
      fakes.hub.heldStart = held;
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(100, () => {
        fakes.hub.connection.next('connected');
        held.next(ok(undefined));
        expect(h.view().connectionNotice).toBeNull();
        fakes.hub.connection.next('disconnected');
        expect(h.view().connectionNotice).toBe('disconnected');
      });
      return h;
    });
  });

  it('should show the offline notice as soon as the device reports it, before the hub notices, and the reconnect notice after it', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(100, () => {
        expect(h.view().connectionNotice).toBeNull();
        fakes.network.online.next(false);
        expect(h.view().connectionNotice).toBe('offline');
        h.controller.submitText('Sind Sie noch da? Ich habe eine Frage.');
        // The hub's keep-alive notices the loss later; the device's own report still decides the notice.
        fakes.hub.connection.next('reconnecting');
        expect(h.view().connectionNotice).toBe('offline');
      });
      at(200, () => {
        // Online again: the hub tries at once, and says it reconnects until that attempt is through.
        const attempt = new Subject<Result<void>>();
        fakes.hub.heldReconnect = attempt;
        fakes.network.online.next(true);
        expect(fakes.hub.reconnectNowAt).toEqual([200]);
        expect(h.view().connectionNotice).toBe('reconnecting');
        attempt.next(ok(undefined));
        expect(h.view().connectionNotice).toBeNull();
        fakes.hub.connection.next('disconnected');
        expect(h.view().connectionNotice).toBe('disconnected');
      });
      return h;
    });
  });

  it('should reject answers the bot does not expect', () => {
    inVirtualTime(1_000, (fakes) => {
      const h = harness(fakes);
      expect(h.controller.submitText('noch nicht gestartet')).toEqual({ ok: false, errorKey: 'Chat.NotExpected' });
      h.controller.start({ route: '/chat/new' });
      expect(h.controller.submitText('Der Bot tippt noch, das passt nicht.')).toEqual({ ok: false, errorKey: 'Chat.NotExpected' });
      return h;
    });
  });
});

describe('chat controller live chat (phase 1)', () => {
  function joinOpenCase(fakes: Fakes, at: (ms: number, step: () => void) => void) {
    fakes.backend.messages.push(lawyerMessage('m1', 'Guten Tag, wie kann ich helfen?'));
    fakes.backend.messages.push({ Id: 'm0', Message: 'Meine Kaution fehlt noch immer.', Type: 2, Author: PARTICIPANT, Created: '2026-11-22T09:59:00.000Z' });
    fakes.backend.status = { ...openStatus, LawyerConnected: true };
    const h = harness(fakes);
    h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
    void at;
    return h;
  }

  it('should show the place in the queue the server sends right after JoinLatestChat, before the history is loaded (a reload while waiting)', () => {
    inVirtualTime(1_000, (fakes) => {
      fakes.backend.status = openStatus;
      fakes.hub.notifyAfterJoin = { ChatId: 'chat-1', Type: 'QueuePosition', Data: { Position: 2, WaitMinutes: 4 } };
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      expect(h.view()).toMatchObject({ phase: 1, waitingForLawyer: true, queuePosition: 2, expectedWaitMinutes: 4 });
      return h;
    });
  });

  it('should not show a place the server sent for another chat before the join was answered', () => {
    inVirtualTime(1_000, (fakes) => {
      fakes.backend.status = openStatus;
      fakes.hub.notifyAfterJoin = { ChatId: 'chat-of-another-tab', Type: 'QueuePosition', Data: { Position: 5 } };
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      expect(h.view()).toMatchObject({ waitingForLawyer: true, queuePosition: null });
      return h;
    });
  });

  it('should join the latest chat of a case and show its history', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      expect(fakes.hub.calls).toEqual(['start', 'joinLatestChat:case-1']);
      expect(h.view()).toMatchObject({
        phase: 1,
        caseId: 'case-1',
        chatId: 'chat-1',
        lawyerConnected: true,
        waitingForLawyer: false,
        minTextLength: 1,
        responseType: 'Text',
      });
      expect(h.view().messages.map((m) => [m.id, m.kind])).toEqual([
        ['m0', 'participant'],
        ['m1', 'lawyer'],
      ]);
      return h;
    });
  });

  it('should send live messages with min length 1 once a lawyer is connected and show them as participant messages', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      expect(h.controller.submitText('   ')).toEqual({ ok: false, errorKey: 'Chat.Empty' });
      expect(h.controller.submitText('Ja')).toEqual({ ok: true });
      expect(fakes.hub.sent).toEqual([{ chatId: 'chat-1', text: 'Ja', clientId: 'client-1' }]);
      expect(h.view().messages.at(-1)).toMatchObject({ kind: 'participant', pending: false, authorId: PARTICIPANT.Id });
      return h;
    });
  });

  it('should request a callback after validating the form and mark it requested', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      expect(h.controller.requestCallback({ phone: '', date: '2026-11-24', slot: 'Availability1' })).toEqual({ ok: false, errorKey: 'Chat.PhoneRequired' });
      expect(h.controller.requestCallback({ phone: '030 12345678', date: '1969-12-31', slot: 'Availability1' })).toEqual({
        ok: false,
        errorKey: 'Chat.CallbackDateInPast',
      });
      expect(h.controller.requestCallback({ phone: ' 0301 2345678 ', date: '2026-11-24', slot: 'Availability2' })).toEqual({ ok: true });
      expect(fakes.chatHostApi.callbacks).toEqual([{ Phone: '+49 30 12345678', Availability: '24.11.2026, 12:00–18:00 Uhr' }]);
      // The confirmation shows the number as typed, not regrouped.
      expect(h.view()).toMatchObject({
        callbackRequested: true,
        busy: false,
        errorKey: null,
        callbackConfirmation: { phone: '0301 2345678', availability: '24.11.2026, 12:00–18:00 Uhr' },
      });
      return h;
    });
  });

  it('should refuse a time window of today that has ended on its clock and accept the one that runs now', () => {
    // Virtual time starts at the epoch: Thursday 1 January 1970, 01:00 in Berlin (CET); noon there is 11 h later.
    const berlinNoon = 11 * 3_600_000;
    inVirtualTime(
      berlinNoon + 1_000,
      (fakes, at) => {
        const h = joinOpenCase(fakes, at);
        const morning = { phone: '030 12345678', date: '1970-01-01', slot: 'Availability1' } as const;
        at(berlinNoon, () => {
          expect(h.controller.now()).toBe(berlinNoon);
          expect(h.controller.requestCallback(morning)).toEqual({ ok: false, errorKey: 'Chat.CallbackSlotPassed' });
          expect(h.controller.requestCallback({ ...morning, slot: 'Availability2' })).toEqual({ ok: true });
          expect(fakes.chatHostApi.callbacks).toEqual([{ Phone: '+49 30 12345678', Availability: '01.01.1970, 12:00–18:00 Uhr' }]);
        });
        at(berlinNoon - 60_000, () => {
          // 11:59: the morning still runs, so it may still be booked.
          expect(h.controller.requestCallback(morning)).toEqual({ ok: true });
          expect(fakes.chatHostApi.callbacks).toEqual([{ Phone: '+49 30 12345678', Availability: '01.01.1970, 08:00–12:00 Uhr' }]);
          fakes.chatHostApi.callbacks.length = 0;
        });
        return h;
      },
      // From 11:50 Berlin time, not from the epoch (see inVirtualTime).
      berlinNoon - 600_000,
    );
  });

  it('should show Chat.CallbackFailed when the callback cannot be created', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.chatHostApi.callbackFails = true;
      const h = joinOpenCase(fakes, at);
      h.controller.requestCallback({ phone: '030 12345678', date: '2026-11-24', slot: 'Availability1' });
      expect(h.view()).toMatchObject({ callbackRequested: false, errorKey: 'Chat.CallbackFailed' });
      return h;
    });
  });

  it('should upload files to the current chat and show Chat.UploadFailed on failure', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      h.controller.uploadFile(blob, 'mietvertrag.pdf');
      expect(fakes.chatHostApi.calls).toContain('uploadFile:chat-1:mietvertrag.pdf');
      expect(h.view().errorKey).toBeNull();
      fakes.chatHostApi.uploadFails = true;
      h.controller.uploadFile(blob, 'foto.png');
      expect(h.view().errorKey).toBe('Chat.UploadFailed');
      return h;
    });
  });

  it("should show the upload's progress in whole percent and, on „Abbrechen“, abort it, say so and take a file again", () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      fakes.chatHostApi.heldUpload = new Subject<Result<ChatFileInfo>>();
      h.controller.uploadFile(blob, 'foto.jpg');
      expect(h.view()).toMatchObject({ uploadingFileName: 'foto.jpg', uploadPercent: 0 });
      fakes.chatHostApi.uploadOptions?.onProgress?.({ loaded: 4_567, total: 10_000 });
      expect(h.view().uploadPercent).toBe(45);
      h.controller.cancelUpload();
      expect(fakes.chatHostApi.abortedUploads).toBe(1);
      expect(h.view()).toMatchObject({ uploadingFileName: null, uploadPercent: 0, cancelledUploadFileName: 'foto.jpg', errorKey: null });
      // The next file is taken, and the note of the cancelled one goes.
      fakes.chatHostApi.heldUpload = null;
      h.controller.uploadFile(blob, 'mietvertrag.pdf');
      expect(fakes.chatHostApi.calls.filter((c) => c.startsWith('uploadFile'))).toEqual(['uploadFile:chat-1:foto.jpg', 'uploadFile:chat-1:mietvertrag.pdf']);
      expect(h.view()).toMatchObject({ uploadingFileName: null, cancelledUploadFileName: null, errorKey: null });
      // „Abbrechen“ with no upload running changes nothing.
      h.controller.cancelUpload();
      expect(h.view().cancelledUploadFileName).toBeNull();
      return h;
    });
  });

  it('should name the file while its upload runs, and no longer once it is stored or failed – without blocking the text meanwhile', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      const held = new Subject<Result<ChatFileInfo>>();
      fakes.chatHostApi.heldUpload = held;
      expect(h.view().uploadingFileName).toBeNull();
      h.controller.uploadFile(blob, 'mietvertrag.pdf');
      expect(h.view()).toMatchObject({ uploadingFileName: 'mietvertrag.pdf', busy: false });
      // A second file waits for the first; a text goes out at once.
      h.controller.uploadFile(blob, 'zweite.pdf');
      expect(fakes.chatHostApi.calls.filter((c) => c.startsWith('uploadFile'))).toEqual(['uploadFile:chat-1:mietvertrag.pdf']);
      expect(h.controller.submitText('Das Foto kommt gleich.')).toEqual({ ok: true });
      expect(fakes.hub.sent.map((m) => m.text)).toContain('Das Foto kommt gleich.');
      held.next(ok({ Id: 'f1', ChatId: 'chat-1', FileName: 'mietvertrag.pdf', ContentType: 'application/pdf', Size: 3 }));
      expect(h.view()).toMatchObject({ uploadingFileName: null, busy: false });
      const failing = new Subject<Result<ChatFileInfo>>();
      fakes.chatHostApi.heldUpload = failing;
      h.controller.uploadFile(blob, 'foto.png');
      expect(h.view().uploadingFileName).toBe('foto.png');
      failing.next(err(networkError('offline')));
      expect(h.view()).toMatchObject({ uploadingFileName: null, errorKey: 'Chat.UploadFailed' });
      return h;
    });
  });

  it('should refuse an empty, oversized or unsupported file before sending it, naming the reason', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      const sent = () => fakes.chatHostApi.calls.filter((c) => c.startsWith('uploadFile:')).length;
      h.controller.uploadFile({ ...blob, size: 0 }, 'leer.pdf');
      expect(h.view().errorKey).toBe('Chat.UploadEmpty');
      h.controller.uploadFile({ ...blob, size: 11 * 1024 * 1024 }, 'gross.pdf');
      expect(h.view().errorKey).toBe('Chat.UploadTooLarge');
      h.controller.uploadFile(blob, 'programm.exe');
      expect(h.view().errorKey).toBe('Chat.UploadUnsupportedType');
      expect(sent()).toBe(0);
      h.controller.uploadFile(blob, 'Tabelle.XLSX');
      expect(sent()).toBe(1);
      return h;
    });
  });

  it('should take back a refused file’s error when the next file is sent, but not an error of anything else', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      h.controller.uploadFile({ ...blob, size: 11 * 1024 * 1024 }, 'gross.pdf');
      expect(h.view().errorKey).toBe('Chat.UploadTooLarge');
      // The smaller file goes out: „Die Datei ist größer als 10 MB“ must not stand under it as if it had failed.
      h.controller.uploadFile(blob, 'Kündigung.pdf');
      expect(fakes.chatHostApi.calls).toContain('uploadFile:chat-1:Kündigung.pdf');
      expect(h.view().errorKey).toBeNull();
      fakes.chatHostApi.uploadFails = true;
      h.controller.uploadFile(blob, 'foto.png');
      expect(h.view().errorKey).toBe('Chat.UploadFailed');
      fakes.chatHostApi.uploadFails = false;
      h.controller.uploadFile(blob, 'foto.png');
      expect(h.view().errorKey).toBeNull();
      // Another error (here the callback's) is not the upload's to take back.
      fakes.chatHostApi.callbackFails = true;
      h.controller.requestCallback({ phone: '030 12345678', date: '2026-11-24', slot: 'Availability1' });
      expect(h.view().errorKey).toBe('Chat.CallbackFailed');
      h.controller.uploadFile(blob, 'foto.png');
      expect(h.view().errorKey).toBe('Chat.CallbackFailed');
      return h;
    });
  });

  it('should name the server’s reason when it refuses a file by size or content', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      fakes.chatHostApi.uploadFailure = { _tag: 'HttpError', status: 415, code: 'UnsupportedFileType', message: 'Dateityp nicht erlaubt' };
      h.controller.uploadFile(blob, 'getarnt.pdf');
      // A .pdf whose content is none of the allowed kinds: not „this type cannot be sent“ to someone holding a PDF.
      expect(h.view().errorKey).toBe('Chat.UploadContentMismatch');
      fakes.chatHostApi.uploadFailure = { _tag: 'HttpError', status: 413, code: 'PayloadTooLarge', message: 'zu groß' };
      h.controller.uploadFile(blob, 'scan.pdf');
      expect(h.view().errorKey).toBe('Chat.UploadTooLarge');
      return h;
    });
  });

  it('should pass typing, inactivity confirmation and file-forwarding answers to the session', () => {
    inVirtualTime(200_000, (fakes, at) => {
      const h = joinOpenCase(fakes, at);
      h.controller.userTyping();
      at(2_000, () => expect(fakes.hub.calls.filter((c) => c.startsWith('typing'))).toEqual(['typing:chat-1@0']));
      fakes.hub.incoming.next(lawyerMessage('m2', 'Noch da?', '2026-11-22T10:01:00.000Z'));
      at(181_000, () => {
        expect(h.view().inactivity).toEqual({ stage: 1, secondsLeft: 60 });
        h.controller.stayActive();
        expect(h.view().inactivity).toBeNull();
        h.controller.answerFileForwarding(false);
        expect(fakes.chatHostApi.calls).not.toContain('revokeFileForwarding:chat-1');
      });
      return h;
    });
  });

  it("should end the offboarding's questions and the usage confirmation once the server closed the chat because the person's data was erased", () => {
    inVirtualTime(30_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(1_000, () => notifyChat1(fakes, 'Joined'));
      at(2_000, () => {
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, RequestPhoneNumber: true };
        notifyChat1(fakes, 'ClosedAndRequestPhoneNumber');
      });
      at(10_000, () => {
        expect(h.view()).toMatchObject({ phase: 2, responseType: 'PhoneNumber', usageConfirmationAvailable: true });
        // Erasure (Art. 17) on the administrator's request: the server ends the hub connection for good.
        fakes.hub.closedByServer.next('Ihre Daten wurden auf Ihren Wunsch gelöscht.');
        fakes.hub.connection.next('disconnected');
        // Nothing the page could still send has a case to go to: no phone question, no download that can only fail.
        expect(h.view()).toMatchObject({
          closedByServer: 'Ihre Daten wurden auf Ihren Wunsch gelöscht.',
          responseType: null,
          usageConfirmationAvailable: false,
        });
      });
      at(20_000, () => expect(h.view()).toMatchObject({ responseType: null, usageConfirmationAvailable: false }));
      return h;
    });
  });

  it('should show the lawyer joining, then start the offboarding bot with the case status when the case closes', () => {
    inVirtualTime(120_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      expect(h.view()).toMatchObject({ phase: 1, waitingForLawyer: true, lawyerConnected: false });
      at(1_000, () => {
        notifyChat1(fakes, 'Joined');
        expect(h.view()).toMatchObject({ lawyerConnected: true, waitingForLawyer: false, minTextLength: 1 });
      });
      at(2_000, () => {
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, RequestPhoneNumber: true };
        notifyChat1(fakes, 'ClosedAndRequestPhoneNumber');
        expect(h.view()).toMatchObject({ phase: 2, caseClosed: true, requestPhoneNumber: true, secondLevelEnabled: true, usageConfirmationAvailable: true });
      });
      const end = every5s(
        at,
        [
          () => {
            expect(
              h
                .view()
                .messages.map((m) => m.text)
                .slice(0, 2),
            ).toEqual(['Bot.Offboarding.WelcomeBack', 'Bot.Offboarding.WelcomeBack1.PhoneRequested']);
            expect(h.view().responseType).toBe('PhoneNumber');
            expect(h.controller.submitText('12')).toEqual({ ok: false, errorKey: 'Chat.EnterValidPhoneNumber' });
            expect(h.controller.submitText('030 12345678')).toEqual({ ok: true });
          },
          () => h.controller.answerYesNo(true),
          () => {
            expect(fakes.productApi.calls).toContain('saveSecondLevelPhone:case-1:030 12345678');
            expect(h.view().responseType).toBe('EMail');
            h.controller.submitText('max@example.de');
          },
          () => h.controller.answerYesNo(true),
          () => {
            expect(fakes.productApi.calls).toContain('sendProtocol:case-1:max@example.de');
            expect(h.view().responseType).toBe('Rating');
            h.controller.submitRating(5, 'Sehr hilfreich');
          },
        ],
        7_000,
      );
      at(end, () => {
        expect(fakes.productApi.ratings).toEqual([{ CaseId: 'case-1', Stars: 5, Comment: 'Sehr hilfreich' }]);
        expect(h.view().ratingSaved).toBe(true);
      });
      return h;
    });
  });

  /** Two tabs of one browser: what one posts, the other hears (never its own), as over a BroadcastChannel. */
  function tabPair(): [ChatTabChannel, ChatTabChannel] {
    const toFirst = new Subject<ChatTabMessage>();
    const toSecond = new Subject<ChatTabMessage>();
    return [
      { messages$: toFirst, post: (message) => toSecond.next(message) },
      { messages$: toSecond, post: (message) => toFirst.next(message) },
    ];
  }

  it('should stop asking for the callback number in a second tab of the chat once the first saved it, and say which number was given', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
      const [one, two] = tabPair();
      const first = harness({ ...fakes, chatTabs: one } as Fakes);
      const second = harness({ ...fakes, chatTabs: two } as Fakes);
      first.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      second.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => {
        expect(second.view().responseType).toBe('PhoneNumber');
        // The second tab has a number typed, still to confirm: it must not replace the first tab's unnoticed.
        expect(second.controller.submitText('0170 1111111')).toEqual({ ok: true });
        expect(first.controller.submitText('030 12345678')).toEqual({ ok: true });
      });
      at(10_000, () => first.controller.answerYesNo(true));
      at(20_000, () => {
        expect(fakes.productApi.calls.filter((c) => c.startsWith('saveSecondLevelPhone'))).toEqual(['saveSecondLevelPhone:case-1:030 12345678']);
        const notice = second.view().messages.find((m) => m.text === 'Bot.Offboarding.PhoneGivenElsewhere');
        expect(notice?.params).toEqual({ value: '030 12345678' });
        // It went on as the first tab did: past the number, on to the e-mail address.
        expect(second.view().messages.map((m) => m.text)).toContain('Bot.Offboarding.PhoneSaved');
        expect(second.view().responseType).toBe(first.view().responseType);
        expect(second.view().responseType).toBe('EMail');
      });
      at(25_000, () => expect(fakes.productApi.calls.filter((c) => c.startsWith('saveSecondLevelPhone'))).toHaveLength(1));
      return { dispose: () => (first.dispose(), second.dispose()) };
    });
  });

  it('should save the offboarding phone under the second-level link parameter when one was given', () => {
    inVirtualTime(30_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
      const controller = createChatController({ ...fakes, secondLevelParam: 'Vertrag_42' });
      const subscription = controller.state$.subscribe();
      controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => controller.submitText('030 12345678'));
      at(10_000, () => controller.answerYesNo(true));
      at(15_000, () => {
        expect(fakes.productApi.calls).toContain('saveSecondLevelPhoneByParam:Vertrag_42:030 12345678');
        expect(fakes.productApi.calls.some((c) => c.startsWith('saveSecondLevelPhone:'))).toBe(false);
      });
      return { dispose: () => (subscription.unsubscribe(), controller.dispose()) };
    });
  });

  it('should say after the protocol request that a confirmation mail went out when the address was never confirmed', () => {
    inVirtualTime(30_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, SecondLevelEnabled: false };
      fakes.productApi.protocolOutcome = 'confirmationPending';
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => h.controller.skip());
      at(10_000, () => h.controller.submitText('max@example.de'));
      at(15_000, () => h.controller.answerYesNo(true));
      at(25_000, () => {
        expect(fakes.productApi.calls).toContain('sendProtocol:case-1:max@example.de');
        const texts = h.view().messages.map((m) => m.text);
        expect(texts).toContain('Bot.Offboarding.EMailConfirmationSent');
        expect(texts).not.toContain('Bot.Offboarding.EMailSaved');
        expect(h.view().messages.find((m) => m.text === 'Bot.Offboarding.EMailConfirmationSent')?.params).toEqual({ value: 'max@example.de' });
        expect(h.view().responseType).toBe('Rating');
      });
      return h;
    });
  });

  it('should show the protocol error and no promise about the protocol when the request fails, and go on to the rating', () => {
    inVirtualTime(30_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true, SecondLevelEnabled: false };
      fakes.productApi.failures.add('sendProtocol');
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => h.controller.skip());
      at(10_000, () => h.controller.submitText('max@example.de'));
      at(15_000, () => h.controller.answerYesNo(true));
      at(25_000, () => {
        const texts = h.view().messages.map((m) => m.text);
        expect(texts).not.toContain('Bot.Offboarding.EMailSaved');
        expect(texts).not.toContain('Bot.Offboarding.EMailConfirmationSent');
        expect(h.view()).toMatchObject({ errorKey: 'Chat.ProtocolFailed', responseType: 'Rating' });
      });
      return h;
    });
  });

  it('should show an offboarding error key when saving the rating fails', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.productApi.failures.add('saveRating');
      const h = offboardingToTheRating(fakes, at);
      at(15_000, () => {
        expect(h.view().responseType).toBe('Rating');
        h.controller.submitRating(3);
        expect(h.view()).toMatchObject({ ratingSaved: false, errorKey: 'Chat.RatingFailed' });
      });
      return h;
    });
  });

  it('should send a rating the network lost again once the device is back online, and thank for it then', () => {
    inVirtualTime(60_000, (fakes, at) => {
      fakes.productApi.lostCalls.add('saveRating');
      const h = offboardingToTheRating(fakes, at);
      at(15_000, () => {
        expect(h.view().responseType).toBe('Rating');
        fakes.network.online.next(false);
        h.controller.submitRating(2, 'Zu kurz.');
        expect(h.view()).toMatchObject({ ratingSaved: false, errorKey: null });
      });
      at(40_000, () => {
        // Still offline: nothing sent again, no error either.
        expect(fakes.productApi.calls.filter((c) => c.startsWith('saveRating'))).toHaveLength(1);
        fakes.productApi.lostCalls.clear();
        fakes.network.online.next(true);
      });
      at(44_000, () => {
        expect(fakes.productApi.calls.filter((c) => c.startsWith('saveRating'))).toEqual(['saveRating:case-1:2', 'saveRating:case-1:2']);
        expect(fakes.productApi.ratings.at(-1)).toEqual({ CaseId: 'case-1', Stars: 2, Comment: 'Zu kurz.' });
        expect(h.view()).toMatchObject({ ratingSaved: true, errorKey: null });
        expect(h.view().messages.at(-1)?.text).toBe('Bot.Offboarding.RatingThanks');
      });
      return h;
    });
  });

  it('should say the rating was not saved once the network lost it ten times', () => {
    inVirtualTime(120_000, (fakes, at) => {
      fakes.productApi.lostCalls.add('saveRating');
      const h = offboardingToTheRating(fakes, at);
      at(15_000, () => h.controller.submitRating(4));
      at(40_000, () => expect(h.view().errorKey).toBeNull());
      at(60_000, () => {
        expect(fakes.productApi.calls.filter((c) => c.startsWith('saveRating'))).toHaveLength(10);
        expect(h.view()).toMatchObject({ ratingSaved: false, errorKey: 'Chat.RatingFailed' });
      });
      return h;
    });
  });

  it('should take back a refused file’s error when the chat ends, so it does not stand under the offboarding', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      notifyChat1(fakes, 'Joined');
      h.controller.uploadFile(blob, 'programm.exe');
      expect(h.view().errorKey).toBe('Chat.UploadUnsupportedType');
      notifyChat1(fakes, 'Closed');
      at(5_000, () => expect(h.view()).toMatchObject({ phase: 2, errorKey: null }));
      return h;
    });
  });

  it('should fall back to the known status when the case status cannot be read at closure', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      notifyChat1(fakes, 'Joined');
      fakes.chatHostApi.statusFails = true;
      notifyChat1(fakes, 'Closed');
      at(5_000, () => {
        expect(h.view()).toMatchObject({ phase: 2, responseType: 'PhoneNumber', secondLevelEnabled: true });
        expect(fakes.logger.warnings).toContain('Fallstatus nicht lesbar, Abschluss mit bekannten Daten');
      });
      return h;
    });
  });
});

describe('chat controller loading the phone numbering plan lazily', () => {
  const PLAN_MS = 20_000;

  /** The real plan, arriving PLAN_MS after it was requested; counts the requests. */
  function slowPlan(fakes: Fakes, loads: number[]): () => Observable<PhoneNumberPlan> {
    return () => {
      loads.push(fakes.scheduler.now());
      return timer(PLAN_MS, fakes.scheduler).pipe(map(() => libphonenumberPlan));
    };
  }

  /** Records what a held outcome settles to. */
  function settledOf(outcome: SubmitOutcome, into: SettledOutcome[]): void {
    expect(outcome.ok).toBe('held');
    if (outcome.ok === 'held') outcome.settled.subscribe((settled) => into.push(settled));
  }

  it('should not request the plan on the way to a usable new chat (onboarding)', () => {
    inVirtualTime(30_000, (fakes, at) => {
      const loads: number[] = [];
      const h = harness({ ...fakes, loadPhoneNumberPlan: slowPlan(fakes, loads) });
      h.controller.start({ route: '/chat/new' });
      at(5_000, () => expect(h.controller.submitText('Mein Vermieter gibt die Kaution nicht zurück.')).toEqual({ ok: true }));
      at(29_000, () => expect(loads).toEqual([]));
      return h;
    });
  });

  it('should validate an offboarding phone answer submitted before the plan loaded once it has loaded', () => {
    inVirtualTime(40_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
      const loads: number[] = [];
      const settled: SettledOutcome[] = [];
      const h = harness({ ...fakes, loadPhoneNumberPlan: slowPlan(fakes, loads) });
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => {
        // The offboarding asks for a phone number soon, so the plan was requested when it started.
        expect(loads).toEqual([0]);
        expect(h.view().responseType).toBe('PhoneNumber');
        settledOf(h.controller.submitText('030 12345678'), settled);
        expect(h.view().busy).toBe(true);
      });
      at(PLAN_MS - 1, () => expect(settled).toEqual([]));
      at(PLAN_MS + 1, () => {
        expect(settled).toEqual([{ ok: true }]);
        expect(h.view().busy).toBe(false);
        expect(h.view().messages.some((m) => m.kind === 'participant' && m.text === '030 12345678')).toBe(true);
      });
      at(PLAN_MS + 6_000, () => h.controller.answerYesNo(true));
      at(PLAN_MS + 10_000, () => {
        expect(fakes.productApi.calls).toContain('saveSecondLevelPhone:case-1:030 12345678');
        expect(loads).toEqual([0]);
      });
      return h;
    });
  });

  it('should report an invalid held phone answer only once the plan has loaded', () => {
    inVirtualTime(30_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
      const settled: SettledOutcome[] = [];
      const h = harness({ ...fakes, loadPhoneNumberPlan: slowPlan(fakes, []) });
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => settledOf(h.controller.submitText('030 1'), settled));
      at(PLAN_MS - 1, () => expect(settled).toEqual([]));
      at(PLAN_MS + 1, () => {
        expect(settled).toEqual([{ ok: false, errorKey: 'Chat.EnterValidPhoneNumber' }]);
        expect(h.view().responseType).toBe('PhoneNumber');
        // Loaded now: the next answer is checked at once.
        expect(h.controller.submitText('030 12345678')).toEqual({ ok: true });
      });
      return h;
    });
  });

  it('should request the plan when the callback is offered and hold a callback request until it is there', () => {
    inVirtualTime(120_000, (fakes, at) => {
      const loads: number[] = [];
      const settled: SettledOutcome[] = [];
      const h = harness({ ...fakes, loadPhoneNumberPlan: slowPlan(fakes, loads) });
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(1_000, () => {
        expect(h.view()).toMatchObject({ waitingForLawyer: true, callbackOffered: false });
        expect(loads).toEqual([]);
      });
      at(60_000, () => {
        expect(h.view().callbackOffered).toBe(true);
        expect(loads).toHaveLength(1);
        settledOf(h.controller.requestCallback({ phone: '030 12345678', date: '2026-11-24', slot: 'Availability1' }), settled);
        expect(fakes.chatHostApi.callbacks).toEqual([]);
      });
      at(60_000 + PLAN_MS, () => {
        expect(settled).toEqual([{ ok: true }]);
        expect(fakes.chatHostApi.callbacks).toEqual([{ Phone: '+49 30 12345678', Availability: '24.11.2026, 08:00–12:00 Uhr' }]);
        expect(h.view()).toMatchObject({ callbackRequested: true, busy: false });
      });
      return h;
    });
  });

  it('should answer Chat.PhoneCheckFailed when the plan cannot be loaded, and try again on the next answer', () => {
    inVirtualTime(30_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
      let attempts = 0;
      const settled: SettledOutcome[] = [];
      const loader = () => {
        attempts += 1;
        return attempts === 1 ? throwError(() => new Error('chunk failed')) : slowPlan(fakes, [])();
      };
      const h = harness({ ...fakes, loadPhoneNumberPlan: loader });
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => {
        expect(fakes.logger.warnings).toContain('Rufnummernplan nicht geladen');
        settledOf(h.controller.submitText('030 12345678'), settled);
        expect(attempts).toBe(2);
      });
      at(5_000 + PLAN_MS, () => expect(settled).toEqual([{ ok: true }]));
      return h;
    });
  });
});

describe('chat controller opening a closed case', () => {
  it('should show only the history of a closed, rated case, ending with the closing line', () => {
    inVirtualTime(10_000, (fakes, at) => {
      fakes.backend.messages.push(lawyerMessage('m1', 'Alles Gute!'));
      fakes.backend.status = { ...openStatus, CaseClosed: true, CaseRating: 4, LawyerTookPart: true };
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => {
        expect(h.view()).toMatchObject({
          phase: 1,
          caseClosed: true,
          responseType: 'Done',
          ending: 'consultation',
          waitingForLawyer: false,
          usageConfirmationAvailable: true,
        });
        expect(h.view().messages.map((m) => m.id)).toEqual(['m1']);
        expect(h.controller.submitText('Noch eine Frage?')).toEqual({ ok: false, errorKey: 'Chat.NotExpected' });
      });
      return h;
    });
  });

  it('should start the offboarding bot for a closed case that was not rated yet', () => {
    inVirtualTime(10_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => {
        expect(h.view()).toMatchObject({ phase: 2, responseType: 'PhoneNumber' });
        expect(fakes.chatHostApi.calls.filter((c) => c.startsWith('getCaseStatus'))).toHaveLength(1);
      });
      return h;
    });
  });

  it('should show Chat.LoadFailed when the case cannot be loaded', () => {
    inVirtualTime(1_000, (fakes) => {
      fakes.chatHostApi.statusFails = true;
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      expect(h.view()).toMatchObject({ phase: 0, errorKey: 'Chat.LoadFailed' });
      expect(fakes.errorReporter.captured).toHaveLength(1);
      return h;
    });
  });
});

describe('chat controller usage confirmation', () => {
  it('should download the usage confirmation of the current case', async () => {
    let download: ReturnType<ChatController['downloadUsageConfirmation']> | null = null;
    let before: ReturnType<ChatController['downloadUsageConfirmation']> | null = null;
    inVirtualTime(1_000, (fakes) => {
      const h = harness(fakes);
      before = h.controller.downloadUsageConfirmation();
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      download = h.controller.downloadUsageConfirmation();
      return h;
    });
    expect(E.isLeft(await lastValueFrom(before!))).toBe(true);
    expect(await lastValueFrom(download!)).toEqual(E.right(blob));
  });
});

describe('chat controller usage confirmation of a case opened by its link', () => {
  /** Opens case-1 by its link with a closed status and checks the view once it has loaded. */
  function openedByLink(status: Partial<CaseStatus>, expected: Partial<ChatViewState>): void {
    inVirtualTime(10_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, ...status };
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => expect(h.view()).toMatchObject(expected));
      return h;
    });
  }

  it('should not offer a confirmation for a case that closed for a callback before any lawyer took it', () => {
    openedByLink(
      { Disabled: true, CallbackRequested: true, LawyerName: null, LawyerTookPart: false },
      { phase: 1, caseClosed: true, responseType: 'Done', usageConfirmationAvailable: false },
    );
  });

  it('should end a case closed for a callback before any lawyer took it with the callback, not with thanks for a consultation', () => {
    openedByLink({ Disabled: true, CallbackRequested: true, LawyerName: null, LawyerTookPart: false }, { phase: 1, responseType: 'Done', ending: 'callback' });
  });

  it('should end a case a lawyer took part in with the consultation, also when a callback was booked', () => {
    openedByLink(
      { Disabled: true, CallbackRequested: true, LawyerName: null, LawyerTookPart: true },
      { phase: 1, responseType: 'Done', ending: 'consultation' },
    );
  });

  it('should end a case that closed while it waited, without a callback, as one without consultation', () => {
    openedByLink({ Disabled: true, LawyerName: null, LawyerTookPart: false }, { phase: 1, responseType: 'Done', ending: 'withoutConsultation' });
  });

  it('should not offer it either from a server without LawyerTookPart when the case never had a lawyer', () => {
    openedByLink({ Disabled: true, CallbackRequested: true, LawyerName: null }, { phase: 1, caseClosed: true, usageConfirmationAvailable: false });
  });

  it('should offer it for a case a lawyer took part in before forwarding it, closed while waiting for the colleague', () => {
    openedByLink(
      { Disabled: true, CallbackRequested: true, LawyerName: null, LawyerTookPart: true },
      { phase: 1, caseClosed: true, usageConfirmationAvailable: true },
    );
  });

  it('should not offer it in a live chat that closed while it waited for a lawyer', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(1_000, () => {
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: false };
        notifyChat1(fakes, 'Closed');
        expect(h.view()).toMatchObject({ caseClosed: true, usageConfirmationAvailable: false });
      });
      return h;
    });
  });

  it('should offer it in a live chat whose lawyer forwarded it and that closed while it waited for the colleague', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(1_000, () => notifyChat1(fakes, 'Joined'));
      at(2_000, () => {
        fakes.hub.notifications.next({ ChatId: 'chat-1', Type: 'Forwarded', Data: { NewChatId: 'chat-2' } });
        expect(h.view()).toMatchObject({ waitingForLawyer: true, usageConfirmationAvailable: false });
      });
      at(3_000, () => {
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: true };
        fakes.hub.notifications.next({ ChatId: 'chat-2', Type: 'Closed' });
        expect(h.view()).toMatchObject({ caseClosed: true, usageConfirmationAvailable: true });
      });
      return h;
    });
  });
});

describe('chat controller usage confirmation of an earlier case', () => {
  it('should offer the confirmation of an earlier closed case on a new chat and download that case', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.productApi.latestCaseId = 'case-old';
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerConnected: false, LawyerName: 'Dr. Anna Berger' };
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(10, () => {
        expect(h.view()).toMatchObject({ phase: 0, caseId: null, usageConfirmationAvailable: true });
        h.controller.downloadUsageConfirmation().subscribe();
        expect(fakes.productApi.calls).toContain('downloadUsageConfirmation:case-old');
      });
      return h;
    });
  });

  it('should not offer a confirmation when no lawyer took part in the earlier case (callback requested while waiting)', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.productApi.latestCaseId = 'case-old';
      fakes.backend.status = { ...openStatus, CaseClosed: true, CallbackRequested: true, LawyerName: null };
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(10, () => expect(h.view()).toMatchObject({ phase: 0, caseId: null, usageConfirmationAvailable: false }));
      return h;
    });
  });

  it('should offer the confirmation of an earlier case a lawyer forwarded and that then closed while it waited', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.productApi.latestCaseId = 'case-old';
      // The latest chat (the forwarded one) never had a lawyer, so LawyerName is null; the first one had.
      fakes.backend.status = { ...openStatus, CaseClosed: true, Disabled: true, CallbackRequested: true, LawyerName: null, LawyerTookPart: true };
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(10, () => expect(h.view()).toMatchObject({ phase: 0, caseId: null, usageConfirmationAvailable: true }));
      return h;
    });
  });

  it('should not offer a confirmation when the earlier case is still open', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.productApi.latestCaseId = 'case-old';
      const h = harness(fakes);
      h.controller.start({ route: '/chat/new' });
      at(10, () => expect(h.view()).toMatchObject({ phase: 0, usageConfirmationAvailable: false }));
      return h;
    });
  });
});

describe('chat controller disposal', () => {
  it('should release every hub, window and timer subscription on dispose', () => {
    inVirtualTime(100_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      fakes.window.focused.next(false);
      fakes.hub.notifications.next({ ChatId: 'chat-1', Type: 'Joined' });
      fakes.hub.incoming.next(lawyerMessage('m1', 'Hallo'));
      const subjects = [
        fakes.hub.connection,
        fakes.hub.reconnected,
        fakes.hub.incoming,
        fakes.hub.notifications,
        fakes.window.focused,
        fakes.window.visible,
        fakes.network.online,
      ];
      expect(subjects.every((s) => s.observed)).toBe(true);
      at(1_000, () => {
        h.dispose();
        expect(subjects.map((s) => s.observed)).toEqual([false, false, false, false, false, false, false]);
        expect(fakes.window.title).toBe('Rechtsberatung im Chat');
      });
      at(99_000, () => expect(fakes.hub.pings.map((p) => p.at)).toEqual([0]));
      return { dispose: () => undefined };
    });
  });
});

describe('chat controller closing a case no lawyer took part in', () => {
  it('should show only the history with its closing line, no offboarding, for a case that left the queue before a lawyer was free', () => {
    inVirtualTime(10_000, (fakes, at) => {
      fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerName: null, LawyerTookPart: false };
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(5_000, () => expect(h.view()).toMatchObject({ phase: 1, responseType: 'Done', ending: 'withoutConsultation' }));
      return h;
    });
  });

  it('should end a live chat that closed while it waited with the closing line instead of asking for a phone number and a rating', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(1_000, () => {
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: false };
        notifyChat1(fakes, 'Closed');
      });
      at(5_000, () => expect(h.view()).toMatchObject({ phase: 1, responseType: 'Done', ending: 'withoutConsultation' }));
      return h;
    });
  });

  it('should end a waiting chat whose callback was booked in another tab with the callback’s closing line, not the queue', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(500, () => expect(h.view()).toMatchObject({ waitingForLawyer: true, ending: null }));
      at(1_000, () => {
        // The other tab booked the callback: the server closes the waiting chat and tells every screen of it.
        fakes.backend.status = { ...openStatus, CaseClosed: true, LawyerTookPart: false, CallbackRequested: true };
        notifyChat1(fakes, 'Closed');
      });
      at(5_000, () => expect(h.view()).toMatchObject({ phase: 1, waitingForLawyer: false, queuePosition: null, responseType: 'Done', ending: 'callback' }));
      return h;
    });
  });

  it('should still start the offboarding when the status cannot be read but this session saw the lawyer join', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const h = harness(fakes);
      h.controller.start({ caseId: 'case-1', route: '/chat/case-1' });
      at(1_000, () => notifyChat1(fakes, 'Joined'));
      at(2_000, () => {
        fakes.chatHostApi.statusFails = true;
        notifyChat1(fakes, 'Closed');
      });
      at(9_000, () => expect(h.view()).toMatchObject({ phase: 2, responseType: 'PhoneNumber' }));
      return h;
    });
  });
});
