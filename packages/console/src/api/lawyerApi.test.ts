import { describe, expect, it } from 'vitest';
import { CHAT, WEB, fakeFetch, me } from '../test/fakes.js';
import { createLawyerApi, fetchChatUrl } from './lawyerApi.js';

describe('fetchChatUrl', () => {
  it('should add the trailing slash to the chat host address of the web origin', async () => {
    const { fetcher, calls } = fakeFetch({ [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' } });
    expect(await fetchChatUrl(fetcher, WEB)).toEqual({ _tag: 'Right', right: CHAT });
    expect(calls[0]?.url).toBe(`${WEB}/api/chat/url`);
  });

  it('should refuse an answer that is no address', async () => {
    const { fetcher } = fakeFetch({ [`GET ${WEB}/api/chat/url`]: { status: 200, body: '<html>' } });
    expect((await fetchChatUrl(fetcher, WEB))._tag).toBe('Left');
  });
});

describe('createLawyerApi', () => {
  it('should log in with credentials included and decode the profile', async () => {
    const { fetcher, calls } = fakeFetch({ [`POST ${CHAT}api/lawyer/login`]: { status: 200, body: me } });
    const result = await createLawyerApi(fetcher, CHAT).login('anna@example.org', 'geheim');
    expect(result).toEqual({ _tag: 'Right', right: me });
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ Email: 'anna@example.org', Password: 'geheim' });
  });

  it('should turn a 401 into an HttpError with the server code', async () => {
    const { fetcher } = fakeFetch({
      [`POST ${CHAT}api/lawyer/login`]: { status: 401, body: { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' } },
    });
    const result = await createLawyerApi(fetcher, CHAT).login('anna@example.org', 'falsch');
    expect(result).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'Bitte melden Sie sich an.' } });
  });

  it('should ask the who-am-I probe with credentials and decode the profile, or null without a session', async () => {
    const signedIn = fakeFetch({ [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: me } });
    expect(await createLawyerApi(signedIn.fetcher, CHAT).whoAmI()).toEqual({ _tag: 'Right', right: me });
    expect(signedIn.calls.map((c) => [c.url, c.init?.credentials])).toEqual([[`${CHAT}api/lawyer/whoami`, 'include']]);
    const visitor = fakeFetch({ [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null } });
    expect(await createLawyerApi(visitor.fetcher, CHAT).whoAmI()).toEqual({ _tag: 'Right', right: null });
  });

  it('should refuse a profile that does not match the contract', async () => {
    const { fetcher } = fakeFetch({ [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: { ...me, Gender: 'unbekannt' } } });
    const result = await createLawyerApi(fetcher, CHAT).whoAmI();
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should report an unreachable server as a NetworkError', async () => {
    const api = createLawyerApi(() => Promise.reject(new TypeError('Failed to fetch')), CHAT);
    const result = await api.whoAmI();
    expect(result._tag === 'Left' && result.left._tag).toBe('NetworkError');
  });

  it('should log out with an empty answer', async () => {
    const { fetcher, calls } = fakeFetch({ [`POST ${CHAT}api/lawyer/logout`]: { status: 204, body: '' } });
    expect(await createLawyerApi(fetcher, CHAT).logout()).toEqual({ _tag: 'Right', right: null });
    expect(calls.map((c) => [c.url, c.init?.method, c.init?.credentials])).toEqual([[`${CHAT}api/lawyer/logout`, 'POST', 'include']]);
  });
});
