// The entry '@rechtschat/adapters/signalr': the hub adapters and the official client's builder. The adapters load the
// client library (./hubConnection.ts) only when they first connect; a bundle that uses them alone leaves it lazy.
export { SignalRChatHub, hubError, type HubConnectionLike, type SignalRChatHubOptions } from './signalrChatHub.adapter.js';
export { buildHubConnection, RECONNECT_DELAYS_MS } from './hubConnection.js';
