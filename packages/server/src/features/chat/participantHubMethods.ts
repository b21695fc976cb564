// Hub methods a participant may call. Each checks that the chat/case is the caller's.
import { characterCount, MessageType, StartChatRequest, type Notification } from '@rechtschat/core';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { hubOf } from '../../context.js';
import { closeChatByTimeout, latestChatOfCase, startChat } from './chats.js';
import { messageToWire } from './messages.js';
import { isChatOpen, outsideServiceHoursNow } from '../serviceHours/index.js';
import type { HubCallContext } from '../../hub/hub.types.js';
import { HUB_ERROR, HubError } from '../../hub/hubError.js';
import { arg, argCount, asHubCall, asHubError, idArg, MAX_TEXT_LENGTH } from '../../platform/hubCalls/args.js';
import { RawJson } from '../../hub/hubProtocol.js';
import { caseGroup, distributeMessage, queueChanged, sendNotification } from './broadcast.js';
import { participantChats } from './participantChats.js';
import { sendQueuePositionAfterAnswer } from './queuePositions.js';
import { afterClosedByTimeout } from './lifecycle/closing.js';
import { clientMessageQuota } from './clientMessageQuota.js';
import { findMessageByClientId } from './messageQueries.js';
import { findChat } from './chatQueries.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import { INVALID_CLIENT_ID, isCallerClientId, resendOf } from './clientIds.js';

const ClientId = t.union([t.string, t.null, t.undefined]);

/** MAX_CLIENT_MESSAGES_PER_CHAT reached (clientMessageQuota.ts). */
const CHAT_FULL =
  'In diesem Chat können Sie keine weiteren Nachrichten senden: Er hat die größtmögliche Zahl an Nachrichten erreicht. Bitte beenden Sie den Chat und beginnen Sie für weitere Fragen eine neue Beratung.';

/** A character that shows: neither white space nor an invisible format character (Unicode Cf). */
const VISIBLE_CHARACTER = /[^\s\p{Cf}]/u;

export function validText(raw: unknown): string {
  if (typeof raw !== 'string') throw new HubError(HUB_ERROR, 'Ungültiges Argument: Text wird erwartet.');
  const text = withoutBidiControls(raw).trim();
  // Nothing visible – only spaces or invisible format characters such as zero-width spaces – is no message: it would
  // show as an empty bubble. The test stops at the first visible character, so a usual message costs one step.
  if (!VISIBLE_CHARACTER.test(text)) throw new HubError(HUB_ERROR, 'Bitte geben Sie eine Nachricht ein.');
  // Characters as people count them: 750 emoji are 750 characters, not 1500 (core characterCount). Never more
  // characters than UTF-16 units, so the usual short message is not counted on the message path.
  if (text.length > MAX_TEXT_LENGTH && characterCount(text) > MAX_TEXT_LENGTH)
    throw new HubError(HUB_ERROR, `Eine Nachricht darf höchstens ${MAX_TEXT_LENGTH} Zeichen lang sein.`);
  return text;
}

export function validClientId(args: readonly unknown[], index: number): string | null {
  const raw = args[index];
  // The codec only for what it rejects (its message); the usual string, null or absent directly.
  const value = raw === undefined || raw === null ? null : typeof raw === 'string' ? raw : (arg(args, index, ClientId) ?? null);
  // Neither malformed nor one of the server's own notice ids (clientIds.ts).
  if (value !== null && !isCallerClientId(value)) throw new HubError(HUB_ERROR, INVALID_CLIENT_ID);
  return value;
}

