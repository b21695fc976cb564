// The chat feature's own error codes with their HTTP statuses. Over the hub a refusal carries its code in the
// completion ({ Error, Message }), so the console tells "a colleague was faster" apart without reading the text.
import { errorCodes } from '../../platform/errors.js';

export const chatError = errorCodes({
  /** AcceptChat lost the race: another lawyer accepted the chat first. */
  ChatTaken: 409,
  /**
   * A message for a chat that no longer takes messages (closed, forwarded, timed out): a client that typed it offline
   * learns that no resend can deliver it (core chatSession.ts marks it „nicht zugestellt“).
   */
  ChatEnded: 409,
  /**
   * A change to a case by the lawyer who forwarded its chat (field of law, a case file from it): the colleague holds it
   * now. Reads of what came before the forward stay open; what came after answers 404.
   */
  ChatForwarded: 403,
  /** StartChat: the person began more consultations within the last hour than anyone asking for advice would. */
  TooManyRequests: 429,
  /**
   * `POST api/chat/secondLevel/param/{param}`: the person left numbers under as many link parameters as any campaign
   * needs (MAX_SECOND_LEVEL_PARAMS); a further parameter is refused, a known one still takes a new number.
   */
  SecondLevelParamsExceeded: 409,
  /** The protocol's confirmation link (protocolConfirmation.ts): unknown, or replaced by a newer link to the case. */
  ProtocolLinkInvalid: 404,
  /** The link's 48 hours are over (until the retention job deletes it; then it is unknown). */
  ProtocolLinkExpired: 410,
  /** The link confirmed its address already: it works once. */
  ProtocolLinkUsed: 409,
  /** A renewal of a link that still works (`…/protocol-confirmation/renew`): it confirms as it is. */
  ProtocolLinkStillOpen: 409,
  /** The link was renewed PROTOCOL_CONFIRMATION_MAX_RENEWALS times already: no further mail goes to its address. */
  ProtocolLinkRenewalLimit: 409,
  /** A renewal for a case whose protocol went out meanwhile (exactly once per case): nothing is to be confirmed. */
  ProtocolAlreadySent: 409,
});
