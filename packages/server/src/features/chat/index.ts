// Feature entry point: the chats – REST on the chat host (start, transcript, files), the after-chat pages on the web
// origin, the participant's hub methods, message writing, broadcasts and the lifecycle sweep. Other features import
// this file only.
import type { FeaturePlugin } from '../../context.js';

export { caseGroup, chatGroup, distributeMessage, LAWYERS_GROUP, lawyersQueueChanged, queueChanged, sendNotification } from './broadcast.js';
export { CASE_OWNED_TABLES } from './caseOwnedTables.js';
export { hasRunningChat, listOpenCaseIdsOfParticipant } from './caseQueries.js';
export { holdCase, listActiveChatsOfLawyer } from './chatQueries.js';
export { claimCallback, listCallbacks, releaseCallback, SECOND_LEVEL_AVAILABILITY, setCallbackDone } from './feedback.js';
export { startChatLifecycle, type ChatLifecycle } from './lifecycle/index.js';
export { clientAwaySince, PRESENCE_STALE_MS } from './lifecycle/rules.js';
export { createMessageWriter, type MessageWriter } from './messageWriter.js';
export { trackPendingAppends } from './groupCommit.js';
export { participantMethods } from './participantHubMethods.js';
export { logOutParticipantBrowser } from './participantLogout.js';
export type { CasesTable } from './tables.js';
export { secondLevelTokenPath } from './tokenPaths.js';
export { protocolInput, usageConfirmationInput } from './transcript.js';
// What the lawyer's hub methods (features/lawyer) do to a chat.
export { assertLawyerInCharge, chatOfLawyer, chatsReadableByLawyer } from './chatAccess.js';
export { acceptChat, closeChatByLawyer, forwardChat } from './chats.js';
export { messageToWire } from './messages.js';
export { validClientId, validText } from './participantHubMethods.js';
export { serverClientId } from './clientIds.js';
export { mailProtocolAfterClose } from './protocolRequest.js';
export { casesWithAddressConfirmedByMail } from './protocolConfirmationQueries.js';
export { PROTOCOL_CONFIRMATION_MAX_RENEWALS, PROTOCOL_CONFIRMATION_RENEWABLE_MS } from './protocolConfirmation.js';
export { announceForwardHandedOver, announceLawyerJoined } from './systemNotices.js';

export const chatFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  if (origin === 'web') {
    const { afterChatRoutes } = await import('./afterChatRoutes.js');
    await afterChatRoutes(app, ctx);
    return;
  }
  const { chatHostRoutes } = await import('./chatHostRoutes.js');
  const { transcriptRoutes } = await import('./transcriptRoutes.js');
  const { fileRoutes } = await import('./fileRoutes.js');
  await chatHostRoutes(app, ctx);
  await transcriptRoutes(app, ctx);
  await fileRoutes(app, ctx);
};