export function participantMethods(ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock };
  const ownChat = participantChats(ctx.db);
  const counted = ctx.metrics.messages.labels({ author: 'participant' });
  const quota = clientMessageQuota(ctx.db, ctx.config.maxClientMessagesPerChat);
  return {
    async StartChat(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const parsed = arg(args, 0, StartChatRequest);
      // The description and the onboarding answers reach the lawyer's console and the protocol like messages.
      const request: StartChatRequest = {
        ...parsed,
        Description: withoutBidiControls(parsed.Description),
        ...(parsed.Transcript ? { Transcript: parsed.Transcript.map((entry) => ({ ...entry, Message: withoutBidiControls(entry.Message) })) } : {}),
      };
      if (request.Description.trim() === '' || request.Description.length > 5000)
        throw new HubError(HUB_ERROR, 'Bitte beschreiben Sie Ihr Anliegen (höchstens 5000 Zeichen).');
      if (!(await isChatOpen(ctx))) throw asHubError(await outsideServiceHoursNow(ctx));
      const { caseId, chatId } = await asHubCall(() => startChat(deps, call.principal.id, request));
      await hubOf(ctx).addToGroup(call.connectionId, caseGroup(caseId));
      await queueChanged(ctx);
      sendQueuePositionAfterAnswer(ctx, caseId);
      return { CaseId: caseId, ChatId: chatId };
    },

    async JoinLatestChat(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const caseId = idArg(args, 0);
      const chat = await asHubCall(() => latestChatOfCase(deps, call.principal.id, caseId));
      await hubOf(ctx).addToGroup(call.connectionId, caseGroup(caseId));
      // A reload or a second device of a waiting client learns its place at once, not at the next queue change.
      if (chat.state === 'waiting') sendQueuePositionAfterAnswer(ctx, caseId);
      return { CaseId: caseId, ChatId: chat.id };
    },

    async SendMessage(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 2, 3);
      const chatId = idArg(args, 0);
      const text = validText(args[1]);
      const clientId = validClientId(args, 2);
      const { caseId } = await asHubCall(() => ownChat(call.principal.id, chatId));
      const author = { kind: 'participant' as const, id: call.principal.id, name: null };
      if (!(await quota.reserve(chatId))) {
        // A resend of a message stored before the chat was full (its answer was lost) still gets the stored one.
        const stored = clientId === null ? undefined : await findMessageByClientId(ctx.db, chatId, clientId);
        if (stored) return RawJson.of(messageToWire(await asHubCall(async () => resendOf(stored, { author }))));
        throw new HubError(HUB_ERROR, CHAT_FULL);
      }
      const input = {
        caseId,
        chatId,
        clientId,
        type: MessageType.Message,
        text,
        author,
        onlyWhileChatOpen: true,
      };
      let appended;
      try {
        appended = await asHubCall(() => ctx.messages.append(input));
      } catch (error) {
        quota.release(chatId);
        throw error;
      }
      const [row, created] = appended;
      if (!created) quota.release(chatId);
      // Serialised once: the completion and DistributeMessage to both groups carry the same JSON.
      const wire = RawJson.of(messageToWire(row));
      if (created) {
        counted.inc();
        await distributeMessage(ctx, row, wire, call.connectionId);
      }
      return wire;
    },

    async CloseChatByTimeout(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const chatId = idArg(args, 0);
      const { chat } = await asHubCall(() => closeChatByTimeout(deps, call.principal.id, chatId));
      // The reason first, in the transcript, then the closure: neither side sees a chat end without a word. The same
      // steps follow when the server closes a chat whose client is gone (lifecycle/closing.ts).
      await afterClosedByTimeout(ctx, chat.case_id, chatId, chat.state === 'waiting');
      return null;
    },

    async SendTypingNotification(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const chatId = idArg(args, 0);
      const { caseId } = await asHubCall(() => ownChat(call.principal.id, chatId));
      // As for the lawyer's typing: only into a chat a lawyer holds now – after a close or a forward the lawyer who
      // handed it on must not see the client typing in it.
      if ((await findChat(ctx.db, chatId))?.state !== 'active') return null;
      await sendNotification(ctx, caseId, { ChatId: chatId, Type: 'IsTyping' }, 'lawyer');
      return null;
    },

    /**
     * „Ich bin noch da“ in one tab: the person's other tabs and devices close their inactivity dialog too. Each runs its
     * own timer, and one left counting would end the chat by timeout although the person answered.
     */
    async StayActive(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const chatId = idArg(args, 0);
      const { caseId } = await asHubCall(() => ownChat(call.principal.id, chatId));
      const stillHere: Notification = { ChatId: chatId, Type: 'StillHere', Data: null };
      await hubOf(ctx).sendToGroups([caseGroup(caseId)], 'SendNotification', [stillHere], call.connectionId);
      return null;
    },
  };
}
