import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, networkError, ok, type Result } from '../result.js';
import type { Notification } from '../wire/index.js';
import { ChatSession } from './chatSession.js';
import { PENDING_MESSAGES_KEY } from './chatStorageKeys.js';
import { loadPendingMessages } from './pendingMessages.js';
import type { SessionState } from './chatSessionState.js';
import { fileMessage, inVirtualTime, LAWYER, lawyerMessage, openStatus, PARTICIPANT, type Fakes } from './chatFakes.testSupport.js';

function joinedSession(fakes: Fakes, route = '/chat/case-1') {
  const session = new ChatSession(fakes);
  session.activate(route);
  session.begin({ caseId: 'case-1', chatId: 'chat-1', history: [], participantId: 'user-1' });
  return session;
}

const notify = (fakes: Fakes, Type: Notification['Type'], extra: Partial<Notification> = {}) =>
  fakes.hub.notifications.next({ ChatId: 'chat-1', Type, ...extra });

/** Records the state at given virtual times. */
function snapshotsAt(session: ChatSession, at: (ms: number, step: () => void) => void, times: readonly number[]): Map<number, SessionState> {
  const seen = new Map<number, SessionState>();
  times.forEach((t) => at(t, () => seen.set(t, session.snapshot)));
  return seen;
}

describe('ChatSession messages', () => {
  it('should show each message once when it arrives live, again live and again on the re-read after a reconnect', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const first = lawyerMessage('m1', 'Guten Tag', '2026-11-22T10:00:00.000Z');
      const second = lawyerMessage('m2', 'Wie kann ich helfen?', '2026-11-22T10:00:05.000Z');
      fakes.backend.messages.push(first, second);
      const session = new ChatSession(fakes);
      session.activate('/chat/case-1');
      session.begin({ caseId: 'case-1', chatId: 'chat-1', history: [first] });
      fakes.hub.incoming.next(first);
      fakes.hub.incoming.next(second);
      at(100, () => fakes.hub.reconnected.next());
      at(200, () => {
        expect(session.snapshot.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
        expect(fakes.hub.calls).toContain('joinLatestChat:case-1');
        expect(fakes.chatHostApi.calls).toEqual(['getMessagesForCase:case-1', 'getCaseStatus:case-1']);
      });
      return session;
    });
  });

  it('should keep messages in creation order even when they arrive out of order', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      fakes.hub.incoming.next(lawyerMessage('late', 'zwei', '2026-11-22T10:00:02.000Z'));
      fakes.hub.incoming.next(lawyerMessage('early', 'eins', '2026-11-22T10:00:01.000Z'));
      expect(session.snapshot.messages.map((m) => m.text)).toEqual(['eins', 'zwei']);
      return session;
    });
  });

  it('should show a sent message as pending until the server acknowledges it, then as the stored participant message', () => {
    inVirtualTime(10, (fakes) => {
      fakes.hub.loseAcks = true;
      const session = joinedSession(fakes);
      session.send('Meine Frage');
      expect(session.snapshot.messages).toEqual([expect.objectContaining({ id: 'client-1', kind: 'participant', pending: true, text: 'Meine Frage' })]);
      fakes.hub.loseAcks = false;
      session.send('Zweite Frage');
      // In the order written: the stored second message does not move above the first, still pending.
      expect(session.snapshot.messages.map((m) => [m.id, m.pending])).toEqual([
        ['client-1', true],
        ['srv-2', false],
      ]);
      return session;
    });
  });

  it('should not resend a message whose acknowledgement was lost but which the re-read shows as stored', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.hub.loseAcks = true;
      const session = joinedSession(fakes);
      session.send('Hallo, sind Sie da?');
      at(100, () => {
        fakes.hub.loseAcks = false;
        fakes.hub.reconnected.next();
      });
      at(300, () => {
        expect(fakes.hub.sent.map((s) => s.clientId)).toEqual(['client-1']);
        expect(session.snapshot.messages).toEqual([expect.objectContaining({ id: 'srv-1', kind: 'participant', pending: false })]);
      });
      return session;
    });
  });

  it('should resend a message the server never got after a reconnect with the same clientId and show it once', () => {
    inVirtualTime(1_000, (fakes, at) => {
      fakes.hub.dropSends = true;
      const session = joinedSession(fakes);
      session.send('Hallo, sind Sie da?');
      at(100, () => {
        fakes.hub.dropSends = false;
        fakes.hub.connection.next('reconnecting');
      });
      at(200, () => {
        fakes.hub.connection.next('connected');
        fakes.hub.reconnected.next();
      });
      at(300, () => {
        expect(fakes.hub.sent.map((s) => s.clientId)).toEqual(['client-1', 'client-1']);
        expect(fakes.backend.messages).toHaveLength(1);
        expect(session.snapshot.messages).toEqual([expect.objectContaining({ id: 'srv-1', kind: 'participant', pending: false })]);
      });
      return session;
    });
  });

  it('should mark a message typed offline as not delivered, where it was written, once the server says the chat ended meanwhile', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(100, () => {
        fakes.network.online.next(false);
        fakes.hub.dropSends = true;
        session.send('Noch eine Frage zur Kündigung');
        fakes.hub.connection.next('reconnecting');
      });
      at(200, () => {
        // Meanwhile the lawyer ended the chat: the resend after the reconnect is refused.
        fakes.hub.dropSends = false;
        fakes.hub.chatEnded = true;
        fakes.network.online.next(true);
        fakes.hub.connection.next('connected');
        fakes.hub.reconnected.next();
      });
      at(300, () => {
        expect(fakes.hub.sent.map((m) => m.clientId)).toEqual(['client-1', 'client-1']);
        expect(session.snapshot.messages).toEqual([
          expect.objectContaining({ id: 'client-1', pending: false, notSent: true, text: 'Noch eine Frage zur Kündigung' }),
        ]);
        // Not sent again, not kept for a reload.
        expect(loadPendingMessages(fakes.storage, 'case-1')).toEqual([]);
      });
      at(400, () => {
        fakes.hub.connection.next('reconnecting');
        fakes.hub.connection.next('connected');
        fakes.hub.reconnected.next();
        expect(fakes.hub.sent).toHaveLength(2);
      });
      return session;
    });
  });

  it('should start the hub again and resend a pending message when the device is back online after the hub gave up', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(100, () => {
        fakes.network.online.next(false);
        fakes.hub.dropSends = true;
        session.send('Hallo, sind Sie noch da?');
        // SignalR's last reconnect delay has passed without a network.
        fakes.hub.connection.next('disconnected');
        expect(session.snapshot).toMatchObject({ deviceOnline: false, connection: 'disconnected' });
        expect(fakes.hub.calls).not.toContain('start');
      });
      at(200, () => {
        fakes.hub.dropSends = false;
        fakes.network.online.next(true);
        expect(fakes.hub.calls).toEqual(['start', 'joinLatestChat:case-1']);
        expect(fakes.hub.sent.map((m) => m.clientId)).toEqual(['client-1', 'client-1']);
        expect(session.snapshot.messages).toEqual([expect.objectContaining({ id: 'srv-1', pending: false, text: 'Hallo, sind Sie noch da?' })]);
      });
      return session;
    });
  });

  it('should try to reconnect at once when the device is back online during a 30 s reconnect delay and send what was typed offline once, in order', () => {
    inVirtualTime(60_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(1_000, () => {
        // The phone loses its network; the hub's reconnect runs through 0, 2 and 10 s without one and then waits 30 s.
        fakes.network.online.next(false);
        fakes.hub.connection.next('reconnecting');
        fakes.hub.dropSends = true;
        session.send('Der Bescheid kam am Montag.');
        session.send('Ich habe schon Widerspruch eingelegt.');
      });
      at(14_000, () => {
        fakes.hub.dropSends = false;
        fakes.network.online.next(true);
        expect(fakes.hub.reconnectNowAt).toEqual([14_000]);
        expect(session.snapshot.connection).toBe('connected');
        expect(fakes.hub.calls).toEqual(['joinLatestChat:case-1']);
        expect(fakes.backend.messages.map((m) => m.Message)).toEqual(['Der Bescheid kam am Montag.', 'Ich habe schon Widerspruch eingelegt.']);
        expect(session.snapshot.messages.map((m) => [m.text, m.pending])).toEqual([
          ['Der Bescheid kam am Montag.', false],
          ['Ich habe schon Widerspruch eingelegt.', false],
        ]);
      });
      at(59_000, () => expect(fakes.hub.reconnectNowAt).toEqual([14_000]));
      return session;
    });
  });

  it('should try to reconnect at once when the page is shown again while the hub reconnects (a phone resumes the tab)', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(100, () => {
        fakes.window.visible.next(false);
        fakes.hub.connection.next('reconnecting');
      });
      at(200, () => {
        fakes.window.visible.next(true);
        expect(fakes.hub.reconnectNowAt).toEqual([200]);
        expect(fakes.hub.calls).toEqual(['joinLatestChat:case-1']);
      });
      return session;
    });
  });

  it('should not try to reconnect when the device comes online or the page is shown while the hub is connected', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(100, () => {
        fakes.network.online.next(false);
        fakes.window.visible.next(false);
      });
      at(200, () => {
        fakes.network.online.next(true);
        fakes.window.visible.next(true);
        expect(fakes.hub.reconnectNowAt).toEqual([]);
        expect(fakes.hub.calls).toEqual([]);
      });
      return session;
    });
  });

  it('should start one attempt for repeated online events and the page shown again while that attempt runs', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const attempt = new Subject<Result<void>>();
      fakes.hub.heldReconnect = attempt;
      const session = joinedSession(fakes);
      at(100, () => fakes.hub.connection.next('reconnecting'));
      at(200, () => {
        for (let i = 0; i < 3; i++) {
          fakes.network.online.next(false);
          fakes.network.online.next(true);
          fakes.window.visible.next(false);
          fakes.window.visible.next(true);
        }
        expect(fakes.hub.reconnectNowAt).toEqual([200]);
      });
      at(300, () => {
        // Not back yet: the hub goes on reconnecting, and the next online event tries again.
        attempt.next(err(networkError('offline')));
        fakes.network.online.next(false);
        fakes.network.online.next(true);
        expect(fakes.hub.reconnectNowAt).toEqual([200, 300]);
        attempt.next(ok(undefined));
        expect(session.snapshot.connection).toBe('connected');
        expect(fakes.hub.calls).toEqual(['joinLatestChat:case-1']);
      });
      return session;
    });
  });

  it('should start the hub anew and rejoin when the page is shown again after the hub gave up while online', () => {
    inVirtualTime(1_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(100, () => {
        fakes.window.visible.next(false);
        fakes.hub.startFails = true;
        fakes.hub.connection.next('disconnected');
        // Online all along: the start the hub's end triggered failed (the suspended tab had no network).
        expect(fakes.hub.calls).toEqual(['start']);
      });
      at(200, () => {
        fakes.hub.startFails = false;
        fakes.window.visible.next(true);
        expect(fakes.hub.calls).toEqual(['start', 'start', 'joinLatestChat:case-1']);
        expect(fakes.hub.reconnectNowAt).toEqual([]);
      });
      return session;
    });
  });

  it('should mirror the hub connection state', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      expect(session.snapshot.connection).toBe('connected');
      fakes.hub.connection.next('reconnecting');
      expect(session.snapshot.connection).toBe('reconnecting');
      fakes.hub.connection.next('disconnected');
      expect(session.snapshot.connection).toBe('disconnected');
      return session;
    });
  });
});

