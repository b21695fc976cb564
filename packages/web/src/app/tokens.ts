// Typed inversify service identifiers, one per port or service of the composition root.
import type { ServiceIdentifier } from 'inversify';
import type { SchedulerLike } from 'rxjs';
import type { i18n } from 'i18next';
import type {
  Call,
  CaseFileAuthApi,
  CaseFileContentApi,
  CaseFileSessionActivity,
  ChatHostApi,
  ErrorReporter,
  IdSource,
  KeyValueStorage,
  Logger,
  NetworkStatus,
  ProductApi,
  WindowPort,
} from '@rechtschat/core';
import type { DeferredErrorReporter } from '@rechtschat/adapters';
import type { ChatControllerFactory } from '../chat/screen/chatControllerContext.js';
import type { AppConfig } from './appConfig.js';

export const ProductApiToken: ServiceIdentifier<ProductApi> = Symbol.for('ProductApi');
export const ChatHostApiToken: ServiceIdentifier<ChatHostApi> = Symbol.for('ChatHostApi');
export const CaseFileAuthApiToken: ServiceIdentifier<CaseFileAuthApi> = Symbol.for('CaseFileAuthApi');
export const CaseFileContentApiToken: ServiceIdentifier<CaseFileContentApi> = Symbol.for('CaseFileContentApi');
/** Session activity of the case-file calls; bound by the lazy case-file chunk on first use. */
export const CaseFileSessionActivityToken: ServiceIdentifier<CaseFileSessionActivity> = Symbol.for('CaseFileSessionActivity');
/** The clock of the Fallakte's live refresh (casefile/liveRefresh); asyncScheduler unless a test hands in a virtual one. */
export const CaseFileRefreshSchedulerToken: ServiceIdentifier<SchedulerLike> = Symbol.for('CaseFileRefreshScheduler');
export const StorageToken: ServiceIdentifier<KeyValueStorage> = Symbol.for('KeyValueStorage');
export const WindowPortToken: ServiceIdentifier<WindowPort> = Symbol.for('WindowPort');
export const NetworkStatusToken: ServiceIdentifier<NetworkStatus> = Symbol.for('NetworkStatus');
export const IdSourceToken: ServiceIdentifier<IdSource> = Symbol.for('IdSource');
export const LoggerToken: ServiceIdentifier<Logger> = Symbol.for('Logger');
export const ErrorReporterToken: ServiceIdentifier<ErrorReporter> = Symbol.for('ErrorReporter');
/** The same reporter as ErrorReporterToken, typed so start-up can attach Sentry to it. */
export const DeferredErrorReporterToken: ServiceIdentifier<DeferredErrorReporter> = Symbol.for('DeferredErrorReporter');
export const AppConfigToken: ServiceIdentifier<AppConfig> = Symbol.for('AppConfig');
export const I18nToken: ServiceIdentifier<i18n> = Symbol.for('i18n');
/**
 * Loads the ChatController factory (one controller per chat screen). Asynchronous because the
 * controller, the SignalR hub and the validation (libphonenumber) live in lazily loaded chunks; the promise is shared.
 */
export type ChatControllerFactoryLoader = () => Promise<ChatControllerFactory>;
export const ChatControllerFactoryToken: ServiceIdentifier<ChatControllerFactoryLoader> = Symbol.for('ChatControllerFactory');
/**
 * Ends the page's real-time connection on purpose, before a logout: the chat host's logout would otherwise close it from
 * the server with an error, which the SignalR client reports as one in the console. Nothing to end (ok at once) while
 * no chat screen has been loaded.
 */
export type EndChatConnection = () => Call<void>;
export const EndChatConnectionToken: ServiceIdentifier<EndChatConnection> = Symbol.for('EndChatConnection');
