// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { me } from '../testSupport/fakes.js';
import { FileChooserButton } from './FileChooserButton.js';
import { ProfileScreen } from './ProfileScreen.js';

afterEach(cleanup);

describe('FileChooserButton: a file chosen by keyboard', () => {
  it('should be a real button (Enter and Space work as on every button) that opens the hidden file input', () => {
    const onFile = vi.fn();
    const { container } = render(<FileChooserButton onFile={onFile}>Datei an die ratsuchende Person senden</FileChooserButton>);
    const button = screen.getByRole('button', { name: 'Datei an die ratsuchende Person senden' });
    // A <label role="button"> opened the chooser on Space only; the browser turns Enter into a click on a <button>.
    expect(button.tagName).toBe('BUTTON');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    const file = new File(['%PDF'], 'merkblatt.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('should offer the profile photo through a real button too', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ProfileScreen profile={me} status="idle" error={null} onSave={() => undefined} onPhoto={() => undefined} onRemovePhoto={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: /Foto/ }).tagName).toBe('BUTTON');
  });
});
