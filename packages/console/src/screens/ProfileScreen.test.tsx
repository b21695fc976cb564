// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { me } from '../testSupport/fakes.js';
import { ProfileScreen } from './ProfileScreen.js';
import { nestedLiveRegions } from '../testSupport/liveRegions.js';

afterEach(cleanup);

function setUp(error: string | null = null) {
  const onSave = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <ProfileScreen profile={me} status="idle" error={error} onSave={onSave} onPhoto={() => undefined} onRemovePhoto={() => undefined} />
    </I18nextProvider>,
  );
  return onSave;
}

describe('ProfileScreen: own phone number', () => {
  it('should show the stored number and send a changed one with name and gender', () => {
    const onSave = setUp();
    const phone = screen.getByLabelText('Ihre Telefonnummer') as HTMLInputElement;
    expect(phone.value).toBe('+49 30 1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(onSave).toHaveBeenLastCalledWith('Dr. Anna Berger', 'female');
    fireEvent.change(phone, { target: { value: '+49 170 5550123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(onSave).toHaveBeenLastCalledWith('Dr. Anna Berger', 'female', '+49 170 5550123');
  });

  it('should show a refused number beside the field', () => {
    setUp('Profile.PhoneInvalid');
    const phone = screen.getByLabelText('Ihre Telefonnummer');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567.')).toBeTruthy();
  });
});

describe('ProfileScreen: the keyboard focus after saving', () => {
  function renderSaving() {
    const i18n = createI18n();
    const view = (status: 'idle' | 'saving' | 'saved', error: string | null = null) => (
      <I18nextProvider i18n={i18n}>
        <ProfileScreen profile={me} status={status} error={error} onSave={() => undefined} onPhoto={() => undefined} onRemovePhoto={() => undefined} />
      </I18nextProvider>
    );
    const { rerender } = render(view('idle'));
    const save = screen.getByRole('button', { name: 'Profil speichern' });
    save.focus();
    rerender(view('saving'));
    // The browser drops the focus of a button that becomes disabled to the page's start.
    save.blur();
    expect(document.activeElement).toBe(document.body);
    return { rerender: (status: 'idle' | 'saved', error: string | null = null) => rerender(view(status, error)), save };
  }

  it('should put the focus into the refused field, to correct it', () => {
    const { rerender } = renderSaving();
    rerender('idle', 'Profile.PhoneInvalid');
    expect(document.activeElement).toBe(screen.getByLabelText('Ihre Telefonnummer'));
  });

  it('should put the focus into the name when the name was refused', () => {
    const { rerender } = renderSaving();
    rerender('idle', 'Profile.NameInvalid');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Name/ }));
  });

  it('should read „saved“ out once and politely: the notice is no alert inside the polite region', () => {
    const { rerender } = renderSaving();
    rerender('saved');
    expect(screen.getByText(/gespeichert/)).toBeTruthy();
    expect(nestedLiveRegions()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should give the focus back to „Profil speichern“ once saved', () => {
    const { rerender, save } = renderSaving();
    rerender('saved');
    expect(document.activeElement).toBe(save);
  });
});
