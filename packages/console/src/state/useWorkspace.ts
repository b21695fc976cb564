// Everything after login: the hub connection, the queue (refreshed on QueueChanged), callbacks,
// colleagues and the one chat the lawyer is working on.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { HubConnectionLike } from '@rechtschat/adapters/signalr';
import type { CallbackEntry, ChatMessage, LawyerProfile, QueueEntry } from '@rechtschat/core';
import type { LawyerApi } from '../api/lawyerApi.js';
import { createLawyerHub, lawyerHubUrl, type LawyerHub } from '../api/lawyerHub.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { belongsTo, mergeMessages } from './messages.js';
import { throttleTyping } from './typingThrottle.js';
import { useTypingIndicator } from './useTypingIndicator.js';

export interface ActiveChat {
  readonly chatId: string;
  readonly caseId: string;
  readonly description: string;
  readonly messages: readonly ChatMessage[];
  /** Set once the chat is closed or forwarded: input and actions are gone. */
  readonly ended: 'Chat.Closed' | 'Chat.Forwarded' | null;
}

export interface WorkspaceDeps {
  readonly api: LawyerApi;
  readonly connect: (hubUrl: string) => HubConnectionLike;
  readonly now: () => number;
  /** The session ended on the server (401): back to the login. */
  readonly onSessionExpired: () => void;
}

export function useWorkspace({ api, connect, now, onSessionExpired }: WorkspaceDeps) {
  const [queue, setQueue] = useState<readonly QueueEntry[]>([]);
  const [callbacks, setCallbacks] = useState<readonly CallbackEntry[]>([]);
  const [colleagues, setColleagues] = useState<readonly LawyerProfile[]>([]);
  const [active, setActive] = useState<ActiveChat | null>(null);
  const [error, setError] = useState<ConsoleTextKey | null>(null);
  const [hub, setHub] = useState<LawyerHub | null>(null);
  const activeChatId = useRef<string | null>(null);
  const participantTyping = useTypingIndicator();
  const { show: showTyping, hide: hideTyping } = participantTyping;

  const refresh = useCallback(async () => {
    const [q, c] = await Promise.all([api.queue(), api.callbacks()]);
    if (q._tag === 'Right') setQueue(q.right);
    if (c._tag === 'Right') setCallbacks(c.right);
    const failed = [q, c].flatMap((r) => (r._tag === 'Left' ? [r.left] : []));
    if (failed.some((e) => e._tag === 'HttpError' && e.status === 401)) onSessionExpired();
    else if (failed.length > 0) setError('Error.Generic');
  }, [api, onSessionExpired]);

  useEffect(() => {
    let live = true;
    const connection = connect(lawyerHubUrl(api.chatUrl));
    const created = createLawyerHub(connection, {
      queueChanged: () => {
        if (live) void refresh();
      },
      message: (message) => {
        const chatId = activeChatId.current;
        if (!live || !chatId || !belongsTo(message, chatId)) return;
        hideTyping();
        setActive((chat) => (chat && chat.chatId === chatId ? { ...chat, messages: mergeMessages(chat.messages, [message]) } : chat));
      },
      notification: (notification) => {
        if (!live || notification.ChatId !== activeChatId.current) return;
        if (notification.Type === 'IsTyping') showTyping();
        if (notification.Type === 'Closed' || notification.Type === 'ClosedAndRequestPhoneNumber') setActive((chat) => (chat ? { ...chat, ended: 'Chat.Closed' } : chat));
      },
    });
    void created.start().then(
      () => {
        if (live) setHub(created);
      },
      () => {
        if (live) setError('Error.Network');
      },
    );
    void refresh();
    void api.colleagues().then((result) => {
      if (live && result._tag === 'Right') setColleagues(result.right);
    });
    return () => {
      live = false;
      void created.stop();
    };
  }, [api, connect, refresh, showTyping, hideTyping]);

  const run = useCallback(async (action: () => Promise<void>) => {
    try {
      setError(null);
      await action();
    } catch {
      setError('Error.Generic');
    }
  }, []);

  const accept = useCallback(
    (entry: QueueEntry) =>
      run(async () => {
        if (!hub) return;
        const joined = await hub.acceptChat(entry.ChatId);
        activeChatId.current = joined.ChatId;
        setActive({ chatId: joined.ChatId, caseId: joined.CaseId, description: entry.Description, messages: [], ended: null });
        // The whole case so far (bot onboarding included), then whatever arrived live meanwhile.
        const history = await api.messages(joined.CaseId);
        if (history._tag === 'Right') setActive((chat) => (chat && chat.chatId === joined.ChatId ? { ...chat, messages: mergeMessages(history.right, chat.messages) } : chat));
        else setError('Error.Generic');
      }),
    [api, hub, run],
  );

  const send = useCallback(
    (text: string) =>
      run(async () => {
        const chatId = activeChatId.current;
        if (hub && chatId && text.trim() !== '') await hub.sendMessage(chatId, text.trim());
      }),
    [hub, run],
  );

  const typing = useMemo(
    () =>
      throttleTyping(() => {
        const chatId = activeChatId.current;
        if (hub && chatId) hub.sendTyping(chatId).catch(() => undefined);
      }, now),
    [hub, now],
  );

  const close = useCallback(
    (requestPhoneNumber: boolean) =>
      run(async () => {
        const chatId = activeChatId.current;
        if (!hub || !chatId) return;
        await hub.closeChat(chatId, requestPhoneNumber);
        setActive((chat) => (chat ? { ...chat, ended: 'Chat.Closed' } : chat));
      }),
    [hub, run],
  );

  const forward = useCallback(
    (lawyerId: string) =>
      run(async () => {
        const chatId = activeChatId.current;
        if (!hub || !chatId) return;
        await hub.forwardChat(chatId, lawyerId);
        setActive((chat) => (chat ? { ...chat, ended: 'Chat.Forwarded' } : chat));
      }),
    [hub, run],
  );

  const leave = useCallback(() => {
    activeChatId.current = null;
    hideTyping();
    setActive(null);
    void refresh();
  }, [refresh, hideTyping]);

  return { connected: hub !== null, participantTyping: participantTyping.visible, queue, callbacks, colleagues, active, error, accept, send, typing, close, forward, leave };
}
