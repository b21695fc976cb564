// Secrets for tests that start the server or load its configuration, production mode included: random values as
// `openssl rand -base64 48` prints them, since production refuses weak ones such as 64 times the same character
// (config.ts › readSecret, platform/secretStrength.ts). Fixed, so a test can start a second instance with the same
// value.

export const TEST_SESSION_SECRET = 'BMnkD/zU+jcOHjuTTzBDmHbMacHPApYr0wkZqqopYuIBN55Ez3u9KU4tRTmUSN7N';
export const TEST_ENTRY_TOKEN_SECRET = 'uFlu6wAOLwTGxHALkdFEJpt1H6FgZHJ4mHLhRPpchHfFMafFBC1r3MyaPM/EQQP+';
/** Another session secret: a restore started with the wrong one. */
export const OTHER_SESSION_SECRET = 'KYvNjLdOTjDcSDcEjFmhUGk6dJ3U/kZqwVHAHMuQ/8OAb+c/Rbt/z5pRYVTRcmAi';