describe('ChatSession lawyer events', () => {
  it('should connect the lawyer on Joined and ignore notifications of other chats', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      fakes.hub.notifications.next({ ChatId: 'other', Type: 'Joined' });
      expect(session.snapshot.lawyerConnected).toBe(false);
      notify(fakes, 'Joined', { Data: { LawyerName: LAWYER.Name } });
      expect(session.snapshot).toMatchObject({ lawyerConnected: true, waitingForLawyer: false, lawyerName: LAWYER.Name });
      return session;
    });
  });

  it('should keep the queue position and expected wait the server reports while waiting, and forget them once a lawyer joined', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      expect(session.snapshot.queuePosition).toBeNull();
      notify(fakes, 'QueuePosition', { Data: { Position: 3 } });
      expect(session.snapshot.queuePosition).toBe(3);
      fakes.hub.notifications.next({ ChatId: 'other', Type: 'QueuePosition', Data: { Position: 1 } });
      expect(session.snapshot.queuePosition).toBe(3);
      expect(session.snapshot.expectedWaitMinutes).toBeNull();
      notify(fakes, 'QueuePosition', { Data: { Position: 2, WaitMinutes: 6 } });
      expect(session.snapshot).toMatchObject({ queuePosition: 2, expectedWaitMinutes: 6 });
      // Too few chats taken lately: the server leaves the estimate out, and so does the client.
      notify(fakes, 'QueuePosition', { Data: { Position: 2 } });
      expect(session.snapshot).toMatchObject({ queuePosition: 2, expectedWaitMinutes: null });
      notify(fakes, 'QueuePosition', { Data: { Position: 2, WaitMinutes: 6 } });
      notify(fakes, 'Joined');
      expect(session.snapshot).toMatchObject({ queuePosition: null, expectedWaitMinutes: null });
      notify(fakes, 'QueuePosition', { Data: { Position: 1, WaitMinutes: 6 } });
      expect(session.snapshot).toMatchObject({ queuePosition: null, expectedWaitMinutes: null });
      return session;
    });
  });

  it('should close the case on Closed and also request the phone number on ClosedAndRequestPhoneNumber', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      notify(fakes, 'Closed');
      expect(session.snapshot).toMatchObject({ caseClosed: true, lawyerConnected: false, requestPhoneNumber: false });
      notify(fakes, 'ClosedAndRequestPhoneNumber');
      expect(session.snapshot.requestPhoneNumber).toBe(true);
      return session;
    });
  });

  it('should show the lawyer typing for 2.5 s after IsTyping', () => {
    inVirtualTime(5_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(1_000, () => notify(fakes, 'IsTyping'));
      const seen = snapshotsAt(session, at, [1_001, 3_499, 3_501]);
      at(4_000, () => {
        expect(seen.get(1_001)?.lawyerTyping).toBe(true);
        expect(seen.get(3_499)?.lawyerTyping).toBe(true);
        expect(seen.get(3_501)?.lawyerTyping).toBe(false);
      });
      return session;
    });
  });

  it('should switch to the new chat on Forwarded and ask about file forwarding when files exist', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      fakes.hub.incoming.next(fileMessage('f1'));
      notify(fakes, 'Forwarded', { Data: { NewChatId: 'chat-2' } });
      expect(session.snapshot).toMatchObject({
        chatId: 'chat-2',
        lawyerConnected: false,
        waitingForLawyer: true,
        fileForwardingQuestion: true,
        fileForwardingChatId: 'chat-1',
      });
      return session;
    });
  });

  it('should not ask about file forwarding when no files were exchanged', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Forwarded', { Data: { NewChatId: 'chat-2' } });
      expect(session.snapshot.fileForwardingQuestion).toBe(false);
      return session;
    });
  });

  it('should revoke file forwarding for the old chat when the participant says no', () => {
    inVirtualTime(10, (fakes) => {
      const session = joinedSession(fakes);
      fakes.hub.incoming.next(fileMessage('f1'));
      notify(fakes, 'Forwarded', { Data: { NewChatId: 'chat-2' } });
      session.answerFileForwarding(false);
      expect(fakes.chatHostApi.calls).toEqual(['revokeFileForwarding:chat-1']);
      expect(session.snapshot.fileForwardingQuestion).toBe(false);
      return session;
    });
  });

  it('should show an error key when revoking the file forwarding fails', () => {
    inVirtualTime(10, (fakes) => {
      fakes.chatHostApi.revokeFails = true;
      const session = joinedSession(fakes);
      fakes.hub.incoming.next(fileMessage('f1'));
      notify(fakes, 'Forwarded', { Data: { NewChatId: 'chat-2' } });
      session.answerFileForwarding(false);
      expect(session.snapshot.errorKey).toBe('Chat.RevokeFileForwardingFailed');
      session.dismissError();
      expect(session.snapshot.errorKey).toBeNull();
      return session;
    });
  });

  it('should answer the file-forwarding question with yes after 30 s without revoking', () => {
    inVirtualTime(40_000, (fakes, at) => {
      const session = joinedSession(fakes);
      fakes.hub.incoming.next(fileMessage('f1'));
      at(1_000, () => notify(fakes, 'Forwarded', { Data: { NewChatId: 'chat-2' } }));
      const seen = snapshotsAt(session, at, [30_999, 31_001]);
      at(35_000, () => {
        expect(seen.get(30_999)?.fileForwardingQuestion).toBe(true);
        expect(seen.get(31_001)?.fileForwardingQuestion).toBe(false);
        expect(fakes.chatHostApi.calls).toEqual([]);
      });
      return session;
    });
  });
});

