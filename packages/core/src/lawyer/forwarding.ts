// How long a forwarded chat is offered to the chosen colleague alone: the server's rule (its lifecycle sweep) and the
// console's hint under "Weiterleiten" say the same number.

/** After this many minutes without being taken, a forwarded chat is offered to every lawyer. */
export const FORWARD_HOLD_MINUTES = 5;

/**
 * After this many minutes with no console of its lawyer connected (tab closed, crash, network gone, sessions ended),
 * an active chat goes back to every lawyer's queue, so its client does not wait for someone who is not there.
 */
export const LAWYER_AWAY_MINUTES = 5;
