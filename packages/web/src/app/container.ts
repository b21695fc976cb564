// The composition root of the client app: every port bound to its browser adapter.
// Bindings are decorator-free (toConstantValue / toDynamicValue), so no transpiler needs to emit metadata.
import { Container } from 'inversify';
import { defer, of, type SchedulerLike } from 'rxjs';
import type { i18n } from 'i18next';
import { ok } from '@rechtschat/core';
import type {
  CaseFileAuthApi,
  CaseFileContentApi,
  ChatHostApi,
  ChatHub,
  ChatTabChannel,
  IdSource,
  KeyValueStorage,
  Logger,
  NetworkStatus,
  ProductApi,
  WindowPort,
} from '@rechtschat/core';
import {
  BrowserWindow,
  DeferredErrorReporter,
  createBrowserNetworkStatus,
  createChatHostApi,
  createConsoleLogger,
  createCryptoIdSource,
  createProductApi,
  createSessionStorage,
} from '@rechtschat/adapters';
import type { ChatControllerFactory } from '../chat/screen/chatControllerContext.js';
import type { AppConfig } from './appConfig.js';
import * as T from './tokens.js';
import { botTextContext } from '../i18n/botText.js';

/** Ports a test (or another host) can hand in instead of the browser adapters. */
export interface PortOverrides {
  readonly productApi?: ProductApi;
  readonly chatHostApi?: ChatHostApi;
  readonly caseFileAuthApi?: CaseFileAuthApi;
  readonly caseFileContentApi?: CaseFileContentApi;
  /** The clock of the Fallakte's live refresh (a test's virtual one); asyncScheduler otherwise. */
  readonly caseFileRefreshScheduler?: SchedulerLike;
  readonly chatHub?: ChatHub;
  /** The page's link to its other tabs of the chat; without it the lazy chat chunk opens the browser's channel. */
  readonly chatTabs?: ChatTabChannel;
  readonly storage?: KeyValueStorage;
  readonly windowPort?: WindowPort;
  readonly network?: NetworkStatus;
  readonly ids?: IdSource;
  readonly logger?: Logger;
  readonly chatControllerFactory?: ChatControllerFactory;
}

export interface AppContainerOptions {
  readonly config: AppConfig;
  readonly i18n: i18n;
  readonly overrides?: PortOverrides;
}

/** Builds the container; every service is a singleton of the page. */
export function createAppContainer({ config, i18n, overrides = {} }: AppContainerOptions): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(T.AppConfigToken).toConstantValue(config);
  container.bind(T.I18nToken).toConstantValue(i18n);
  container.bind(T.LoggerToken).toConstantValue(overrides.logger ?? createConsoleLogger());
  container.bind(T.DeferredErrorReporterToken).toDynamicValue((ctx) => new DeferredErrorReporter(ctx.get(T.LoggerToken)));
  container.bind(T.ErrorReporterToken).toDynamicValue((ctx) => ctx.get(T.DeferredErrorReporterToken));

  container.bind(T.ProductApiToken).toDynamicValue(() => overrides.productApi ?? createProductApi());
  container.bind(T.ChatHostApiToken).toDynamicValue((ctx) => {
    if (overrides.chatHostApi) return overrides.chatHostApi;
    const productApi = ctx.get(T.ProductApiToken);
    return createChatHostApi({ chatUrl: () => productApi.getChatUrl() });
  });
  // Without an override the case-file adapters are bound by the lazy case-file chunk on first use
  // (useCaseFileServices), so their code stays out of the entry of /chat/new.
  if (overrides.caseFileAuthApi) container.bind(T.CaseFileAuthApiToken).toConstantValue(overrides.caseFileAuthApi);
  if (overrides.caseFileContentApi) container.bind(T.CaseFileContentApiToken).toConstantValue(overrides.caseFileContentApi);
  if (overrides.caseFileRefreshScheduler) container.bind(T.CaseFileRefreshSchedulerToken).toConstantValue(overrides.caseFileRefreshScheduler);
  container.bind(T.StorageToken).toDynamicValue(() => overrides.storage ?? createSessionStorage());
  container.bind(T.WindowPortToken).toDynamicValue((ctx) => overrides.windowPort ?? new BrowserWindow({ logger: ctx.get(T.LoggerToken) }));
  container.bind(T.NetworkStatusToken).toDynamicValue(() => overrides.network ?? createBrowserNetworkStatus());
  container.bind(T.IdSourceToken).toDynamicValue(() => overrides.ids ?? createCryptoIdSource());
  /** The page's hub once the chat chunk has built it: a chat was shown, so a logout ends its connection first. */
  let chatHub: ChatHub | null = null;
  container.bind(T.EndChatConnectionToken).toConstantValue(() => defer(() => (chatHub === null ? of(ok(undefined)) : chatHub.stop())));
  container.bind(T.ChatControllerFactoryToken).toDynamicValue((ctx) => {
    if (overrides.chatControllerFactory) {
      const factory = overrides.chatControllerFactory;
      return () => Promise.resolve(factory);
    }
    const deps = {
      productApi: ctx.get(T.ProductApiToken),
      chatHostApi: ctx.get(T.ChatHostApiToken),
      // Without an override the lazy chunk creates the SignalR hub, so the client library stays out of the entry.
      hub: overrides.chatHub,
      // Likewise the channel to the page's other tabs of the chat (BroadcastChannel, storage-event fallback).
      chatTabs: overrides.chatTabs,
      window: ctx.get(T.WindowPortToken),
      network: ctx.get(T.NetworkStatusToken),
      ids: ctx.get(T.IdSourceToken),
      logger: ctx.get(T.LoggerToken),
      errorReporter: ctx.get(T.ErrorReporterToken),
      overrideDomain: config.overrideDomain,
      secondLevelParam: config.secondLevelParam ?? null,
      // Bot texts are stored in the transcript as the German the participant saw.
      translate: (key: string, params: Readonly<Record<string, string>> = {}) =>
        i18n.t(key, { ns: ['bot', 'chat'], ...params, ...botTextContext(params), interpolation: { escapeValue: false } }),
      storage: ctx.get(T.StorageToken),
    };
    let loading: Promise<ChatControllerFactory> | null = null;
    // The chunk is requested once; a failed load may be retried.
    return () => {
      loading ??= import('./chatControllerBinding.js').then(
        (m) => {
          const factory = m.createChatControllerFactory(deps);
          chatHub = factory.hub;
          return factory;
        },
        (cause: unknown) => {
          loading = null;
          throw cause;
        },
      );
      return loading;
    };
  });
  return container;
}
