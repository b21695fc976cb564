import { describe, expect, it, vi } from 'vitest';
import { of } from 'rxjs';
import { DeferredErrorReporter } from '@rechtschat/adapters';
import { err, networkError } from '@rechtschat/core';
import { fakeProductApi } from '../testSupport/app.js';
import { CONFIG_LOAD_FAILED, loadPublicSettings, startErrorReporting } from './startup.js';

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('start-up', () => {
  it('should return the public settings when the server answers', async () => {
    const settings = await loadPublicSettings(fakeProductApi(), logger());
    expect(settings?.VersionTag).toBe('test');
  });

  it('should log "Konfiguration konnte nicht geladen werden" when the settings cannot be read', async () => {
    const log = logger();
    const settings = await loadPublicSettings(fakeProductApi({ getPublicSettings: () => of(err(networkError('offline'))) }), log);
    expect(settings).toBeNull();
    expect(log.error).toHaveBeenCalledWith(CONFIG_LOAD_FAILED, { _tag: 'NetworkError', message: 'offline' });
    expect(CONFIG_LOAD_FAILED).toBe('Konfiguration konnte nicht geladen werden');
  });

  it('should not load error reporting without a DSN', async () => {
    const log = logger();
    const reporter = new DeferredErrorReporter(log);
    const attach = vi.spyOn(reporter, 'attach');
    await startErrorReporting(
      { SentryDsn: ' ', SentryProject: '', VersionTag: 'v', Environment: 'e', FirmName: 'Rechtschat', ImprintUrl: null },
      reporter,
      log,
    );
    expect(attach).not.toHaveBeenCalled();
  });
});
