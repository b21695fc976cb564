// @vitest-environment jsdom
// Wiederherstellungscodes: shown once, copied or downloaded as text, and closed only after the lawyer
// confirms they are saved.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.js';

afterEach(cleanup);

const codes = ['ABCDE-FGHJK', 'LMNPQ-RSTUV', 'WXYZ2-34567'];

function show(copyText: (text: string) => Promise<void> = async () => undefined) {
  const onDone = vi.fn();
  const download = vi.fn<(fileName: string, text: string) => void>();
  render(
    <I18nextProvider i18n={createI18n()}>
      <RecoveryCodesDialog codes={codes} email="anna@example.org" onDone={onDone} copyText={copyText} download={download} />
    </I18nextProvider>,
  );
  return { onDone, download, dialog: screen.getByRole('dialog', { name: 'Wiederherstellungscodes' }) };
}

describe('RecoveryCodesDialog', () => {
  it('should list the codes and close only after the lawyer confirms they are saved', async () => {
    const { onDone, dialog } = show();
    expect(within(dialog).getByRole('list', { name: 'Ihre zehn Wiederherstellungscodes' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    const done = within(dialog).getByRole('button', { name: 'Fertig' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ich habe die Wiederherstellungscodes sicher gespeichert.' }));
    fireEvent.click(done);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('should copy all codes, one per line, and announce it', async () => {
    const copyText = vi.fn(async (_text: string) => undefined);
    const { dialog } = show(copyText);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    expect(copyText).toHaveBeenCalledWith('ABCDE-FGHJK\nLMNPQ-RSTUV\nWXYZ2-34567');
    const copied = await within(dialog).findByText('Die Codes sind in der Zwischenablage.');
    expect(copied.closest('[aria-live="polite"]')).toBeTruthy();
  });

  it('should say so when the clipboard refuses', async () => {
    const { dialog } = show(async () => Promise.reject(new Error('denied')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(within(dialog).getByText(/Das Kopieren hat nicht geklappt/)).toBeTruthy());
  });

  it('should download the codes as a text file that names the account', () => {
    const { dialog, download } = show();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Als Textdatei herunterladen' }));
    expect(download).toHaveBeenCalledTimes(1);
    const [fileName, text] = download.mock.calls[0]!;
    expect(fileName).toBe('rechtschat-wiederherstellungscodes.txt');
    expect(text).toContain('anna@example.org');
    expect(text.trim().split('\n').slice(-3)).toEqual(codes);
  });
});
