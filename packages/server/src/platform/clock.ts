/** The server's time source, injected so tests can move it (office hours, expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
