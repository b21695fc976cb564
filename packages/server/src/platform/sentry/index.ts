export { sentryTunnelRoutes, type SentryTunnelOptions } from './tunnel.js';
