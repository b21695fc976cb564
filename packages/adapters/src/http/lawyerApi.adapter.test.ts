/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type LawyerApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createLawyerApi } from './lawyerApi.adapter.js';

describe('lawyer API adapter: correcting a chat’s field of law', () => {
  let server: TestServer;
  let api: LawyerApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createLawyerApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should PUT the chosen field and decode the field as stored', async () => {
    const stored = { ChatId: 'c/1', FieldOfLaw: 10, FieldOfLawLongName: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)' };
    server.route('PUT', '/api/lawyer/chats/c%2F1/field-of-law', (_q, res) => reply(res, 200, JSON.stringify(stored)));
    expect(await firstValueFrom(api.changeFieldOfLaw('c/1', 10))).toEqual(ok(stored));
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ FieldOfLaw: 10 });
  });

  it('should hand on the server’s German refusal', async () => {
    server.route('PUT', '/api/lawyer/chats/c1/field-of-law', (_q, res) =>
      reply(res, 400, JSON.stringify({ Error: 'BadRequest', Message: 'Bitte wählen Sie ein Rechtsgebiet aus der Liste.' })),
    );
    const refused = await firstValueFrom(api.changeFieldOfLaw('c1', 99));
    expect(refused._tag === 'Left' && refused.left).toEqual({
      _tag: 'HttpError',
      status: 400,
      code: 'BadRequest',
      message: 'Bitte wählen Sie ein Rechtsgebiet aus der Liste.',
    });
  });
});
