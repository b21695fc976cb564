// @vitest-environment jsdom
// File links in the console: fetched with the session and saved, or a German message beside the link.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../ConsoleApp.js';
import { createI18n } from '../i18n/i18n.js';
import { DownloadLink } from './DownloadLink.js';

afterEach(cleanup);

const URL_OF_FILE = 'http://chat.example/api/chat/file/f-1';

function show(fetcher: FetchLike, save = vi.fn()) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <DownloadLink href={URL_OF_FILE} fileName="foto.png" label="Datei: foto.png" ariaLabel="foto.png herunterladen" fetcher={fetcher} save={save} />
    </I18nextProvider>,
  );
  return { save, link: screen.getByRole('link', { name: 'foto.png herunterladen' }) };
}

describe('DownloadLink', () => {
  it('should fetch the file with the session and save it under its name', async () => {
    const fetcher = vi.fn<FetchLike>(async () => new Response('PNG', { status: 200 }));
    const { save, link } = show(fetcher);
    fireEvent.click(link);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(fetcher).toHaveBeenCalledWith(URL_OF_FILE, { credentials: 'include' });
    expect(save.mock.calls[0]?.[1]).toBe('foto.png');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should say in German that a revoked or deleted file is not available, instead of opening the server answer', async () => {
    const fetcher: FetchLike = async () => new Response(JSON.stringify({ Error: 'NotFound', Message: 'Die Datei wurde nicht gefunden.' }), { status: 404 });
    const { save, link } = show(fetcher);
    // The click is handled here: the browser does not follow the link.
    expect(fireEvent.click(link)).toBe(false);
    expect((await screen.findByRole('alert')).textContent).toContain('Diese Datei ist nicht (mehr) verfügbar.');
    expect(save).not.toHaveBeenCalled();
  });

  it('should tell an ended session and a network failure apart', async () => {
    const { link } = show(async () => new Response('', { status: 401 }));
    fireEvent.click(link);
    expect((await screen.findByRole('alert')).textContent).toContain('Ihre Sitzung ist abgelaufen.');
    cleanup();
    const failing = show(async () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(failing.link);
    expect((await screen.findByRole('alert')).textContent).toContain('Die Datei konnte nicht geladen werden.');
  });
});
