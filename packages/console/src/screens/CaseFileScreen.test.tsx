// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseFileDraftState } from '@rechtschat/core';
import { createI18n } from '../i18n/i18n.js';
import { CaseFileScreen } from './CaseFileScreen.js';

afterEach(cleanup);

const created: CaseFileDraftState = {
  busy: false,
  errors: {},
  created: { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Url: 'https://kanzlei.example/digitale-fallakte/abc123', Token: 'abc123', Pin: '5678' },
  prefill: null,
  values: null,
};

function setUp(copyText: (text: string) => Promise<void>) {
  const onHandedOver = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <CaseFileScreen state={created} onCreate={() => undefined} onDiscardPrefill={() => undefined} onHandedOver={onHandedOver} copyText={copyText} />
    </I18nextProvider>,
  );
  return onHandedOver;
}

describe('CaseFileScreen: link and PIN of a new case file', () => {
  it('should copy link and PIN each on its own by button and say so, before the lawyer confirms the hand-over', async () => {
    const copyText = vi.fn(() => Promise.resolve());
    const onHandedOver = setUp(copyText);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' })));
    expect(copyText).toHaveBeenLastCalledWith('https://kanzlei.example/digitale-fallakte/abc123');
    expect(screen.getByRole('status').textContent).toBe('Der Link ist in der Zwischenablage.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'PIN kopieren' })));
    expect(copyText).toHaveBeenLastCalledWith('5678');
    expect(screen.getByRole('status').textContent).toBe('Die PIN ist in der Zwischenablage.');
    expect(onHandedOver).not.toHaveBeenCalled();
  });

  it('should say when the browser refused to copy', async () => {
    setUp(() => Promise.reject(new Error('denied')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' })));
    expect(screen.getByRole('status').textContent).toBe('Das Kopieren hat nicht geklappt. Bitte markieren Sie den Text und kopieren Sie ihn selbst.');
  });
});

describe('CaseFileScreen: the form', () => {
  it('should keep the phone number’s label short and say under the field that its last four digits are the PIN', () => {
    const empty: CaseFileDraftState = { busy: false, errors: {}, created: null, prefill: null, values: null };
    render(
      <I18nextProvider i18n={createI18n()}>
        <CaseFileScreen state={empty} onCreate={() => undefined} onDiscardPrefill={() => undefined} onHandedOver={() => undefined} />
      </I18nextProvider>,
    );
    // A floating label is one line: the hint would be cut („… sind die PI…“) inside it.
    const phone = screen.getByRole('textbox', { name: /^Telefonnummer/ });
    expect(screen.getByText('Die letzten vier Ziffern sind die PIN der Fallakte.').id).toBe(phone.getAttribute('aria-describedby'));
  });
});
