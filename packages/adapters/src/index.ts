// Browser implementations of the core ports. Sentry ('./sentry') and the SignalR hub ('./signalr') also have their own entries, so a lazily loaded chunk can import them alone.
export { createProductApi, withTrailingSlash, CLASSIFY_TIMEOUT_MS, type ProductApiOptions } from './http/product-api.adapter.js';
export { createChatHostApi, type ChatHostApiOptions } from './http/chat-host-api.adapter.js';
export { createLawyerApi, type LawyerApiOptions } from './http/lawyer-api.adapter.js';
export { createLawyerAccountApi, createLawyerSessionApi, createMandateApi, type LawyerAccountApiOptions } from './http/lawyer-account-api.adapter.js';
export { createCaseFileAuthApi, type CaseFileAuthApiOptions } from './http/case-file-auth-api.adapter.js';
export { CallCache } from './http/call-cache.js';
export { fetchCall, errorFromResponse, type FetchFn } from './http/fetch-call.js';
export { SignalRLawyerHub, LAWYER_HUB_PATH } from './signalr/signalr-lawyer-hub.adapter.js';
export {
  SignalRChatHub,
  buildHubConnection,
  hubError,
  RECONNECT_DELAYS_MS,
  type HubConnectionLike,
  type SignalRChatHubOptions,
} from './signalr/signalr-chat-hub.adapter.js';
export { createSessionStorage } from './browser/session-storage.adapter.js';
export { BrowserWindow, type BrowserWindowOptions } from './browser/browser-window.adapter.js';
export { createBrowserNetworkStatus } from './browser/browser-network.adapter.js';
export { createCryptoIdSource } from './browser/crypto-id-source.js';
export { createConsoleLogger } from './browser/console-logger.js';
export { DeferredErrorReporter, type ReportSink } from './sentry/deferred-error-reporter.js';
export { createCaseFileContentApi, type CaseFileContentApiOptions, type UploadRequest } from './http/case-file-content-api.adapter.js';
export { createReportsApi, reportQueryString, type ReportsApiOptions } from './http/reports-api.adapter.js';
export { createAccountLinkApi, createAdminTeamApi, type AdminTeamApiOptions } from './http/admin-team-api.adapter.js';
export { createInsurersApi, type InsurersApiOptions } from './http/insurers-api.adapter.js';
export { createDataRequestsApi, type DataRequestsApiOptions } from './http/data-requests-api.adapter.js';
