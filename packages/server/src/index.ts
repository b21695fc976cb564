// Public surface of the server package (used by tests, the bench and e2e).
export { startApp, type AppOptions, type RunningApp } from './app.js';
export { loadConfig, ConfigError, type Config } from './platform/config.js';
export { seedDemoData, demoBanner, DEMO_INSURANCE_NUMBER, DEMO_PASSWORD, DEMO_LAWYERS, type DemoData } from './seed.js';
