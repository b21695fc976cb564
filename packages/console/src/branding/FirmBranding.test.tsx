// @vitest-environment jsdom
// The console header names the firm and links its imprint from the runtime public settings of the web origin.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, type Route, focusedWindow, noPreferences } from '../testSupport/fakes.js';

afterEach(cleanup);

function renderConsole(settings: Route) {
  const { fetcher } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: CHAT },
    [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null },
    [`GET ${CHAT}api/lawyer/me`]: { status: 401, body: { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' } },
    [`GET ${WEB}/api/dl/public-settings`]: settings,
  });
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => fakeConnection().connection} preferences={noPreferences} window={focusedWindow} />);
  return screen.getByRole('banner');
}

const settings = (firmName: string, imprintUrl: string | null): Route => ({
  status: 200,
  body: { SentryDsn: '', SentryProject: '', VersionTag: 't', Environment: 'test', FirmName: firmName, ImprintUrl: imprintUrl },
});

describe('firm branding in the console header', () => {
  it("should show the firm's name and link its imprint in a new tab", async () => {
    const header = renderConsole(settings('Kanzlei Muster & Partner', 'https://kanzlei-muster.example/impressum'));
    expect(await within(header).findByText('Kanzlei Muster & Partner')).toBeTruthy();
    const link = within(header).getByRole('link', { name: 'Impressum der Kanzlei' });
    expect(link.getAttribute('href')).toBe('https://kanzlei-muster.example/impressum');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('should show the name without a link when no imprint is configured', async () => {
    const header = renderConsole(settings('Rechtschat', null));
    expect(await within(header).findByText('Rechtschat')).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Impressum der Kanzlei' })).toBeNull();
  });

  it('should keep the header usable when the settings cannot be read', async () => {
    const header = renderConsole({ status: 500, body: { Error: 'Internal', Message: 'x' } });
    expect(await within(header).findByRole('heading', { name: 'Anwaltskonsole' })).toBeTruthy();
    expect(within(header).queryByTestId('firm-name')).toBeNull();
  });
});