describe('ChatSession timers', () => {
  /** Virtual time `ms` as the ISO time the server stores (the scheduler's clock starts at the epoch). */
  const at0 = (ms: number) => new Date(ms).toISOString();
  const bot = (id: string, ms: number, chatId = 'chat-1') => ({ Id: id, Message: 'Bot', Type: 3 as const, Author: null, Created: at0(ms), ChatId: chatId });

  it('should count the 59 s of the callback offer from the start of the wait after a reload, not from the reload', () => {
    inVirtualTime(120_000, (fakes, at) => {
      const session = new ChatSession(fakes);
      session.activate('/chat/case-1');
      // The onboarding's last bot message was stored with StartChat at 0 s; the participant's own message at 20 s does not count.
      const history = [bot('b1', -5_000), bot('b2', 0), { ...lawyerMessage('p1', 'Noch jemand da?', at0(20_000)), Author: null, Type: 2 as const }];
      at(40_000, () => session.begin({ caseId: 'case-1', chatId: 'chat-1', history, status: openStatus }));
      const seen = snapshotsAt(session, at, [58_999, 59_001]);
      at(60_000, () => {
        expect(seen.get(58_999)?.callbackOffered).toBe(false);
        expect(seen.get(59_001)?.callbackOffered).toBe(true);
      });
      return session;
    });
  });

  it('should count a forwarded chat from its forward notice, and a forward seen live from then', () => {
    inVirtualTime(200_000, (fakes, at) => {
      const session = new ChatSession(fakes);
      session.activate('/chat/case-1');
      const forwardNotice = { Id: 'f1', Message: 'Weitergeleitet', Type: 5 as const, Author: null, Created: at0(30_000), ChatId: 'chat-2' };
      at(50_000, () => session.begin({ caseId: 'case-1', chatId: 'chat-2', history: [bot('b1', 0), forwardNotice], status: openStatus }));
      const seen = snapshotsAt(session, at, [88_999, 89_001]);
      at(90_000, () => {
        expect(seen.get(88_999)?.callbackOffered).toBe(false);
        expect(seen.get(89_001)?.callbackOffered).toBe(true);
        fakes.hub.notifications.next({ ChatId: 'chat-2', Type: 'Joined' });
      });
      at(100_000, () => fakes.hub.notifications.next({ ChatId: 'chat-2', Type: 'Forwarded', Data: { NewChatId: 'chat-3' } }));
      const later = snapshotsAt(session, at, [158_999, 159_001]);
      at(160_000, () => {
        expect(later.get(158_999)?.callbackOffered).toBe(false);
        expect(later.get(159_001)?.callbackOffered).toBe(true);
      });
      return session;
    });
  });

  it('should offer a callback after 59 s of waiting for a lawyer', () => {
    inVirtualTime(70_000, (fakes, at) => {
      const session = joinedSession(fakes);
      const seen = snapshotsAt(session, at, [58_999, 59_001]);
      at(60_000, () => {
        expect(seen.get(58_999)?.callbackOffered).toBe(false);
        expect(seen.get(59_001)?.callbackOffered).toBe(true);
        notify(fakes, 'Joined');
        expect(session.snapshot.callbackOffered).toBe(false);
      });
      return session;
    });
  });

  it('should not wait for a lawyer who is already connected', () => {
    inVirtualTime(70_000, (fakes, at) => {
      const session = new ChatSession(fakes);
      session.begin({ caseId: 'case-1', chatId: 'chat-1', history: [], status: { ...openStatus, LawyerConnected: true } });
      at(65_000, () => expect(session.snapshot).toMatchObject({ waitingForLawyer: false, callbackOffered: false, lawyerConnected: true }));
      return session;
    });
  });

  it('should ping with the current route every 10 s', () => {
    inVirtualTime(25_000, (fakes, at) => {
      const session = joinedSession(fakes, '/chat/new');
      at(15_000, () => session.setRoute('/chat/case-1'));
      at(24_000, () =>
        expect(fakes.hub.pings).toEqual([
          { at: 0, route: '/chat/new' },
          { at: 10_000, route: '/chat/new' },
          { at: 20_000, route: '/chat/case-1' },
        ]),
      );
      return session;
    });
  });

  it('should not ping while the hub is reconnecting or disconnected', () => {
    inVirtualTime(35_000, (fakes, at) => {
      fakes.hub.connection.next('disconnected');
      const session = joinedSession(fakes, '/chat/new');
      at(12_000, () => fakes.hub.connection.next('connected'));
      at(22_000, () => fakes.hub.connection.next('reconnecting'));
      at(34_000, () => expect(fakes.hub.pings).toEqual([{ at: 20_000, route: '/chat/new' }]));
      return session;
    });
  });

  it('should tell a connected lawyer at the first keystroke and then at most every 2 s, and tell nobody before a lawyer joined', () => {
    inVirtualTime(8_000, (fakes, at) => {
      const session = joinedSession(fakes);
      session.userTyping();
      at(100, () => notify(fakes, 'Joined'));
      at(200, () => session.userTyping());
      at(1_000, () => session.userTyping());
      at(2_300, () => session.userTyping());
      at(3_500, () => session.userTyping());
      at(7_000, () => expect(fakes.hub.calls.filter((c) => c.startsWith('typing'))).toEqual(['typing:chat-1@200', 'typing:chat-1@2300']));
      return session;
    });
  });

  it('should keep a message sent while offline over a reload and send it once, with its client id, when the chat opens again', () => {
    inVirtualTime(10_000, (fakes) => {
      fakes.hub.dropSends = true;
      const first = joinedSession(fakes);
      notify(fakes, 'Joined');
      first.send('Der Vermieter hat mir heute geschrieben.');
      expect(loadPendingMessages(fakes.storage, 'case-1')).toHaveLength(1);
      // The phone reloads the page while still offline; then the network is back.
      first.dispose();
      fakes.hub.dropSends = false;
      const second = joinedSession(fakes);
      const [lost, resent] = fakes.hub.sent;
      expect(resent).toEqual({ chatId: 'chat-1', text: 'Der Vermieter hat mir heute geschrieben.', clientId: lost!.clientId });
      const shown = second.snapshot.messages.filter((m) => m.text === 'Der Vermieter hat mir heute geschrieben.');
      expect(shown).toHaveLength(1);
      expect(shown[0]!.pending).toBe(false);
      expect(fakes.storage.get(PENDING_MESSAGES_KEY)).toBeNull();
      return second;
    });
  });

  it('should not send a kept message again when the history already holds it (stored, only its acknowledgement was lost)', () => {
    inVirtualTime(10_000, (fakes) => {
      fakes.hub.loseAcks = true;
      const first = joinedSession(fakes);
      notify(fakes, 'Joined');
      first.send('Schon angekommen');
      first.dispose();
      fakes.hub.loseAcks = false;
      const clientId = fakes.hub.sent[0]!.clientId;
      const second = new ChatSession(fakes);
      second.activate('/chat/case-1');
      const stored = { ...lawyerMessage('s1', 'Schon angekommen'), ClientId: clientId };
      second.begin({ caseId: 'case-1', chatId: 'chat-1', history: [stored], participantId: 'user-1' });
      expect(fakes.hub.sent).toHaveLength(1);
      expect(fakes.storage.get(PENDING_MESSAGES_KEY)).toBeNull();
      return second;
    });
  });

  it('should warn after 180 s without a reply to a lawyer message, play a sound when unfocused, and close by timeout after 60 + 30 s', () => {
    inVirtualTime(300_000, (fakes, at) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      fakes.window.focused.next(false);
      fakes.hub.incoming.next(lawyerMessage('m1', 'Sind Sie noch da?'));
      const seen = snapshotsAt(session, at, [179_999, 180_001, 240_001, 269_001]);
      at(290_000, () => {
        expect(seen.get(179_999)?.inactivity).toBeNull();
        expect(seen.get(180_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 60 });
        expect(seen.get(240_001)?.inactivity).toEqual({ stage: 2, secondsLeft: 30 });
        expect(seen.get(269_001)?.inactivity).toEqual({ stage: 2, secondsLeft: 1 });
        expect(fakes.window.sounds).toEqual([180_000, 240_000]);
        expect(fakes.hub.calls).toContain('closeChatByTimeout:chat-1@270000');
        expect(session.snapshot.inactivity).toBeNull();
      });
      return session;
    });
  });

  it('should start the 180 s again while the participant types an answer, and not close an open dialog by typing', () => {
    inVirtualTime(700_000, (fakes, at) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      fakes.hub.incoming.next(lawyerMessage('m1', 'Bitte schildern Sie den Ablauf.'));
      at(100_000, () => session.userTyping());
      at(170_000, () => session.userTyping());
      // Typing stopped at 170 s: the dialog comes 180 s later, at 350 s, not at 180 s.
      at(360_000, () => session.userTyping());
      const seen = snapshotsAt(session, at, [180_001, 349_999, 350_001, 361_001]);
      at(365_000, () => {
        expect(seen.get(180_001)?.inactivity).toBeNull();
        expect(seen.get(349_999)?.inactivity).toBeNull();
        expect(seen.get(350_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 60 });
        expect(seen.get(361_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 49 });
      });
      return session;
    });
  });

  it('should not warn when the participant answers the lawyer, and restart the count on "Ich bin noch da"', () => {
    inVirtualTime(580_000, (fakes, at) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      fakes.hub.incoming.next(lawyerMessage('m1', 'Frage'));
      at(100_000, () => session.send('Antwort'));
      at(200_000, () => fakes.hub.incoming.next(lawyerMessage('m2', 'Noch eine Frage', '2026-11-22T10:05:00.000Z')));
      at(390_000, () => session.stayActive());
      const seen = snapshotsAt(session, at, [280_001, 389_001, 390_001, 569_999, 570_001]);
      at(575_000, () => {
        expect(seen.get(280_001)?.inactivity).toBeNull();
        expect(seen.get(389_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 51 });
        expect(seen.get(390_001)?.inactivity).toBeNull();
        expect(seen.get(569_999)?.inactivity).toBeNull();
        expect(seen.get(570_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 60 });
        expect(fakes.window.sounds).toEqual([]);
        expect(fakes.hub.calls.some((c) => c.startsWith('closeChatByTimeout'))).toBe(false);
      });
      return session;
    });
  });

  it('should close the dialog and count again when the person answers in another tab, and tell the other tabs on "Ich bin noch da"', () => {
    inVirtualTime(700_000, (fakes, at) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      fakes.hub.incoming.next(lawyerMessage('m1', 'Frage'));
      // Another tab of the same person answered „Ich bin noch da“ at 200 s: this tab's dialog closes, 180 s start again.
      at(200_000, () => notify(fakes, 'StillHere'));
      // At 400 s the lawyer asks again; at 500 s the person answers in the other tab: this tab waits for nothing.
      at(400_000, () => fakes.hub.incoming.next(lawyerMessage('m2', 'Noch eine Frage', '2026-11-22T10:05:00.000Z')));
      at(500_000, () => fakes.hub.incoming.next({ ...lawyerMessage('p1', 'Antwort aus dem anderen Tab', '2026-11-22T10:07:00.000Z'), Author: PARTICIPANT }));
      at(690_000, () => session.stayActive());
      const seen = snapshotsAt(session, at, [199_001, 200_001, 379_999, 380_001, 580_001, 685_000]);
      at(695_000, () => {
        expect(seen.get(199_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 41 });
        expect(seen.get(200_001)?.inactivity).toBeNull();
        expect(seen.get(379_999)?.inactivity).toBeNull();
        expect(seen.get(380_001)?.inactivity).toEqual({ stage: 1, secondsLeft: 60 });
        expect(seen.get(580_001)?.inactivity).toBeNull();
        expect(seen.get(685_000)?.inactivity).toBeNull();
        expect(fakes.hub.calls.some((c) => c.startsWith('closeChatByTimeout'))).toBe(false);
        expect(fakes.hub.calls).toContain('stayActive:chat-1@690000');
      });
      return session;
    });
  });

  it('should count a file the person sends as their answer: no warning, no close for inactivity', () => {
    inVirtualTime(400_000, (fakes, at) => {
      const session = joinedSession(fakes);
      notify(fakes, 'Joined');
      fakes.hub.incoming.next(lawyerMessage('m1', 'Bitte senden Sie mir Ihren Arbeitsvertrag.'));
      // The upload's File message comes back from the server, authored by the person.
      at(3_000, () => fakes.hub.incoming.next({ ...fileMessage('f1', '2026-11-22T10:00:03.000Z'), Author: PARTICIPANT }));
      const seen = snapshotsAt(session, at, [183_001, 390_000]);
      at(395_000, () => {
        expect(seen.get(183_001)?.inactivity).toBeNull();
        expect(seen.get(390_000)?.inactivity).toBeNull();
        expect(fakes.hub.calls.some((c) => c.startsWith('closeChatByTimeout'))).toBe(false);
      });
      return session;
    });
  });

  it("should keep the server's reason for ending the connection for good, until the connection is up again", () => {
    inVirtualTime(1_000, (fakes, at) => {
      const session = joinedSession(fakes);
      at(100, () => {
        fakes.hub.closedByServer.next('Ihre Daten wurden auf Ihren Wunsch gelöscht.');
        fakes.hub.connection.next('disconnected');
        expect(session.snapshot).toMatchObject({ connection: 'disconnected', closedByServer: 'Ihre Daten wurden auf Ihren Wunsch gelöscht.' });
      });
      at(200, () => {
        fakes.hub.connection.next('connected');
        expect(session.snapshot.closedByServer).toBeNull();
      });
      return session;
    });
  });

  it('should toggle the title on a lawyer message while unfocused until focus returns', () => {
    inVirtualTime(10_000, (fakes, at) => {
      const session = joinedSession(fakes);
      fakes.window.focused.next(false);
      const titles: string[] = [];
      [0, 2_000, 4_000].forEach((t) => at(t + 1, () => titles.push(fakes.window.title)));
      fakes.hub.incoming.next(lawyerMessage('m1', 'Hallo'));
      at(5_000, () => fakes.window.focused.next(true));
      at(6_000, () => {
        expect(titles).toEqual(['Neue Nachricht', 'Rechtsberatung im Chat', 'Neue Nachricht']);
        expect(fakes.window.title).toBe('Rechtsberatung im Chat');
      });
      return session;
    });
  });

  it('should not toggle the title for the participant own messages', () => {
    inVirtualTime(5_000, (fakes, at) => {
      const session = joinedSession(fakes);
      fakes.window.focused.next(false);
      session.send('Meine Nachricht');
      fakes.hub.incoming.next(fakes.backend.messages[0]!);
      at(3_000, () => expect(fakes.window.title).toBe('Rechtsberatung im Chat'));
      return session;
    });
  });
});
