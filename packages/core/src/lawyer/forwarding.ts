// How long a forwarded chat is offered to the chosen colleague alone: the server's rule (its lifecycle sweep) and the
// console's hint under "Weiterleiten" say the same number.

/** After this many minutes without being taken, a forwarded chat is offered to every lawyer. */
export const FORWARD_HOLD_MINUTES = 5;
