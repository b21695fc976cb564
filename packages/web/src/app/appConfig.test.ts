import { describe, expect, it } from 'vitest';
import {
  allowedExternalUrl,
  parseOverrideDomain,
  parseSecondLevelParam,
  readAppConfig,
  readBranding,
  rememberSecondLevelParam,
  SECOND_LEVEL_PARAM_KEY,
} from './appConfig.js';

describe('parseOverrideDomain', () => {
  it('should read override_domain as a lower-case domain name', () => {
    expect(parseOverrideDomain('?override_domain=Partner.Example.de&x=1')).toBe('partner.example.de');
  });

  it('should ignore values that are not a plain domain name', () => {
    expect(
      ['?override_domain=https://evil.test', '?override_domain=a/b', '?override_domain=', '?other=1', '?override_domain=-bad.de'].map(parseOverrideDomain),
    ).toEqual([null, null, null, null, null]);
  });
});

describe('parseSecondLevelParam', () => {
  it('should read a URL-safe secondLevel token and ignore anything else', () => {
    expect(parseSecondLevelParam('?InsuranceNumber=eA&secondLevel=Vertrag_42')).toBe('Vertrag_42');
    for (const bad of ['', '?secondLevel=', '?secondLevel=a/b', '?secondLevel=%3Cscript%3E', `?secondLevel=${'x'.repeat(65)}`])
      expect(parseSecondLevelParam(bad)).toBeNull();
  });
});

describe('rememberSecondLevelParam', () => {
  it('should keep the link parameter for later reloads of the tab and use it when the address no longer has it', () => {
    const values = new Map<string, string>();
    const storage = { get: (k: string) => values.get(k) ?? null, set: (k: string, v: string) => void values.set(k, v) };
    const base = { overrideDomain: null, minekoUrl: null, imprintUrl: null };
    expect(rememberSecondLevelParam({ ...base, secondLevelParam: 'Vertrag_42' }, storage).secondLevelParam).toBe('Vertrag_42');
    expect(values.get(SECOND_LEVEL_PARAM_KEY)).toBe('Vertrag_42');
    expect(rememberSecondLevelParam({ ...base, secondLevelParam: null }, storage).secondLevelParam).toBe('Vertrag_42');
    values.set(SECOND_LEVEL_PARAM_KEY, '<kaputt>');
    expect(rememberSecondLevelParam({ ...base, secondLevelParam: null }, storage).secondLevelParam).toBeNull();
  });
});

describe('allowedExternalUrl', () => {
  const allow = ['partner.example.de'];

  it('should accept an https address whose host is on the allow-list', () => {
    expect(allowedExternalUrl('https://partner.example.de/start?x=1', allow)).toBe('https://partner.example.de/start?x=1');
  });

  it('should refuse other schemes, hosts, credentials and junk', () => {
    const refused = ['javascript:alert(1)', 'https://evil.test/', 'https://user:pw@partner.example.de/', 'ftp://partner.example.de/', 'kein url', undefined];
    expect(refused.map((raw) => allowedExternalUrl(raw, allow))).toEqual(refused.map(() => null));
  });
});

describe('readAppConfig', () => {
  it('should accept no external address without an allow-list', () => {
    expect(readAppConfig('', { VITE_MINEKO_URL: 'https://partner.example.de/' })).toEqual({
      overrideDomain: null,
      secondLevelParam: null,
      minekoUrl: null,
      imprintUrl: null,
      firmName: null,
      firmPhone: null,
      firmEmail: null,
      firmDetails: null,
    });
  });

  it('should combine the query parameter, the allow-listed env address and the runtime branding', () => {
    const config = readAppConfig(
      '?override_domain=kunde.de',
      { VITE_MINEKO_URL: 'https://partner.example.de/', VITE_EXTERNAL_HOST_ALLOWLIST: ' partner.example.de , impressum.example.de' },
      { firmName: 'Kanzlei Muster', imprintUrl: 'https://kanzlei-muster.example/impressum', firmPhone: '030 1234567', firmEmail: 'info@kanzlei.example' },
    );
    expect(config).toEqual({
      overrideDomain: 'kunde.de',
      secondLevelParam: null,
      minekoUrl: 'https://partner.example.de/',
      imprintUrl: 'https://kanzlei-muster.example/impressum',
      firmName: 'Kanzlei Muster',
      firmPhone: '030 1234567',
      firmEmail: 'info@kanzlei.example',
      firmDetails: null,
    });
  });
});

describe('readBranding', () => {
  const page = (island: string | null) => ({ getElementById: (id: string) => (id === 'branding' && island !== null ? { textContent: island } : null) });

  it("should read the firm's name, imprint, phone and e-mail from the island the server writes into index.html", () => {
    expect(readBranding(page('{"FirmName":"Kanzlei Muster \\u003c/script>","ImprintUrl":"https://kanzlei-muster.example/impressum"}'))).toEqual({
      firmName: 'Kanzlei Muster </script>',
      imprintUrl: 'https://kanzlei-muster.example/impressum',
      firmPhone: null,
      firmEmail: null,
      firmDetails: null,
    });
    expect(readBranding(page('{"FirmName":"K","ImprintUrl":null,"FirmPhone":"030 1234567","FirmEmail":"info@kanzlei.example"}'))).toMatchObject({
      firmPhone: '030 1234567',
      firmEmail: 'info@kanzlei.example',
    });
  });

  it("should keep the firm's details as the island carries them, for the legal pages to decode", () => {
    expect(readBranding(page('{"FirmName":"K","ImprintUrl":null,"FirmDetails":{"Name":"K","Street":"Musterstraße 12"}}')).firmDetails).toEqual({
      Name: 'K',
      Street: 'Musterstraße 12',
    });
  });

  it('should treat a missing, malformed or unsafe island as not set', () => {
    const none = { firmName: null, imprintUrl: null, firmPhone: null, firmEmail: null, firmDetails: null };
    for (const island of [
      null,
      '',
      'kein json',
      '{"FirmName":" ","ImprintUrl":"javascript:alert(1)"}',
      '{"FirmName":7,"ImprintUrl":"https://a:b@kanzlei.example/"}',
    ])
      expect(readBranding(page(island)), String(island)).toEqual(none);
  });
});
