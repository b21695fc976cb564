// Values read once at start-up: the override_domain query parameter, the firm's runtime branding (the server writes the
// firm's details – saved in the console, else FIRM_NAME, FIRM_PHONE, FIRM_EMAIL – and IMPRINT_URL into index.html as the
// JSON island `branding`) and build-time settings from Vite env.

/** Start-up configuration of the client app. */
export interface AppConfig {
  /** `override_domain` from the first URL, sent with StartChat as OverrideDomain. */
  readonly overrideDomain: string | null;
  /** Partner address for external/mineko; only http(s) on the allow-list, otherwise null. */
  readonly minekoUrl: string | null;
  /** The firm's imprint (IMPRINT_URL, a runtime setting); null shows the built-in imprint note. */
  readonly imprintUrl: string | null;
  /** The firm running the service (FIRM_NAME, a runtime setting), named on the imprint page; null when unknown. */
  readonly firmName?: string | null;
  /** The firm's phone and e-mail (FIRM_PHONE, FIRM_EMAIL, runtime settings), shown on the case-file login; null when unset. */
  readonly firmPhone?: string | null;
  readonly firmEmail?: string | null;
  /**
   * The firm's legal details (Kanzleiangaben) as the island carries them, not yet checked: the legal pages and the
   * Vollmacht decode them (src/legal/firmDetails.ts) in their own lazy chunks, so the start chunk carries no code for them.
   */
  readonly firmDetails?: unknown;
  /** `secondLevel` from the first URL; the offboarding phone goes to secondLevel/param/{param}. */
  readonly secondLevelParam?: string | null;
}

/** The Vite env variables the app reads (VITE_ prefix makes them public on purpose). */
export interface AppEnv {
  readonly VITE_MINEKO_URL?: string;
  readonly VITE_EXTERNAL_HOST_ALLOWLIST?: string;
}

/** The firm's runtime branding as the server writes it into index.html (packages/server/src/platform/http/indexHtml.ts). */
interface Branding {
  readonly firmName: string | null;
  readonly imprintUrl: string | null;
  readonly firmPhone?: string | null;
  readonly firmEmail?: string | null;
  readonly firmDetails?: unknown;
}

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const BRANDING_ID = 'branding';

/** Reads the `branding` island; a missing or malformed island (the Vite dev server, an old server) means not set. */
export function readBranding(doc: { getElementById(id: string): { textContent: string | null } | null }): Branding {
  let value: { FirmName?: unknown; ImprintUrl?: unknown; FirmPhone?: unknown; FirmEmail?: unknown; FirmDetails?: unknown } | null;
  try {
    value = JSON.parse(doc.getElementById(BRANDING_ID)?.textContent ?? 'null') as typeof value;
  } catch {
    value = null;
  }
  const firmName = value?.FirmName;
  return {
    firmName: typeof firmName === 'string' && firmName.trim() !== '' ? firmName : null,
    imprintUrl: httpUrl(value?.ImprintUrl)?.href ?? null,
    firmPhone: nonEmpty(value?.FirmPhone),
    firmEmail: nonEmpty(value?.FirmEmail),
    firmDetails: value?.FirmDetails ?? null,
  };
}

const DOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A domain name only (no scheme, path or port); anything else is ignored rather than forwarded. */
export function parseOverrideDomain(search: string): string | null {
  const value = new URLSearchParams(search).get('override_domain')?.trim() ?? '';
  return value !== '' && value.length <= 253 && DOMAIN_PATTERN.test(value) ? value.toLowerCase() : null;
}

/** The second-level link parameter: a short URL-safe token only, as the server accepts it. */
export function parseSecondLevelParam(search: string): string | null {
  const value = new URLSearchParams(search).get('secondLevel')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export const SECOND_LEVEL_PARAM_KEY = 'rechtschat.secondLevel';

/**
 * The link's parameter outlives the reloads of this tab (the address changes to /chat/{caseId});
 * a new link with its own parameter replaces it. Storage is the tab's sessionStorage.
 */
export function rememberSecondLevelParam(config: AppConfig, storage: { get(key: string): string | null; set(key: string, value: string): void }): AppConfig {
  if (config.secondLevelParam) {
    storage.set(SECOND_LEVEL_PARAM_KEY, config.secondLevelParam);
    return config;
  }
  const remembered = parseSecondLevelParam(`?secondLevel=${encodeURIComponent(storage.get(SECOND_LEVEL_PARAM_KEY) ?? '')}`);
  return remembered === null ? config : { ...config, secondLevelParam: remembered };
}

/**
 * Accepts an external URL only if it is absolute http(s) and its host is on the allow-list,
 * so a misconfigured or injected value can never send users to `javascript:` or a foreign site.
 */
export function allowedExternalUrl(raw: string | undefined, allowList: readonly string[]): string | null {
  const url = httpUrl(raw);
  return url !== null && allowList.includes(url.hostname.toLowerCase()) ? url.toString() : null;
}

/** An absolute http(s) address without credentials, else null (never `javascript:` or the like). */
function httpUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.username === '' && url.password === '' ? url : null;
}

/** Reads the configuration. Without VITE_EXTERNAL_HOST_ALLOWLIST no external partner address is accepted. */
export function readAppConfig(search: string, env: AppEnv, branding: Branding = { firmName: null, imprintUrl: null }): AppConfig {
  const allowList = (env.VITE_EXTERNAL_HOST_ALLOWLIST ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  return {
    overrideDomain: parseOverrideDomain(search),
    secondLevelParam: parseSecondLevelParam(search),
    minekoUrl: allowedExternalUrl(env.VITE_MINEKO_URL, allowList),
    imprintUrl: branding.imprintUrl,
    firmName: branding.firmName,
    firmPhone: branding.firmPhone ?? null,
    firmEmail: branding.firmEmail ?? null,
    firmDetails: branding.firmDetails ?? null,
  };
}
