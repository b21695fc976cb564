import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const secret = TEST_SESSION_SECRET;

describe('loadConfig', () => {
  it('should apply the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      chatPort: 8081,
      chatHostUrl: 'http://localhost:8081/',
      webOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      production: false,
      maxUploadBytes: 10 * 1024 * 1024,
      serviceHours: { kind: 'always' },
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('should derive the chat host from CHAT_PORT and add a trailing slash to CHAT_HOST_URL', () => {
    expect(loadConfig({ CHAT_PORT: '9001' }).chatHostUrl).toBe('http://localhost:9001/');
    expect(loadConfig({ CHAT_HOST_URL: 'https://chat.kanzlei.de' }).chatHostUrl).toBe('https://chat.kanzlei.de/');
  });

  it('should default to Mo–Fr 08:00–20:00 in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret });
    expect(config.serviceHours).toEqual({ kind: 'weekly', entries: [1, 2, 3, 4, 5].map((d) => ({ Weekday: d, From: '08:00', To: '20:00' })) });
  });

  it.each([
    [{ PORT: 'achtzig' }, /PORT="achtzig" ist kein gültiger Port/],
    [{ CHAT_PORT: '70000' }, /CHAT_PORT/],
    [{ WEB_ORIGINS: 'http://ok.example,nicht-gueltig' }, /WEB_ORIGINS: "nicht-gueltig"/],
    [{ WEB_ORIGINS: 'http://ok.example/pfad' }, /reiner Origin/],
    [{ SERVICE_HOURS: 'Mo-Fr 20:00-08:00' }, /SERVICE_HOURS/],
    [{ DATABASE_URL: 'kein url' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'mysql://foo' }, /DATABASE_URL beginnt mit "mysql:\/\/"; unterstützt wird nur PostgreSQL/],
    [{ MAX_UPLOAD_BYTES: '-1' }, /MAX_UPLOAD_BYTES/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET muss gesetzt sein/],
    [{ NODE_ENV: 'staging' }, /SESSION_SECRET muss gesetzt sein/],
    [{ ENTRY_TOKEN_SECRET: 'kurz' }, /ENTRY_TOKEN_SECRET muss mindestens 32 Zeichen/],
    [{ NODE_ENV: 'staging', ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET }, /SESSION_SECRET muss gesetzt sein/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY: "true"/],
    [{ TRUST_PROXY: '*' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ SESSION_SECRET: 'kurz' }, /mindestens 32 Zeichen/],
    [{ LAWYER_MFA: 'yes' }, /LAWYER_MFA="yes" ist ungültig; erlaubt sind "required" oder "optional"/],
    [{ LAWYER_MFA: 'Required' }, /LAWYER_MFA/],
    [{ MAIL_FROM: 'keine-adresse' }, /MAIL_FROM="keine-adresse" ist keine gültige Absenderadresse/],
    [{ MAIL_FROM: 'Kanzlei <a@b>' }, /MAIL_FROM/],
    [{ MAIL_FROM: 'Muster, Partner <chat@kanzlei.example>' }, /MAIL_FROM/],
    [{ NODE_ENV: 'production', SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret, SMTP_URL: 'smtp://mail.example:587' }, /MAIL_FROM muss gesetzt sein/],
    [{ IMPRINT_URL: 'javascript:alert(1)' }, /IMPRINT_URL muss eine http\(s\)-Adresse/],
    [{ IMPRINT_URL: 'https://user:pw@kanzlei.example/impressum' }, /IMPRINT_URL/],
    [{ IMPRINT_URL: '/impressum' }, /IMPRINT_URL ist keine gültige URL/],
    [{ FIRM_NAME: 'K'.repeat(121) }, /FIRM_NAME/],
    [{ FIRM_PHONE: 'ruf an' }, /FIRM_PHONE muss eine Telefonnummer sein/],
    [{ FIRM_EMAIL: 'info(at)kanzlei' }, /FIRM_EMAIL muss eine E-Mail-Adresse sein/],
  ])('should reject %o with a clear bilingual message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('should drain 5 s before a shutdown in production and not at all in development and test, unless SHUTDOWN_DRAIN_MS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'staging', SESSION_SECRET: secret }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'development' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '15000' }).shutdownDrainMs).toBe(15000);
    for (const bad of ['-1', '1.5', 'fünf'])
      expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: bad }), bad).toThrow(/SHUTDOWN_DRAIN_MS=.* muss eine ganze Zahl ab 0 sein/);
  });

  it("should make the lawyers' second factor mandatory by default everywhere but development and test", () => {
    for (const nodeEnv of ['production', 'staging', 'prod']) {
      expect(loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret }).lawyerMfa).toBe('required');
      expect(loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret, LAWYER_MFA: 'optional' }).lawyerMfa).toBe('optional');
    }
    expect(loadConfig({}).lawyerMfa).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'development' }).lawyerMfa).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test' }).lawyerMfa).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test', LAWYER_MFA: ' required ' }).lawyerMfa).toBe('required');
    expect(loadConfig({ NODE_ENV: 'test', LAWYER_MFA: '' }).lawyerMfa).toBe('optional');
  });

  it('should treat every NODE_ENV except development and test as production, with demo data off', () => {
    for (const nodeEnv of ['production', 'staging', 'prod', 'Production']) {
      expect(loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret }).production).toBe(true);
    }
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
  });

  it('should create demo data only in development, never in test, staging or production', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe(false);
    for (const nodeEnv of ['production', 'staging']) {
      expect(loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret }).demoData).toBe(false);
    }
  });

  it('should never fall back to the public development session secret outside development and test', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging', ENTRY_TOKEN_SECRET: secret })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'staging', SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret }).sessionSecret).toBe(secret);
  });

  it.each([
    ['the same character 64 times', 'x'.repeat(64), /nur 1 verschiedene Zeichen, mindestens 10/],
    ['two characters in turn', 'ab'.repeat(20), /nur 2 verschiedene Zeichen/],
    ['a word repeated', 'Sommer2024!'.repeat(4), /nur 9 verschiedene Zeichen/],
    ['a piece of 8 characters twice', 'passwordpassword1234Kanzlei-Muster', /dieselben 8 Zeichen kommen zweimal vor/],
    ['a climbing run', 'benchmark-session-secret-0123456789abcdef', /8 oder mehr aufeinanderfolgende Zeichen/],
    ['a falling run', 'Kanzlei-zyxwvutsrqponmlkjihgfedcba', /8 oder mehr aufeinanderfolgende Zeichen/],
    ['the public development value', 'rechtschat-entwicklung-nicht-fuer-produktion', /der öffentliche Entwicklungswert/],
  ])('should refuse a long but weak secret in production (%s), naming the variable and how to make a good one', (_what, weak, reason) => {
    for (const name of ['SESSION_SECRET', 'ENTRY_TOKEN_SECRET']) {
      const env = { NODE_ENV: 'production', SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET, [name]: weak };
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(new RegExp(`^${name} ist zu schwach \\(`));
      expect(() => loadConfig(env), name).toThrow(reason);
      expect(() => loadConfig(env), name).toThrow(/is too weak\. .*`openssl rand -base64 48`/);
      expect(() => loadConfig({ ...env, NODE_ENV: 'staging' }), name).toThrow(/ist zu schwach/);
      // Development and test keep taking any value of 32 characters or more.
      expect(loadConfig({ ...env, NODE_ENV: 'test' })).toMatchObject({ production: false });
      expect(loadConfig({ ...env, NODE_ENV: 'development' })).toMatchObject({ production: false });
    }
  });

  it('should take random secrets as the usual generators print them in production', () => {
    const generated = [
      crypto.randomBytes(48).toString('base64'), // openssl rand -base64 48
      crypto.randomBytes(32).toString('base64'), // openssl rand -base64 32
      crypto.randomBytes(32).toString('hex'), // openssl rand -hex 32
      crypto.randomBytes(32).toString('base64url'),
    ];
    for (const value of generated) {
      expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: value, ENTRY_TOKEN_SECRET: value }).sessionSecret, value).toBe(value);
    }
  });

  it('should leave TRUST_PROXY off by default and accept addresses, CIDRs and proxy-addr names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8,::1,fd00::/8,loopback');
  });

  it('should send mail as MAIL_FROM, with a development sender only where no SMTP server is used in production', () => {
    expect(loadConfig({}).mailFrom).toBe('Rechtschat <no-reply@rechtschat.local>');
    expect(loadConfig({ MAIL_FROM: ' Kanzlei Muster  <chat@kanzlei-muster.example> ' }).mailFrom).toBe('Kanzlei Muster <chat@kanzlei-muster.example>');
    expect(loadConfig({ MAIL_FROM: 'chat@kanzlei-muster.example' }).mailFrom).toBe('chat@kanzlei-muster.example');
    const production = { NODE_ENV: 'production', SESSION_SECRET: secret, ENTRY_TOKEN_SECRET: secret };
    // Without SMTP the mails go to the outbox folder (a warning at start): the sender is only a placeholder there.
    expect(loadConfig(production).mailFrom).toBe('Rechtschat <no-reply@rechtschat.local>');
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'Kanzlei Muster <chat@kanzlei-muster.example>' }).mailFrom).toBe(
      'Kanzlei Muster <chat@kanzlei-muster.example>',
    );
  });

  it('should read the firm name and imprint address as runtime settings', () => {
    expect(loadConfig({})).toMatchObject({ firmName: 'Rechtschat', imprintUrl: null });
    expect(loadConfig({ FIRM_NAME: '  Kanzlei   Muster & Partner ', IMPRINT_URL: 'https://kanzlei-muster.example/impressum' })).toMatchObject({
      firmName: 'Kanzlei Muster & Partner',
      imprintUrl: 'https://kanzlei-muster.example/impressum',
    });
  });

  it("should read the firm's phone and e-mail as runtime settings, null when unset", () => {
    expect(loadConfig({})).toMatchObject({ firmPhone: null, firmEmail: null });
    expect(loadConfig({ FIRM_PHONE: ' +49 (30)  123 45-67 ', FIRM_EMAIL: ' info@kanzlei-muster.example ' })).toMatchObject({
      firmPhone: '+49 (30) 123 45-67',
      firmEmail: 'info@kanzlei-muster.example',
    });
  });

  it('should treat an empty WEB_ORIGINS like an unset one: the localhost default, marked as default', () => {
    expect(loadConfig({ WEB_ORIGINS: '' })).toMatchObject({ webOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'], webOriginsDefault: true });
    expect(loadConfig({ WEB_ORIGINS: 'https://chat.kanzlei.example' })).toMatchObject({
      webOrigins: ['https://chat.kanzlei.example'],
      webOriginsDefault: false,
    });
  });
});
