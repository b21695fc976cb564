// Browser implementations of the core ports. Sentry ('./sentry') and the SignalR hub ('./signalr') also have their own entries, so a lazily loaded chunk can import them alone.
export { createProductApi, withTrailingSlash, CLASSIFY_TIMEOUT_MS, type ProductApiOptions } from './http/productApi.adapter.js';
export { createChatHostApi, type ChatHostApiOptions } from './http/chatHostApi.adapter.js';
export { createLawyerApi, type LawyerApiOptions } from './http/lawyerApi.adapter.js';
export { createLawyerAccountApi, createLawyerSessionApi, createMandateApi, type LawyerAccountApiOptions } from './http/lawyerAccountApi.adapter.js';
export { createCaseFileAuthApi, type CaseFileAuthApiOptions } from './http/caseFileAuthApi.adapter.js';
export { CallCache } from './http/callCache.js';
export { fetchCall, fileCall, errorFromResponse, type FetchFn } from './http/fetchCall.js';
export { SignalRLawyerHub, LAWYER_HUB_PATH } from './signalr/signalrLawyerHub.adapter.js';
export {
  SignalRChatHub,
  buildHubConnection,
  hubError,
  RECONNECT_DELAYS_MS,
  type HubConnectionLike,
  type SignalRChatHubOptions,
} from './signalr/signalrChatHub.adapter.js';
export { createSessionStorage } from './browser/sessionStorage.adapter.js';
export { BrowserWindow, type BrowserWindowOptions } from './browser/browserWindow.adapter.js';
export { createBrowserNetworkStatus } from './browser/browserNetwork.adapter.js';
export {
  createBrowserChatTabs,
  createBrowserSessionTabs,
  CHAT_TABS_CHANNEL,
  SESSION_TABS_CHANNEL,
  type BrowserChatTabs,
  type BrowserSessionTabs,
} from './browser/browserSessionTabs.adapter.js';
export { createCryptoIdSource } from './browser/cryptoIdSource.js';
export { createConsoleLogger } from './browser/consoleLogger.js';
export { limitFieldEdit } from './browser/limitFieldEdit.js';
export { DeferredErrorReporter, type ReportSink } from './sentry/deferredErrorReporter.js';
export { createCaseFileContentApi, type CaseFileContentApiOptions, type UploadRequest } from './http/caseFileContentApi.adapter.js';
export { createReportsApi, reportQueryString, type ReportsApiOptions } from './http/reportsApi.adapter.js';
export { createAccountLinkApi, createAdminTeamApi, type AdminTeamApiOptions } from './http/adminTeamApi.adapter.js';
export { createInsurersApi, type InsurersApiOptions } from './http/insurersApi.adapter.js';
export { createServiceHoursAdminApi, type ServiceHoursAdminApiOptions } from './http/serviceHoursAdminApi.adapter.js';
export { createFirmDetailsAdminApi, type FirmDetailsAdminApiOptions } from './http/firmDetailsAdminApi.adapter.js';
export { createTextTemplatesApi, type TextTemplatesApiOptions } from './http/textTemplatesApi.adapter.js';
export { createDataRequestsApi, type DataRequestsApiOptions } from './http/dataRequestsApi.adapter.js';
