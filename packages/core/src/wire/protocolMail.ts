// The protocol mail's double opt-in: `POST /api/chat/protocol/{caseId}` answers 204 when the protocol went to an
// address the participant confirmed before, and 202 with `ProtocolConfirmationPending` when a confirmation mail went
// out first. The link in that mail (`/protokoll/bestaetigen#<token>`) is inspected and confirmed by POST with the token
// in the body, never in a URL; an expired one is renewed the same way (a new link to the same stored address).
import * as t from 'io-ts';
import { IsoDate } from './primitives.js';

/** 202 of the protocol request: the protocol follows once the link in the mail to the address is confirmed. */
export const ProtocolConfirmationPending = t.type({ ConfirmationPending: t.literal(true), ExpiresAt: IsoDate }, 'ProtocolConfirmationPending');
export type ProtocolConfirmationPending = t.TypeOf<typeof ProtocolConfirmationPending>;

/** Body of `POST /api/chat/protocol-confirmation/inspect`, `…/confirm` and `…/renew`: the token from the link's fragment. */
export const ProtocolConfirmationRequest = t.type({ Token: t.string }, 'ProtocolConfirmationRequest');
export type ProtocolConfirmationRequest = t.TypeOf<typeof ProtocolConfirmationRequest>;

/**
 * What an open link sends where: the case's reference (RC-…), the address and until when the link works. `…/renew`
 * answers the same of the new link it mailed to the expired link's address.
 */
export const ProtocolConfirmationInfo = t.type({ Reference: t.string, Email: t.string, ExpiresAt: IsoDate }, 'ProtocolConfirmationInfo');
export type ProtocolConfirmationInfo = t.TypeOf<typeof ProtocolConfirmationInfo>;

/** The confirmed link: the protocol went to `Email` now, or had gone out before (`AlreadySent`). */
export const ProtocolConfirmed = t.type({ Reference: t.string, Email: t.string, AlreadySent: t.boolean }, 'ProtocolConfirmed');
export type ProtocolConfirmed = t.TypeOf<typeof ProtocolConfirmed>;

/**
 * The link's refusals: unknown (or replaced by a newer one), expired, or used already; of a renewal besides: the link
 * still works, it was renewed as often as allowed, or the case's protocol went out meanwhile.
 */
export const ProtocolLinkErrorCodes = {
  invalid: 'ProtocolLinkInvalid',
  expired: 'ProtocolLinkExpired',
  used: 'ProtocolLinkUsed',
  stillOpen: 'ProtocolLinkStillOpen',
  renewalLimit: 'ProtocolLinkRenewalLimit',
  alreadySent: 'ProtocolAlreadySent',
} as const;
