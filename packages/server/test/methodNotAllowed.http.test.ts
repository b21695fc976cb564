// A known API path asked with a method it does not have answers 405 Method Not Allowed with an `Allow` header and the
// usual German `{ Error, Message }` – not 404, which said the address did not exist. One rule for every route (the
// not-found handlers ask the route catalog), tried here over real HTTP on both origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('a wrong HTTP method on a known API path', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const ask = async (url: string, method: string) => {
    const response = await fetch(url, { method, headers: { accept: 'application/json' } });
    const text = await response.text();
    return {
      status: response.status,
      allow: response.headers.get('allow'),
      type: response.headers.get('content-type'),
      body: text === '' ? null : (JSON.parse(text) as unknown),
    };
  };

  it('should answer 405 with Allow and a German JSON body on a case-file API path', async () => {
    const history = await ask(`${app.webUrl}/api/case-file/einToken/history`, 'DELETE');
    expect(history).toMatchObject({ status: 405, allow: 'GET, HEAD', body: { Error: 'MethodNotAllowed', Message: 'Diese Methode ist nicht erlaubt.' } });
    expect(history.type).toMatch(/^application\/json/);
    expect(await ask(`${app.webUrl}/api/case-file/einToken/person`, 'PATCH')).toMatchObject({ status: 405, allow: 'GET, HEAD, PUT' });
    expect(await ask(`${app.webUrl}/api/case-file/einToken/contact`, 'DELETE')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' });
    // A path that does not exist stays the case-file API's 404.
    expect(await ask(`${app.webUrl}/api/case-file/einToken/gibt-es-nicht`, 'GET')).toMatchObject({
      status: 404,
      allow: null,
      body: { Error: 'NotFound', Message: 'Diese Adresse gibt es nicht.' },
    });
  });

  it('should answer 405 on the other API paths of both origins too, and keep 404 for unknown ones and the web pages', async () => {
    expect(await ask(`${app.chatUrl}/api/lawyer/login`, 'GET')).toMatchObject({ status: 405, allow: 'POST', body: { Error: 'MethodNotAllowed' } });
    expect(await ask(`${app.chatUrl}/api/gibt-es-nicht`, 'GET')).toMatchObject({ status: 404, allow: null, body: { Error: 'NotFound' } });
    expect(await ask(`${app.webUrl}/api/dl/public-settings`, 'DELETE')).toMatchObject({ status: 405, allow: 'GET, HEAD', body: { Error: 'MethodNotAllowed' } });
    expect(await ask(`${app.webUrl}/api/gibt-es-nicht`, 'POST')).toMatchObject({ status: 404, allow: null });
    // The web app's catch-all file routes make no path "known": a POST to a page is still 404.
    expect(await ask(`${app.webUrl}/digitale-fallakte/einToken`, 'POST')).toMatchObject({ status: 404, allow: null });
  });
});
