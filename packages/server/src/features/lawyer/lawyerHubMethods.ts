// Hub methods a lawyer may call: accept, message, close, forward, typing.
import { MessageType } from '@rechtschat/core';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { hubOf } from '../../context.js';
import {
  acceptChat,
  announceLawyerJoined,
  chatGroup,
  chatOfLawyer,
  closeChatByLawyer,
  distributeMessage,
  forwardChat,
  mailProtocolAfterClose,
  messageToWire,
  queueChanged,
  sendNotification,
  validClientId,
  validText,
} from '../chat/index.js';
import { lawyerById } from './lawyers.js';
import type { HubCallContext } from '../../hub/hub.types.js';
import { HUB_ERROR, HubError } from '../../hub/hubError.js';
import { RawJson } from '../../hub/hubProtocol.js';
import { arg, argCount, asHubCall, idArg } from '../../platform/hubCalls/args.js';

async function lawyerName(ctx: AppContext, id: string): Promise<string> {
  return (await lawyerById(ctx.db, id))?.name ?? 'Ihre Anwältin / Ihr Anwalt';
}

/** The Close reason the lawyer's other connections get when a chat was accepted on one device. */
const ACCEPTED_ELSEWHERE = 'Sie haben auf einem anderen Gerät einen Chat angenommen.';

export function lawyerMethods(ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock };
  return {
    async AcceptChat(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const chatId = idArg(args, 0);
      const { chat } = await asHubCall(() => acceptChat(deps, call.principal.id, chatId));
      await hubOf(ctx).addToGroup(call.connectionId, chatGroup(chat.case_id, chatId));
      // The lawyer's other devices (another browser, the office PC) reconnect at once: their connections join the new
      // chat's group and the console re-reads its chats, so the chat opens there too and its messages reach them.
      await hubOf(ctx).reconnectPrincipal(call.principal, ACCEPTED_ELSEWHERE, call.connectionId);
      const name = await lawyerName(ctx, call.principal.id);
      await announceLawyerJoined(ctx, chat.case_id, chatId, name);
      await sendNotification(ctx, chat.case_id, { ChatId: chatId, Type: 'Joined', Data: { LawyerName: name } }, 'participant');
      await queueChanged(ctx);
      return { CaseId: chat.case_id, ChatId: chatId };
    },

    async SendMessage(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 2, 3);
      const chatId = idArg(args, 0);
      const text = validText(args[1]);
      const clientId = validClientId(args, 2);
      const { chat } = await asHubCall(() => chatOfLawyer(ctx.db, call.principal.id, chatId));
      if (chat.state !== 'active') throw new HubError(HUB_ERROR, 'Dieser Chat ist nicht aktiv.');
      const author = { kind: 'lawyer' as const, id: call.principal.id, name: await lawyerName(ctx, call.principal.id) };
      // A client id stored by another author (the client's) is refused as a hub error, not answered as a resend (clientIds.ts).
      const [row, created] = await asHubCall(() => ctx.messages.append({ caseId: chat.case_id, chatId, clientId, type: MessageType.Message, text, author }));
      // Serialised once: the completion and DistributeMessage to both groups carry the same JSON.
      const wire = RawJson.of(messageToWire(row));
      if (created) {
        ctx.metrics.messages.inc({ author: 'lawyer' });
        await distributeMessage(ctx, row, wire, call.connectionId);
      }
      return wire;
    },

    async CloseChat(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1, 2);
      const chatId = idArg(args, 0);
      const requestPhone = arg(args, 1, t.union([t.boolean, t.undefined])) ?? false;
      const { chat } = await asHubCall(() => closeChatByLawyer(deps, call.principal.id, chatId, requestPhone));
      await sendNotification(ctx, chat.case_id, { ChatId: chatId, Type: requestPhone ? 'ClosedAndRequestPhoneNumber' : 'Closed' }, 'both');
      void mailProtocolAfterClose(ctx, chat.case_id);
      return null;
    },

    async ForwardChat(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 2);
      const chatId = idArg(args, 0);
      const target = idArg(args, 1);
      const result = await asHubCall(() => forwardChat(deps, call.principal.id, chatId, target));
      // LawyerName: the forwarding lawyer's other devices name the colleague in the ended tab (the client reads it in the notice).
      await sendNotification(
        ctx,
        result.from.case.id,
        { ChatId: chatId, Type: 'Forwarded', Data: { NewChatId: result.newChatId, LawyerName: result.targetName } },
        'both',
      );
      await distributeMessage(ctx, result.notice);
      await hubOf(ctx).removeFromGroup(call.connectionId, chatGroup(result.from.case.id, chatId));
      await queueChanged(ctx);
      return { CaseId: result.from.case.id, ChatId: result.newChatId };
    },

    async SendTypingNotification(call: HubCallContext, args: readonly unknown[]) {
      argCount(args, 1);
      const chatId = idArg(args, 0);
      const { chat } = await asHubCall(() => chatOfLawyer(ctx.db, call.principal.id, chatId));
      // Typing into an ended or forwarded chat reaches nobody: the client talks to the colleague now, if anyone.
      if (chat.state !== 'active') return null;
      await sendNotification(ctx, chat.case_id, { ChatId: chatId, Type: 'IsTyping' }, 'participant');
      return null;
    },
  };
}
