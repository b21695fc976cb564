export { sentryTunnelRoutes, type SentryTunnelOptions } from './tunnel.js';
export { parseDsn, envelopeDsn, envelopeUrl, type Dsn } from './envelope.js';
