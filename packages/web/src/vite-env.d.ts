/// <reference types="vite/client" />

// Public build-time settings of the client (see appConfig.ts).
interface ImportMetaEnv {
  readonly VITE_MINEKO_URL?: string;
  readonly VITE_EXTERNAL_HOST_ALLOWLIST?: string;
}
