// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defer, firstValueFrom, of } from 'rxjs';
import { ok, type ChatHub } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { testConfig } from '../testSupport/app.js';
import { createAppContainer } from './container.js';
import * as T from './tokens.js';

describe('createAppContainer', () => {
  it('should resolve every port with the browser adapters and without decorators', () => {
    const container = createAppContainer({ config: testConfig, i18n: createI18n() });
    const tokens = [T.ProductApiToken, T.ChatHostApiToken, T.LoggerToken, T.ErrorReporterToken, T.IdSourceToken, T.AppConfigToken, T.I18nToken];
    expect(tokens.map((token) => container.get(token as never))).not.toContain(undefined);
    expect(container.get(T.ProductApiToken)).toBe(container.get(T.ProductApiToken));
    expect(container.get(T.ErrorReporterToken)).toBe(container.get(T.DeferredErrorReporterToken));
  });

  it('should leave the case-file adapters to the lazy case-file chunk unless a test hands them in', () => {
    const plain = createAppContainer({ config: testConfig, i18n: createI18n() });
    expect(plain.isBound(T.CaseFileAuthApiToken)).toBe(false);
    expect(plain.isBound(T.CaseFileContentApiToken)).toBe(false);
    const auth = {} as never;
    const overridden = createAppContainer({ config: testConfig, i18n: createI18n(), overrides: { caseFileAuthApi: auth } });
    expect(overridden.get(T.CaseFileAuthApiToken)).toBe(auth);
  });

  it('should end the page’s chat connection on purpose only once a chat screen’s chunk has built the hub', async () => {
    const stops: string[] = [];
    const chatHub = { stop: () => defer(() => (stops.push('stop'), of(ok(undefined)))) } as unknown as ChatHub;
    const container = createAppContainer({ config: testConfig, i18n: createI18n(), overrides: { chatHub } });
    const endChatConnection = container.get(T.EndChatConnectionToken);
    expect(await firstValueFrom(endChatConnection())).toEqual(ok(undefined));
    expect(stops).toEqual([]);
    await container.get(T.ChatControllerFactoryToken)();
    expect(await firstValueFrom(endChatConnection())).toEqual(ok(undefined));
    expect(stops).toEqual(['stop']);
  });

  it('should load the chat controller factory once and create a fresh controller per call', async () => {
    const container = createAppContainer({ config: { ...testConfig, overrideDomain: 'kunde.de' }, i18n: createI18n() });
    const load = container.get(T.ChatControllerFactoryToken);
    expect(load()).toBe(load());
    const create = await load();
    const first = create();
    const second = create();
    expect(first).not.toBe(second);
    first.dispose();
    second.dispose();
  });
});
