// Settings that let a production server start but leave it half-configured: each is logged once at start as a
// structured warning with an event name (like upload.malware_scan_off), so an operator's log search or alert finds it.
// Development and test stay quiet: there the defaults are intended.
import type { Config } from './config.js';

export interface StartupWarningLog {
  warn(fields: object, message: string): void;
}

export interface StartupWarning {
  readonly event: string;
  readonly message: string;
}

const isLocalHost = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

/** The warnings that apply to `config` (none outside production). */
export function startupWarnings(config: Config): StartupWarning[] {
  if (!config.production) return [];
  const warnings: StartupWarning[] = [];
  if (config.smtpUrl === null) {
    warnings.push({
      event: 'config.smtp_off',
      message: `SMTP_URL ist nicht gesetzt: Mails (Chatprotokolle, Fallakten-Links, Einladungen) werden nicht verschickt, sondern als .eml-Dateien in ${config.dataDir}/outbox abgelegt / mails are written to the outbox folder, not sent`,
    });
  }
  if (config.webOriginsDefault) {
    warnings.push({
      event: 'config.web_origins_default',
      message: `WEB_ORIGINS ist nicht gesetzt: nur ${config.webOrigins.join(', ')} darf den Chat-Host aufrufen – Browser unter der öffentlichen Adresse werden abgewiesen / only the localhost default origins are allowed`,
    });
  }
  if (isLocalHost(new URL(config.chatHostUrl).hostname)) {
    warnings.push({
      event: 'config.chat_host_local',
      message: `CHAT_HOST_URL zeigt auf ${config.chatHostUrl}: Browser anderer Rechner erreichen den Chat und die Anwaltskonsole so nicht / the chat host address is local`,
    });
  }
  if (config.entryTokenSecret === null) {
    warnings.push({
      event: 'config.entry_token_default_off',
      message:
        'ENTRY_TOKEN_SECRET ist nicht gesetzt: Chat-Links gelten nur mit Tokens, die mit einem in der Konsole (Verwaltung → Versicherer) angelegten Schlüssel (kid) signiert sind / only insurer keys created in the console sign entry tokens',
    });
  }
  if (config.imprintUrl === null) {
    warnings.push({
      event: 'config.imprint_missing',
      message:
        'IMPRINT_URL ist nicht gesetzt: kein Impressum der Kanzlei-Website verlinkt; die Impressumsseite zeigt nur die Kanzleiangaben aus der Konsole (Verwaltung → Kanzlei) / no imprint of the firm is linked',
    });
  }
  return warnings;
}

/** Logs every warning of `startupWarnings` once; called by startApp after the configuration is loaded. */
export function logStartupWarnings(config: Config, log: StartupWarningLog): void {
  for (const warning of startupWarnings(config)) log.warn({ event: warning.event }, warning.message);
}
