// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { of } from 'rxjs';
import { ok } from '@rechtschat/core';
import { AppProviders } from '../app/App.js';
import { AreaErrorBoundary } from '../app/AreaErrorBoundary.js';
import { createAppContainer } from '../app/container.js';
import { createI18n } from '../i18n/i18n.js';
import { fakeChatHostApi, fakeProductApi, memoryStorage, renderApp, testConfig } from '../test/app-test-support.js';
import { CHAT_HOST_SESSION_KEY } from '../chat/pages/enterNewChat.js';
import { MinekoRedirectPage } from './ExternalPages.js';

afterEach(cleanup);

describe('logout', () => {
  it('should log out of the product API, then the chat host, and confirm in German', async () => {
    const order: string[] = [];
    const storage = memoryStorage();
    storage.set(CHAT_HOST_SESSION_KEY, 'u1');
    renderApp('/logout', {
      storage,
      productApi: fakeProductApi({ logout: () => (order.push('product'), of(ok(undefined))) }),
      chatHostApi: fakeChatHostApi({ logout: () => (order.push('chat-host'), of(ok(undefined))) }),
    });
    expect(await screen.findByText('Sie wurden erfolgreich abgemeldet. Ihre Sitzung ist beendet.')).toBeTruthy();
    expect(order).toEqual(['product', 'chat-host']);
    expect(storage.get(CHAT_HOST_SESSION_KEY)).toBeNull();
  });

  it('should end only the chat host session from the callback confirmation and return to /chat', async () => {
    const order: string[] = [];
    renderApp('/chat/rueckruf', {
      productApi: fakeProductApi({ logout: () => (order.push('product'), of(ok(undefined))) }),
      chatHostApi: fakeChatHostApi({ logout: () => (order.push('chat-host'), of(ok(undefined))) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Bitte öffnen Sie den Chat über Ihren persönlichen Link'));
    expect(order).toEqual(['chat-host']);
  });
});

describe('focus management', () => {
  it('should move focus to the main content after client-side navigation', async () => {
    renderApp('/inkasso');
    fireEvent.click(await screen.findByRole('link', { name: 'Mandatsbedingungen' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Mandatsbedingungen'));
    expect(document.activeElement?.id).toBe('inhalt');
  });
});

describe('protocol request', () => {
  it('should send the transcript request for the entered case number and e-mail', async () => {
    const sent: Array<[string, string]> = [];
    renderApp('/protokoll', { productApi: fakeProductApi({ sendProtocol: (caseId, email) => (sent.push([caseId, email]), of(ok(undefined))) }) });
    fireEvent.change(await screen.findByLabelText(/Fallnummer/), { target: { value: 'F-17' } });
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: ' max@example.de ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll senden' }));
    expect(await screen.findByText('Vielen Dank. Das Protokoll wird an max@example.de gesendet.')).toBeTruthy();
    expect(sent).toEqual([['F-17', 'max@example.de']]);
  });

  it('should refuse an invalid e-mail address without calling the server', async () => {
    const send = vi.fn(() => of(ok(undefined)));
    renderApp('/protokoll', { productApi: fakeProductApi({ sendProtocol: send }) });
    fireEvent.change(await screen.findByLabelText(/Fallnummer/), { target: { value: 'F-17' } });
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'max@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll senden' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});

function renderWithContainer(ui: React.ReactElement, config = testConfig) {
  const i18n = createI18n();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const container = createAppContainer({ config, i18n, overrides: { logger } });
  render(<AppProviders container={container} i18n={i18n}>{ui}</AppProviders>);
  return { logger };
}

describe('area error boundary', () => {
  it('should show the German fallback and report the error', () => {
    const Broken = () => {
      throw new Error('kaputt');
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { logger } = renderWithContainer(
      <AreaErrorBoundary area="chat">
        <Broken />
      </AreaErrorBoundary>,
    );
    consoleError.mockRestore();
    expect(screen.getByText('Dieser Bereich konnte nicht angezeigt werden')).toBeTruthy();
    expect(logger.error).toHaveBeenCalledWith('Fehler', expect.objectContaining({ error: expect.any(Error), context: expect.objectContaining({ area: 'chat' }) }));
  });
});

describe('external/mineko', () => {
  it('should forward to the allow-listed partner address', async () => {
    const assign = vi.fn();
    renderWithContainer(<MinekoRedirectPage assign={assign} />, { ...testConfig, minekoUrl: 'https://partner.example.de/' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example.de/'));
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
